/** The walks of an entity list's search (server/list/walked.ts): each walk's rows are those of ids.ts `scanned`. */
import { type SelectQueryBuilder, sql } from 'kysely';
import type { EntityDef } from '../../../entities/define.js';
import type { SearchPlan } from '../../list/plan.js';
import { lengthColumn, lengthsOf, type Walk } from '../../list/walked.js';
import type { EngineContext } from '../context.js';
import type { Loaded } from '../read.js';
import { armsOf, idsQuery, scanned } from './ids.js';
import type { ListQuery } from './query.js';
import { rowsOfIds, type Shown } from './rows.js';

/** `byIds` reads the page's rows once their ids are known (db/database.ts rowsByIdReads). */
export function entityWalk(ctx: EngineContext, entity: EntityDef, query: ListQuery, plan: SearchPlan, shown: Shown, byIds: EngineContext): Walk<Loaded> {
  const arms = armsOf(query, plan);
  /** Each walk's rows, counted. */
  const counts = arms.map((arm, i) => ctx.db.selectFrom(scanned(ctx, entity, arm, arms.length).as(`a${i}`)).select(sql<number>`count(*)`.as('n')));
  return {
    matches: async (limit) => {
      // One arm or several merged: either way a query of ids, to which the lengths are added.
      const ids = idsQuery(ctx, entity, query, plan, { offset: 0, limit, reversed: false }) as SelectQueryBuilder<any, any, { id: number }>;
      const rows = await ids.select(counts.map((c, i) => c.as(lengthColumn(i)))).execute();
      return { ids: rows.map((r) => Number(r.id)), lengths: lengthsOf(rows, arms.length) };
    },
    lengths: async () => {
      return (await counts.reduce((a, b) => a.unionAll(b)).execute()).map((r) => Number(r.n));
    },
    rows: (ids) => rowsOfIds(byIds, entity, query, ids, shown),
  };
}
