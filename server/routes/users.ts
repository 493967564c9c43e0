/**
 * Accounts (docs/decisions.md §4, issue 6), served by the one route builder (crud.ts) with
 * the account rules plugged in:
 *
 *   /api/users/        (model user) on every site: that site's accounts
 *   /api/tenantUsers/  (model tenantuser) only on the master site (404 on a dealer's)
 *
 * with the entities' export (`/export/`, every list) and import (`/import/`, `/import/mapping/`,
 * the dealer users' lists only: docs/decisions.md §33).
 *
 * Which rows a request sees is server/users/roster.ts, what it may write (passwords,
 * anti-escalation, account takeover) server/users/changes.ts.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { EntityDef } from '../../entities/define.js';
import { tenantUser } from '../../entities/tenantUser.js';
import { user } from '../../entities/user.js';
import { exportParams, selectedIds } from '../entities/export/exportList.js';
import { type ImportShape, keyColumns } from '../entities/import/plan.js';
import { importRoutesOf, registerImportParser } from '../entities/import/routes.js';
import { withAccess } from '../access.js';
import { parseListQuery } from '../entities/list/query.js';
import { fieldErrors } from '../errors.js';
import { entityBody, nothing, rawQuery } from '../schemas.js';
import { createAccount, deleteAccounts, updateAccount } from '../users/changes.js';
import { exportAccounts } from '../users/export.js';
import { accountsImport } from '../users/importTarget.js';
import { listAccounts } from '../users/list.js';
import { loadAccount, presentAccount } from '../users/records.js';
import { openRoster, type Roster } from '../users/roster.js';
import { importColumns } from '../users/sheet.js';
import { bulkDeleteInput, crudRoutes, entityCollection, operation } from './crud.js';

const write = { querystring: rawQuery, body: entityBody };
/** An export takes the list's query, its format and the selected ids. */
const exportQuery = z.object(exportParams).catchall(z.union([z.string(), z.array(z.string())]));

/** An accounts file's columns and keys (server/users/sheet.ts). */
function importShape(roster: Roster): ImportShape {
  const columns = importColumns(roster);
  return {
    name: roster.entity.name,
    columns,
    keys: keyColumns(roster.entity, columns),
    defaultKey: 'username',
    defaultLanguage: 'en',
  };
}

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
      routes: [
        {
          methods: ['GET'],
          path: '/export',
          action: 'view',
          op: operation({ querystring: exportQuery }, async (roster: Roster, req, reply: FastifyReply) => {
            const { format, ids, ...rest } = req.query;
            const { query, errors } = parseListQuery(roster.entity, rest);
            if (Object.keys(errors).length) throw fieldErrors(errors);
            if (ids !== undefined) query.filters.push(selectedIds(ids));
            return exportAccounts(app.db, roster, query, format, reply);
          }),
        },
      ],
    });
  accounts(user);
  accounts(tenantUser);

  // Imports take a multipart body: their routes get the parser in a context of their own.
  await app.register(async (child) => {
    await registerImportParser(child);
    for (const entity of [user, tenantUser]) {
      crudRoutes<Roster>(child, {
        ...entityCollection(entity),
        // Dealer users only: `/api/users/` imports on a dealer site (importOn), never the master's staff and market administrators.
        access: (action) => withAccess({ kind: 'permission', model: entity.model, action, scope: (entity as EntityDef).importOn ?? entity.scope }),
        open: (req) => openRoster(req, entity),
        routes: importRoutesOf<Roster>(child, {
          model: entity.model,
          siteOf: (roster) => roster.site.id,
          shape: importShape,
          payload: (roster) => ({ accounts: accountsImport(roster) }),
        }),
      });
    }
  });
};
export default users;
