/**
 * The user's jobs (issue 17 §4–5), through the one CRUD route builder:
 *
 *   GET  /api/jobs/                the signed-in user's jobs on this site, newest first, paged
 *   GET  /api/jobs/:id/            {id, kind, status, done, total, errors, …, report_url?}
 *   POST /api/jobs/:id/cancel/     a queued or running job stops (409 once it has ended)
 *   GET  /api/jobs/:id/report/     its problems as CSV
 *   GET  /api/jobs/:id/rows/       an import's outcome per row (?after=<line>&items=&outcome=), in line order
 *
 * Any signed-in user of the site (`auth`): what they reach is their own jobs there, so
 * another user's job, or one of another site, is not found.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { withAccess } from '../access.js';
import { HttpError, notFound } from '../errors.js';
import { signedIn } from '../guards.js';
import { capped } from '../list/counted.js';
import { paginate } from '../list/paginate.js';
import { nothing, objectOf } from '../schemas.js';
import { reportCsv } from '../services/jobs/report.js';
import { cancelJob, countJobs, findJob, jobProblems, listJobs, type Owner } from '../services/jobs/store.js';
import { crudRoutes, operation } from './crud.js';
import { OUTCOMES, rowOutcomes } from '../entities/import/store.js';

const AUTH = withAccess({ kind: 'auth' });
const listQuery = objectOf({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  items: z.coerce.number().int().min(1).max(100).default(10),
});
const noQuery = objectOf({});
const rowsQuery = objectOf({
  after: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
  items: z.coerce.number().int().min(1).max(1000).default(100),
  outcome: z.enum(OUTCOMES).optional(),
});

interface Jobs {
  owner: Owner;
}

const ownerOf = (req: FastifyRequest): Owner => {
  const { site, user } = signedIn(req);
  return { tenantId: site.id, userId: user.id };
};

const jobRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;
  crudRoutes<Jobs>(app, {
    bases: ['/api/jobs'],
    slash: true,
    access: () => AUTH,
    etag: false,
    versions: { update: () => undefined },
    open: async (req) => ({ owner: ownerOf(req) }),
    list: operation({ querystring: listQuery }, async ({ owner }, req) => {
      const paginator = paginate(capped(await countJobs(db, owner)), { page: req.query.page, size: req.query.items });
      return { items: await listJobs(db, owner, paginator.page, paginator.page_size), paginator };
    }),
    read: operation({ querystring: noQuery }, ({ owner }, _req, id) => findJob(db, owner, id)),
    routes: [
      {
        methods: ['POST'],
        path: '/cancel',
        action: 'change',
        row: true,
        op: operation({ querystring: noQuery, body: nothing }, async ({ owner }, _req, id) => {
          const cancelled = await cancelJob(db, owner, id);
          const job = await findJob(db, owner, id);
          if (!job) throw notFound();
          if (!cancelled) throw new HttpError(409, { detail: `This job has ended (${job.status}): there is nothing to cancel.`, job });
          return job;
        }),
      },
      {
        methods: ['GET'],
        path: '/rows',
        action: 'view',
        row: true,
        op: operation({ querystring: rowsQuery }, async ({ owner }, req, id) => {
          if (!(await findJob(db, owner, id))) throw notFound();
          const { after, items, outcome } = req.query;
          const rows = await rowOutcomes(db, id, { after, size: items, outcome });
          return { items: rows, next: rows.length === items ? rows[rows.length - 1]!.line : null };
        }),
      },
      {
        methods: ['GET'],
        path: '/report',
        action: 'view',
        row: true,
        op: operation({ querystring: noQuery }, async ({ owner }, _req, id, reply) => {
          const job = await findJob(db, owner, id);
          if (!job) throw notFound();
          return reply
            .header('content-type', 'text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="job-${id}-errors.csv"`)
            .send(reportCsv(await jobProblems(db, id)));
        }),
      },
    ],
  });
};

export default jobRoutes;
