/** The walks of an entity list's search (server/list/walked.ts): each walk's rows are those of ids.ts `scanned`. */
import { sql } from 'kysely';
import type { EntityDef } from '../../../entities/define.js';
import type { SearchPlan } from '../../list/plan.js';
import type { Walk } from '../../list/walked.js';
import type { EngineContext } from '../context.js';
import type { Loaded } from '../read.js';
import { armsOf, idsQuery, scanned } from './ids.js';
import type { ListQuery } from './query.js';
import { rowsOfIds } from './rows.js';

export function entityWalk(ctx: EngineContext, entity: EntityDef, query: ListQuery, plan: SearchPlan, language: string): Walk<Loaded> {
  return {
    matches: async (limit) => {
      const rows = await idsQuery(ctx, entity, query, plan, { offset: 0, limit, reversed: false }).execute();
      return rows.map((r) => Number((r as { id: number }).id));
    },
    lengths: async () => {
      const arms = armsOf(query, plan);
      const counts = arms
        .map((arm, i) => ctx.db.selectFrom(scanned(ctx, entity, arm, arms.length).as(`a${i}`)).select(sql<number>`count(*)`.as('n')))
        .reduce((a, b) => a.unionAll(b));
      return (await counts.execute()).map((r) => Number(r.n));
    },
    rows: (ids) => rowsOfIds(ctx, entity, query, ids, language),
  };
}
