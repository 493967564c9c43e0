/**
 * Accounts (docs/decisions.md §4, issue 6), served by the one route builder (crud.ts) with
 * the account rules plugged in:
 *
 *   /api/users/        (model user) on every site: that site's accounts
 *   /api/tenantUsers/  (model tenantuser) only on the master site (404 on a dealer's)
 *
 * Which rows a request sees is server/users/roster.ts, what it may write (passwords,
 * anti-escalation, account takeover) server/users/changes.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { EntityDef } from '../../entities/define.js';
import { tenantUser } from '../../entities/tenantUser.js';
import { user } from '../../entities/user.js';
import { parseListQuery } from '../entities/list/query.js';
import { fieldErrors } from '../errors.js';
import { entityBody, nothing, rawQuery } from '../schemas.js';
import { createAccount, deleteAccounts, updateAccount } from '../users/changes.js';
import { listAccounts } from '../users/list.js';
import { loadAccount, presentAccount } from '../users/records.js';
import { openRoster, type Roster } from '../users/roster.js';
import { bulkDeleteInput, crudRoutes, entityCollection, operation } from './crud.js';

const write = { querystring: rawQuery, body: entityBody };

const users: FastifyPluginAsync = async (app) => {
  const accounts = (entity: EntityDef) =>
    crudRoutes<Roster>(app, {
      ...entityCollection(entity),
      open: (req) => openRoster(req, entity),
      list: operation({ querystring: rawQuery }, async (roster, req) => {
        const { query, errors } = parseListQuery(roster.entity, req.query);
        if (Object.keys(errors).length) throw fieldErrors(errors);
        return listAccounts(app.db, roster, query);
      }),
      read: operation({ querystring: rawQuery }, async (roster, _req, id) => {
        const row = await loadAccount(app.db, roster, id);
        return row && presentAccount(app.db, roster, row);
      }),
      create: operation(write, (roster, req) => createAccount(app.db, roster, req.body)),
      update: operation(write, (roster, req, id, { partial, version }) =>
        updateAccount(app.db, roster, id, req.body, {
          partial,
          version,
          sessionToken: req.sessionToken()?.token,
          guess: () => app.loginThrottle.attempt(roster.actor.username, req.ip),
        }),
      ),
      remove: operation({ querystring: rawQuery, body: nothing }, async (roster, _req, id, version) => {
        const { deleted } = await deleteAccounts(app.db, roster, [id], version);
        return deleted.length > 0;
      }),
      removeMany: operation(bulkDeleteInput, (roster, req) => deleteAccounts(app.db, roster, req.body.ids)),
    });
  accounts(user);
  accounts(tenantUser);
};
export default users;
