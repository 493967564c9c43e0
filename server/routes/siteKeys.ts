/**
 * A dealer site's API keys (issue 15), served by the one route builder (crud.ts) on the
 * master site to whoever may change the site (`change_tenant`; a market administrator only
 * within its market, services/siteKeys.ts):
 *
 *   GET    /api/siteKeys/?tenant=<id>         the site's keys, newest first: { items }
 *   POST   /api/siteKeys/ {tenant, name}      201, the key with `key`: the only time it is shown
 *   DELETE /api/siteKeys/<id>/                204: revoked (kept in the list, refused at once)
 *
 * A resource of its own, as dealer users are (`/api/tenantUsers/`), rather than under
 * `/api/tenants/<id>/`: one id per URL, like every other route of the API.
 */
import type { FastifyPluginAsync } from 'fastify';
import { withAccess } from '../access.js';
import { actorOf } from '../activity/actor.js';
import { HttpError, notFound } from '../errors.js';
import { signedIn } from '../guards.js';
import { nothing, objectOf, rawQuery, requiredText } from '../schemas.js';
import { pk } from '../services/media/http.js';
import type { Principal } from '../services/principal.js';
import { listSiteKeys, makeSiteKey, manageableSite, MAX_KEYS_PER_SITE, revokeSiteKey } from '../services/siteKeys.js';
import { crudRoutes, operation } from './crud.js';

const listQuery = objectOf({ tenant: pk });
const makeBody = objectOf({ tenant: pk, name: requiredText(100) });
const MANAGE = withAccess({ kind: 'permission', model: 'tenant', action: 'change', scope: 'master' });

const siteKeys: FastifyPluginAsync = async (app) => {
  const site = async (tenant: number, user: Principal) => {
    const id = await manageableSite(app.db, tenant, user);
    if (id === undefined) throw notFound('No such dealer site.');
    return id;
  };

  crudRoutes<Principal>(app, {
    bases: ['/api/siteKeys'],
    slash: true,
    access: () => MANAGE,
    etag: false,
    versions: { update: () => undefined },
    open: async (req) => signedIn(req).user,
    list: operation({ querystring: listQuery }, async (user, req) => ({ items: await listSiteKeys(app.db, await site(req.query.tenant, user)) })),
    create: operation({ querystring: rawQuery, body: makeBody }, async (user, req) => {
      const made = await makeSiteKey(app.db, await site(req.body.tenant, user), req.body.name, user, actorOf(req, user));
      if ('full' in made) throw new HttpError(409, { detail: `A site holds at most ${MAX_KEYS_PER_SITE} keys.` });
      return made.key;
    }),
    remove: operation({ querystring: rawQuery, body: nothing }, async (user, _req, id) => {
      const revoked = await revokeSiteKey(app.db, id, user);
      // This process's own memory of the key; the change feed tells the other instances.
      if (revoked) app.siteKeyCache?.forget();
      return revoked;
    }),
  });
};
export default siteKeys;
