import { type AliasedExpression, sql } from 'kysely';
import { type EntityDef, fieldOf } from '../../../entities/define.js';
import { emptyValue } from '../../../entities/fieldTypes/index.js';
import type { SearchPlan } from '../../list/plan.js';
import type { Window } from '../../list/window.js';
import type { EngineContext } from '../context.js';
import { listFields, type Loaded } from '../read.js';
import { columnOf, isJoinField, storesColumn } from '../schema.js';
import { decodeRecord, parseJson } from '../storage.js';
import { fkTitleColumn, joinIdsAlias, joinIdsColumn, joinsOfRows, titleAlias, titleOfRow, translatedColumn } from './columns.js';
import type { CountPlan } from './count.js';
import { idsQuery } from './ids.js';
import { flagColumns } from '../listFlags.js';
import type { ListQuery } from './query.js';

/** What a list shows of its rows: in which language, and whether with their row flags (listFlags.ts). */
export interface Shown {
  language: string;
  flags: boolean;
}

const TEXT_TYPES = new Set(['text', 'textarea', 'email', 'url', 'slug', 'richtext']);

/** One page of rows with only what a list item shows: ids from an index-only scan, then just those rows. */
export function pageRows(
  ctx: EngineContext,
  entity: EntityDef,
  asked: ListQuery,
  plan: SearchPlan | undefined,
  w: Window,
  shown: Shown,
  counting?: CountPlan,
): Promise<Loaded[]> {
  const query = w.reversed ? { ...asked, sort: asked.sort.map((s) => ({ ...s, desc: !s.desc })) } : asked;
  return rowsOf(ctx, entity, query, idsQuery(ctx, entity, query, plan, w), w.reversed, shown, counting);
}

/** The list rows of ids read already (a walking search's page, walked.ts), in the list's order. */
export const rowsOfIds = (ctx: EngineContext, entity: EntityDef, query: ListQuery, ids: readonly number[], shown: Shown): Promise<Loaded[]> =>
  rowsOf(ctx, entity, query, ids, false, shown);

async function rowsOf(
  ctx: EngineContext,
  entity: EntityDef,
  query: ListQuery,
  ids: ReturnType<typeof idsQuery> | readonly number[],
  reversed: boolean,
  { language, flags }: Shown,
  counting?: CountPlan,
): Promise<Loaded[]> {
  const t = entity.table;
  const fields = listFields(entity);
  const selections: Array<string | AliasedExpression<unknown, string>> = [`${t}.id`, `${t}.version`, `${t}.created_at`, `${t}.updated_at`];
  // The count rides along as a scalar subquery (evaluated once), saving a round trip.
  if (counting) selections.push(counting.query.as('count__') as never);
  const titled: string[] = [];
  for (const name of fields) {
    const field = fieldOf(entity, name);
    if (field.translated) selections.push(translatedColumn(ctx, entity, name, language).as(`tr__${name}`));
    else if (isJoinField(field)) selections.push(joinIdsColumn(ctx, entity, name).as(joinIdsAlias(name)));
    else if (storesColumn(field)) selections.push(`${t}.${columnOf(name, field)}`);
    const title = fkTitleColumn(ctx, entity, name, language);
    if (title) {
      selections.push(title.as(titleAlias(name)));
      titled.push(name);
    }
  }
  if (flags) selections.push(...flagColumns(ctx, entity));
  // `in (…)`, not a join: SQLite cannot tell a join with a bound LIMIT is small, and may scan.
  let q = ctx.db
    .selectFrom(t)
    .where(`${t}.id`, 'in', ids as never)
    .select(selections as never[]);
  for (const s of query.sort) q = q.orderBy(sql.ref(`${t}.${s.column}`), s.desc ? 'desc' : 'asc');
  const rows = (await q.execute()) as Array<Record<string, unknown>>;
  if (reversed) rows.reverse();
  // Join-table ids and fk titles came with the rows: one query for the whole page.
  const joins = joinsOfRows(
    rows,
    fields.filter((n) => isJoinField(fieldOf(entity, n))),
  );
  return rows.map((row) => {
    const record = decodeRecord(entity, { ...row, translations: undefined }, joins);
    const titles: Record<string, string | null> = {};
    for (const name of titled) titles[name] = titleOfRow(row, name);
    const values: Record<string, unknown> = {};
    for (const name of fields) {
      const field = fieldOf(entity, name);
      if (!field.translated) continue;
      const raw = row[`tr__${name}`];
      values[name] = raw === null || raw === undefined ? emptyValue(field) : TEXT_TYPES.has(field.type) ? String(raw) : parseJson(raw, emptyValue(field));
    }
    record.translations = { [language]: values };
    return { row, record, titles };
  });
}
