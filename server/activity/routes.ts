/**
 * GET /api/activity/?user=&model=&action=&from=&to=&items=&before= — the activity log,
 * read-only (no route writes or deletes an entry). Any signed-in user reads the entries its
 * scope reaches: on a dealer site that site's, on the master site a market administrator
 * its market's and staff every site's (scope.ts); the addresses only the platform's own
 * people (present.ts readsAddresses).
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { normalizeDatetime } from '../../entities/formats.js';
import { withAccess } from '../access.js';
import { signedIn } from '../guards.js';
import type { ZodProvider } from '../schemas.js';
import { code } from '../zodProblems.js';
import { listActivity } from './list.js';
import { keysetQuery } from './paging.js';
import { pageForReader } from './present.js';
import { activityScope } from './scope.js';

const once = { error: code('once') };
const name = z.string(once).regex(/^[A-Za-z_]{1,64}$/, code('pattern'));
/** A date (`2026-11-26`: its midnight UTC) or a date-time with its zone. */
const instant = z
  .string(once)
  .transform((v, ctx) => {
    const iso = normalizeDatetime(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T00:00:00Z` : v);
    if (iso === undefined) ctx.addIssue({ code: 'custom', message: code('datetime') });
    return iso ?? '';
  })
  .optional();

const activityQuery = z.object({
  ...keysetQuery,
  user: keysetQuery.before,
  model: name.optional(),
  action: name.optional(),
  from: instant,
  to: instant,
});

const activity: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodProvider>();
  app.get('/api/activity/', { ...withAccess({ kind: 'auth' }), schema: { querystring: activityQuery } }, async (req) => {
    const { site, user } = signedIn(req);
    return pageForReader(user, await listActivity(app.db, activityScope(site, user), req.query));
  });
};
export default activity;
