/**
 * The import routes of every entity declaring `importKeys` (docs/decisions.md §27), through
 * the one CRUD route builder, in their own context with the multipart parser:
 *
 *   POST /api<path>/import/          multipart `file` + `options` JSON → 202 {job}
 *   GET  /api<path>/import/mapping/  the columns and keys a file may use, and the caller's last mapping
 *
 * The guard lets through whoever may add or change the entity's rows; the import then
 * requires what its mode asks (create: add, update: change, upsert: both, else 403).
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { cellColumns } from '../../../entities/cells.js';
import { fieldError } from '../../errors.js';
import { requireActions, signedIn } from '../../guards.js';
import { crudRoutes, entityCollection, operation } from '../../routes/crud.js';
import { nothing, objectOf } from '../../schemas.js';
import { findJob, insertJob } from '../../services/jobs/store.js';
import { discardStaged, type ReceivedForm, receiveForm, tooLarge } from '../../services/media/upload.js';
import type { EngineContext } from '../context.js';
import type { Registry } from '../registry.js';
import { IMPORT } from './job.js';
import { keyColumns, MODE_ACTIONS, parseImportOptions, planImport, sweepImportFiles } from './plan.js';
import { importsDir } from './rowsFile.js';
import { liveImportFiles, savedMapping, saveMapping } from './store.js';

export interface ImportRoutesOptions {
  registry: Registry;
  context(req: FastifyRequest): Promise<EngineContext>;
}

const noQuery = objectOf({});
/** A rows file older than this with no live job is an import that ended (or never became a job). */
const STALE_MS = 3600_000;

const importRoutes: FastifyPluginAsync<ImportRoutesOptions> = async (app, opts) => {
  const { stagingDir, maxUploadBytes } = app.config.media;
  const dir = importsDir(app.config.dataDir);
  await app.register(multipart, { limits: { fileSize: maxUploadBytes }, throwFileSizeLimit: true });

  for (const entity of opts.registry.entities) {
    if (!entity.importKeys) continue;
    crudRoutes<EngineContext>(app, {
      ...entityCollection(entity),
      open: (req) => opts.context(req),
      routes: [
        {
          methods: ['POST'],
          path: '/import',
          action: ['add', 'change'],
          op: operation({ querystring: noQuery, body: nothing }, async (ctx: EngineContext, req, reply: FastifyReply) => {
            const { user } = signedIn(req);
            const owner = { tenantId: ctx.site.id, userId: user.id };
            let form: ReceivedForm | undefined;
            try {
              const declared = Number(req.headers['content-length']);
              if (Number.isFinite(declared) && declared > maxUploadBytes + 1024 * 1024) throw tooLarge(maxUploadBytes);
              form = await receiveForm(req, { stagingDir, maxBytes: maxUploadBytes, dataField: 'options' });
              const options = parseImportOptions(form.data ?? {});
              requireActions(req, entity.model, MODE_ACTIONS[options.mode]);
              if (!form.file) throw fieldError('file', 'fileMissing');
              await sweepImportFiles(dir, await liveImportFiles(app.db), STALE_MS);
              const plan = await planImport(ctx, entity, form.file.path, dir, options, ctx.actor!);
              const id = await insertJob(app.db, { ...owner, kind: IMPORT, payload: plan.payload, total: plan.total });
              await saveMapping(app.db, owner, entity.name, plan.mapping, { mode: options.mode, key: plan.payload.key });
              app.jobs.nudge();
              return reply.code(202).send({ job: await findJob(app.db, owner, id) });
            } catch (error) {
              if (!req.raw.readableEnded) reply.header('connection', 'close');
              throw error;
            } finally {
              await discardStaged(form?.file);
            }
          }),
        },
        {
          methods: ['GET'],
          path: '/import/mapping',
          action: ['add', 'change'],
          op: operation({ querystring: noQuery }, async (ctx: EngineContext, req) => {
            const { user } = signedIn(req);
            const columns = cellColumns(entity, ctx.site.languages);
            return {
              columns: columns.map((c) => c.header),
              keys: keyColumns(entity, columns),
              saved: await savedMapping(app.db, { tenantId: ctx.site.id, userId: user.id }, entity.name),
            };
          }),
        },
      ],
    });
  }
};

export default importRoutes;
