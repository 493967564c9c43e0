/**
 * A page of an entity list (docs/decisions.md §4, §12), read by the list engine
 * (server/list/). Cost stays flat with the size of a site's table:
 * - the page's ids come from an index-only scan of (tenant_id, filter column, sort
 *   column, id) — server/entities/indexPlan.ts gives every filter × sort pair its index —
 *   a filter on several values as merged per-value walks (ids.ts), and only those rows
 *   are then read (rows.ts); a date range drives when it matches few rows (ranges.ts);
 * - a page deeper than MAX_OFFSET is read from the nearer end, or refused
 *   (server/list/window.ts);
 * - search is a range scan per word of the `<table>_search` index, planned by
 *   server/list/plan.ts: a rare word drives, or the list walks its sort index and probes
 *   a bounded number of rows (server/list/walked.ts);
 * - the paginator's count comes from entity_counts when the list is unfiltered or
 *   filtered by one facet, and is otherwise counted up to a cap (count.ts);
 * - list rows carry only the list columns; translated ones are read out of the row's
 *   translations JSON by the database, in the asked language (columns.ts).
 */
import type { EntityDef } from '../../../entities/define.js';
import { longReads, rowsByIdReads } from '../../db/database.js';
import { capped } from '../../list/counted.js';
import { planSearch, type SearchPlan } from '../../list/plan.js';
import type { PlanMemo } from '../../list/planMemo.js';
import { type PageReads, readPage } from '../../list/readPage.js';
import { inSiteTurn } from '../../list/siteTurns.js';
import { walkedReads } from '../../list/walked.js';
import { isDeep, windowOf } from '../../list/window.js';
import { type EngineContext, marketBound } from '../context.js';
import { type Loaded, presentList } from '../read.js';
import { isScoped } from '../schema.js';
import { flagsOf } from '../listFlags.js';
import { searchIndexOf } from '../search.js';
import { countPlan, countRows } from './count.js';
import { walks } from './ids.js';
import type { ListQuery } from './query.js';
import { planRanges } from './ranges.js';
import { pageRows, type Shown } from './rows.js';
import { entityWalk } from './walked.js';

/** `flags`: each row says its pending draft and schedule, where the entity has them (the back-office's lists, listFlags.ts). */
export function listRecords(request: EngineContext, entity: EntityDef, asked: ListQuery, language: string, { flags = false } = {}) {
  const shown: Shown = { language, flags };
  const list = async () => {
    const { ctx, query, plan } = await planList(request, entity, asked);
    const reads: PageReads<Loaded> = walks(plan)
      ? walkedReads(query.size, entityWalk(ctx, entity, query, plan, shown, { ...request, db: rowsByIdReads(request.db, request.site.id) }))
      : indexedReads(ctx, entity, query, plan, shown);
    const { items: rows, paginator } = await readPage(query, reads);
    const items: Array<Record<string, unknown>> = await presentList(ctx, entity, rows, language);
    return { items: flags ? items.map((item, i): Record<string, unknown> => ({ ...item, ...flagsOf(entity, rows[i]!.row) })) : items, paginator };
  };
  // A site's lists take turns (server/list/siteTurns.ts).
  return inSiteTurn(request.db, request.site.id, list);
}

/**
 * How a list reads its rows, for a page (listRecords) or in batches (export, keyset.ts): on
 * the executor of long reads, with the market administrator's bound as a filter, its date
 * ranges and its search planned.
 */
export async function planList(request: EngineContext, entity: EntityDef, asked: ListQuery) {
  // A list's reads may take long: off the event loop, within a time budget (db/database.ts longReads).
  const ctx: EngineContext = { ...request, db: longReads(request.db, request.site.id) };
  const market = marketBound(ctx, entity);
  const query = await planRanges(
    ctx,
    entity,
    market
      ? {
          ...asked,
          filters: [{ type: 'in', field: entity.marketField!, column: market[0], values: [market[1]], facetKeys: [String(market[1])] }, ...asked.filters],
        }
      : asked,
  );
  const plan = query.tokens.length ? await planSearch(ctx.db, searchIndexOf(ctx, entity), query.tokens, { memo: planMemo(request, entity) }) : undefined;
  return { ctx, query, plan };
}

/**
 * Where a list's search plans are kept: only when the index's rows are the request's site's
 * alone, whose data version covers them (not a master-scoped entity, whose rows every site
 * writes, nor a list across sites).
 */
function planMemo(request: EngineContext, entity: EntityDef): PlanMemo | undefined {
  const { dataVersion, span, db } = request;
  return dataVersion !== undefined && span === undefined && isScoped(entity) ? { db, version: dataVersion } : undefined;
}

/** A page and its count when no search walks: the count rides along the page's query. */
function indexedReads(ctx: EngineContext, entity: EntityDef, query: ListQuery, plan: SearchPlan | undefined, shown: Shown): PageReads<Loaded> {
  const counting = countPlan(ctx, entity, query, plan);
  return {
    page: (page, counted) => pageRows(ctx, entity, query, plan, windowOf(query, page, counted), shown),
    count: () => countRows(ctx, entity, query, plan),
    pageAndCount: async (page) => {
      const rows = await pageRows(ctx, entity, query, plan, windowOf(query, page), shown, counting);
      const [first] = rows;
      return first ? { items: rows, counted: capped(Number(first.row.count__ ?? 0), counting.cap) } : undefined;
    },
    countFirst: isDeep(query),
  };
}
