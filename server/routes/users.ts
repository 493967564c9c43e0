/**
 * Accounts (docs/decisions.md §4, issue 6), with the engine's conventions:
 *
 *   GET    /api/users/  /api/tenantUsers/                list   ?page&items&sort&search&fltr
 *   POST   /api/users/  /api/tenantUsers/                create 201
 *   POST   /api/users/bulk_delete/  …                    {ids} → {deleted, not_found}
 *   GET    /api/users/<id>/  /api/tenantUsers/<id>/      read   + ETag
 *   PUT|PATCH …/<id>/                                    update (version in body or If-Match; 409 stale)
 *   DELETE …/<id>/                                       204
 *
 * `users` (model user) exists on every site and lists that site's accounts;
 * `tenantUsers` (model tenantuser) only on the master site (404 on a dealer's). Which rows
 * a request sees is server/users/roster.ts, what it may write server/users/changes.ts.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { EntityDef } from '../../entities/define.js';
import { tenantUser } from '../../entities/tenantUser.js';
import { user } from '../../entities/user.js';
import type { Action } from '../../entities/permissions.js';
import type { Access } from '../access.js';
import { parseListQuery, type RawQuery } from '../entities/list/query.js';
import { bulkIdsOf, parseId, parseVersion, versionOf } from '../entities/routes.js';
import { MESSAGES } from '../../entities/validate.js';
import { fieldErrors, notFound } from '../errors.js';
import { createAccount, deleteAccounts, updateAccount } from '../users/changes.js';
import { listAccounts, loadAccount, presentAccount } from '../users/records.js';
import { openRoster } from '../users/roster.js';

function idOf(req: FastifyRequest) {
  const id = parseId((req.params as { id?: string }).id);
  if (id === undefined) throw notFound();
  return id;
}

const accountRoutes = (entity: EntityDef): FastifyPluginAsync =>
  async (app) => {
    const base = `/api${entity.path}`;
    const access = (action: Action): { config: { access: Access } } => ({
      config: { access: { kind: 'permission', model: entity.model, action, scope: entity.scope } },
    });

    app.get(`${base}/`, access('view'), async (req) => {
      const roster = await openRoster(req, entity, 'view');
      const { query, errors } = parseListQuery(roster.entity, req.query as RawQuery);
      if (Object.keys(errors).length) throw fieldErrors(errors);
      return listAccounts(app.db, roster, query);
    });

    app.post(`${base}/`, access('add'), async (req, reply) => {
      const roster = await openRoster(req, entity, 'add');
      const row = await createAccount(app.db, roster, req.body);
      return reply.code(201).header('etag', `"${row.version}"`).send(row);
    });

    app.post(`${base}/bulk_delete/`, access('delete'), async (req) => {
      const roster = await openRoster(req, entity, 'delete');
      return deleteAccounts(app.db, roster, bulkIdsOf(req.body));
    });

    app.get(`${base}/:id/`, access('view'), async (req, reply) => {
      const roster = await openRoster(req, entity, 'view');
      const row = await loadAccount(app.db, roster, idOf(req));
      if (!row) throw notFound();
      const out = await presentAccount(app.db, roster, row);
      return reply.header('etag', `"${out.version}"`).send(out);
    });

    const update = (partial: boolean) => async (req: FastifyRequest, reply: FastifyReply) => {
      const roster = await openRoster(req, entity, 'change');
      const row = await updateAccount(app.db, roster, idOf(req), req.body, {
        partial,
        version: () => versionOf(req),
        sessionToken: req.sessionToken()?.token,
        guess: () => app.loginThrottle.attempt(roster.actor.username, req.ip),
      });
      return reply.header('etag', `"${row.version}"`).send(row);
    };
    app.put(`${base}/:id/`, access('change'), update(false));
    app.patch(`${base}/:id/`, access('change'), update(true));

    app.delete(`${base}/:id/`, access('delete'), async (req, reply) => {
      const roster = await openRoster(req, entity, 'delete');
      const id = idOf(req);
      const version = parseVersion(req.headers['if-match']);
      if (version === null) throw fieldErrors({ version: [MESSAGES.integer] });
      const { deleted } = await deleteAccounts(app.db, roster, [id], version);
      if (!deleted.length) throw notFound();
      return reply.code(204).send();
    });
  };

const users: FastifyPluginAsync = async (app) => {
  await app.register(accountRoutes(user));
  await app.register(accountRoutes(tenantUser));
};
export default users;
