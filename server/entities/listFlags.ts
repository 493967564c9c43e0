/**
 * What a back-office list of an entity with drafts says of each shown row besides its
 * columns: whether it has a pending draft (`has_draft`) and, where it can be scheduled, its
 * pending actions (`schedule`). Read as columns of the page's own row query (list/rows.ts),
 * each an index probe correlated to the row: no statement of their own (docs/decisions.md
 * §64). The delivery API's lists do not ask for them.
 */
import { type AliasedExpression, sql } from 'kysely';
import type { EntityDef } from '../../entities/define.js';
import { hasDrafts } from '../../entities/drafts.js';
import { hasSchedule } from '../../entities/schedule.js';
import type { EngineContext } from './context.js';
import { hasDraftColumn } from './drafts/store.js';
import { scheduleColumns, scheduleOfRow } from './schedule/store.js';

const DRAFT = 'draft__';
const SCHEDULE = 'schedule__';

/** The flag columns of a list row query over `entity.table`. */
export function flagColumns(ctx: EngineContext, entity: EntityDef): Array<AliasedExpression<unknown, string>> {
  if (!hasDrafts(entity)) return [];
  const id = sql.ref(`${entity.table}.id`);
  return [hasDraftColumn(ctx, entity, id).as(DRAFT), ...(hasSchedule(entity) ? scheduleColumns(ctx, entity, id, SCHEDULE) : [])];
}

/** A row's flags from its flagColumns (SQLite says true as 1). */
export function flagsOf(entity: EntityDef, row: Record<string, unknown>) {
  if (!hasDrafts(entity)) return {};
  return { has_draft: Boolean(row[DRAFT]), ...(hasSchedule(entity) ? { schedule: scheduleOfRow(row, SCHEDULE) } : {}) };
}
