/**
 * Which accounts a request works on, and what its user may do with them.
 *
 *   site     `/api/users/` on a dealer site: the dealer users (DE) of that site
 *   master   `/api/users/` on the master site: staff, market administrators, superusers;
 *            a market administrator sees only the market administrators of its market
 *   dealers  `/api/tenantUsers/` on the master site: the dealer users of every dealer
 *            site; a market administrator only those of its market's sites
 *
 * Rows outside a roster do not exist for the request (404), so one site never reads or
 * writes another's users.
 */
import type { FastifyRequest } from 'fastify';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { EntityDef } from '../../entities/define.js';
import { forSite } from '../../entities/siteFields.js';
import type { DatabaseSchema } from '../db/schema.js';
import { signedIn } from '../guards.js';
import type { SearchIndex } from '../list/searchIndex.js';
import { type Fragment, sqlText } from '../list/sqlText.js';
import { permissionsOf } from '../services/permissions.js';
import type { Principal } from '../services/principal.js';
import type { Tenant } from '../services/tenants.js';
import { accountIndex } from './words.js';

export type RosterKind = 'site' | 'master' | 'dealers';

/** What a roster needs of its site (an import's job keeps it in its payload). */
export type RosterSite = Pick<Tenant, 'id' | 'kind' | 'market_id'>;

export interface Roster {
  kind: RosterKind;
  /** The declaration as this site serves it (entities/siteFields.ts). */
  entity: EntityDef;
  site: RosterSite;
  actor: Principal;
  /** What the actor holds (every codename for a superuser). */
  held: ReadonlySet<string>;
  /** The back-office whose models the roster's accounts may be granted. */
  backoffice: 'dealer' | 'master';
  /** The client's address, for the activity log. */
  ip?: string;
}

/**
 * Rank of an account: superuser 3, staff 2, market administrator 1, dealer 0. A user may
 * give a rank up to its own, except that market administrators and dealers only make
 * dealers, and only a superuser makes a superuser.
 */
export function rank(a: { is_superuser: boolean | number; role: 'MA' | 'DE' | null }): number {
  if (a.is_superuser === true || a.is_superuser === 1) return 3;
  return a.role === null ? 2 : a.role === 'MA' ? 1 : 0;
}

export function mayAssignRank(actor: Principal, target: number): boolean {
  if (actor.is_superuser) return true;
  if (actor.role === null) return target <= 2;
  return target === 0;
}

/** Opens the roster of a request its route's guard let through (the site's kind, the user, `<action>_<model>`). */
export async function openRoster(req: FastifyRequest, entity: EntityDef): Promise<Roster> {
  const { site, user: actor } = signedIn(req);
  const codenames = await permissionsOf(req.server.db, actor);
  return {
    ...rosterOf(
      entity,
      site,
      actor,
      codenames.map((p) => p.codename),
    ),
    ip: req.ip,
  };
}

/** The roster of `entity` on `site` for `actor`, who holds `codenames`. */
export function rosterOf(entity: EntityDef, site: RosterSite, actor: Principal, codenames: readonly string[]): Roster {
  const kind: RosterKind = entity.scope === 'master' ? 'dealers' : site.kind === 'dealer' ? 'site' : 'master';
  return { kind, entity: forSite(entity, site.kind), site, actor, held: new Set(codenames), backoffice: kind === 'master' ? 'master' : 'dealer' };
}

type Eb = ExpressionBuilder<DatabaseSchema, 'users'>;

/** The condition that keeps a query to the roster's rows (rosterPath draws the same rows for the list). */
export function inRoster(roster: Roster) {
  const { actor } = roster;
  const marketAdmin = !actor.is_superuser && actor.role === 'MA';
  return (eb: Eb): Expression<SqlBool> => {
    switch (roster.kind) {
      case 'site':
        return eb.and([eb('users.role', '=', 'DE'), eb('users.tenant_id', '=', roster.site.id)]);
      case 'dealers': {
        const dealers = eb.and([eb('users.role', '=', 'DE'), eb('users.tenant_id', 'is not', null)]);
        if (!marketAdmin) return dealers;
        return eb.and([
          dealers,
          eb(
            'users.tenant_id',
            'in',
            eb
              .selectFrom('tenants')
              .select('tenants.id')
              .where('tenants.kind', '=', 'dealer')
              .where('tenants.market_id', '=', actor.market_id ?? -1),
          ),
        ]);
      }
      case 'master':
        if (marketAdmin) return eb.and([eb('users.role', '=', 'MA'), eb('users.market_id', '=', actor.market_id ?? -1)]);
        return eb.or([eb('users.role', 'is', null), eb('users.role', '=', 'MA')]);
    }
  };
}

/** A roster as the accounts list reads it (server/users/list.ts): the rows inRoster keeps, drawn as index walks. */
export interface RosterPath {
  /**
   * Disjoint conditions on the accounts (the `users` table, unaliased) whose union is the roster's rows, each a
   * walk of one of migration 0016's indexes in any order the list offers. `ref` spells a
   * column (SQLite's `+column` keeps it off that column's indexes).
   */
  arms: (ref: (column: string) => Fragment) => Fragment[];
  /** The search index scope holding the roster's rows (server/users/words.ts). */
  index: SearchIndex;
  /** Whether that scope holds the roster's rows and no others (a market administrator's roster is a part of it). */
  whole: boolean;
}

export function rosterPath(roster: Roster): RosterPath {
  const { actor } = roster;
  const marketAdmin = !actor.is_superuser && actor.role === 'MA';
  const market = actor.market_id ?? -1;
  switch (roster.kind) {
    case 'site':
      return {
        arms: (ref) => [sqlText`${ref('tenant_id')} = ${roster.site.id} and ${ref('role')} = 'DE'`],
        index: accountIndex('site', roster.site.id),
        whole: true,
      };
    case 'dealers':
      return {
        arms: (ref) => [
          // The market's sites probed for each row (the OFFSET: not flattened into a join, which
          // PostgreSQL would sort), so that the walk keeps to the list's order.
          marketAdmin
            ? sqlText`${ref('role')} = 'DE' and exists (select 1 from tenants t where t.id = ${ref('tenant_id')} and t.kind = 'dealer' and t.market_id = ${market} limit 1 offset 0)`
            : sqlText`${ref('role')} = 'DE' and ${ref('tenant_id')} is not null`,
        ],
        index: accountIndex('dealers', 0),
        whole: !marketAdmin,
      };
    case 'master':
      return {
        arms: (ref) =>
          marketAdmin
            ? [sqlText`${ref('role')} = 'MA' and ${ref('market_id')} = ${market}`]
            : [sqlText`${ref('role')} is null`, sqlText`${ref('role')} = 'MA'`],
        index: accountIndex('master', 0),
        whole: !marketAdmin,
      };
  }
}
