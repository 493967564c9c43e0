/**
 * Which entries of the activity log an entry belongs to and who reads them: every entry
 * names its site and market; a dealer reads its own site's, a market administrator its
 * market's, master staff every site's.
 */
import type { EntityDef } from '../../entities/define.js';
import type { RecordValues } from '../../entities/validateRecord.js';
import type { EngineContext } from '../entities/context.js';
import { type Principal, userMarketOf } from '../services/principal.js';
import type { Tenant } from '../services/tenants.js';

/**
 * The market of an entity write: a dealer site's own; on the master site the row's market
 * when its entity has one (a site, market settings), which its market administrator reaches.
 */
export function activityMarket(ctx: EngineContext, entity: EntityDef, record: RecordValues | undefined): number | null {
  if (ctx.site.kind === 'dealer') return ctx.site.market ?? null;
  if (entity.marketField === undefined) return null;
  const market = record?.values[entity.marketField];
  return typeof market === 'number' ? market : null;
}

/** What a reader of the log reaches: one site's entries, one market's, or every entry. */
export type ActivityScope = { site: number } | { market: number | null } | { all: true };

export function activityScope(site: Tenant, user: Principal): ActivityScope {
  if (site.kind === 'dealer') return { site: site.id };
  const market = userMarketOf(user);
  return market === undefined ? { all: true } : { market };
}
