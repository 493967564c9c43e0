/**
 * A row's history is read by walking an index backwards, whatever the rest of the log holds
 * (issue 16's budget: the first page of 10,000 revisions in < 50 ms p99). Most of a log's
 * entries hold no record, so PostgreSQL's statistics made a row's revisions look like a
 * handful and, at the bench's scale (10,000 of them in a log of 1,000,000), it read them all
 * and sorted them (53 ms); the partial index of revisions keeps the estimate and the walk exact.
 */
import { type Kysely, sql } from 'kysely';
import { expect, it } from 'vitest';
import { product } from '../../entities/product.js';
import { pgPoolOf, sqliteOf } from '../../server/db/database.js';
import { revisionsPage } from '../../server/entities/revisions/read.js';
import { describeEachDialect } from './harness.js';

const LOG_LINES = 20_000;
const REVISIONS = 1_000;

describeEachDialect('a row history plan', (h) => {
  it('walks the revisions index backwards, with no sort, for the first page and a deeper one', async () => {
    // The entities' tables are declared in entities/, not in the database layer's schema.
    const row = await (h.db as Kysely<any>).selectFrom('products').select(['id', 'tenant_id']).orderBy('id').executeTakeFirstOrThrow();
    const id = Number(row.id);
    const series = (n: number) =>
      h.dialect === 'postgres'
        ? sql.raw(`select i from generate_series(1, ${n}) as i`)
        : sql.raw(`with recursive seq(i) as (select 1 union all select i + 1 from seq limit ${n}) select i from seq`);
    await sql`insert into activity (at, tenant_id, user_id, username, ip, action, model, object_id, version, changes, record)
      select '2026-01-01T00:00:00.000Z', ${row.tenant_id}, null, 'plan', '127.0.0.1', 'update', 'product', 1000000 + i % 5000, 1, '{}', null
      from (${series(LOG_LINES)}) as g`.execute(h.db);
    await sql`insert into activity (at, tenant_id, user_id, username, ip, action, model, object_id, version, changes, record)
      select '2026-01-01T00:00:00.000Z', ${row.tenant_id}, null, 'plan', '127.0.0.1', 'update', 'product', ${id}, 1 + i, '{}', '{}'
      from (${series(REVISIONS)}) as g`.execute(h.db);
    await sql.raw(h.dialect === 'postgres' ? 'analyze activity' : 'analyze').execute(h.db);
    const middle = Number(
      (
        await h.db
          .selectFrom('activity')
          .select('id')
          .where('object_id', '=', id)
          .orderBy('id', 'desc')
          .offset(REVISIONS / 2)
          .limit(1)
          .executeTakeFirstOrThrow()
      ).id,
    );

    for (const page of [{ items: 20 }, { items: 20, before: middle }]) {
      const q = revisionsPage({ db: h.db }, product, id, page).compile();
      if (h.dialect === 'postgres') {
        const { rows } = await pgPoolOf(h.db)!.query<{ 'QUERY PLAN': string }>(`explain ${q.sql}`, q.parameters as unknown[]);
        const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
        expect(plan).not.toMatch(/Sort/);
        expect(plan).toMatch(/Index Scan Backward using activity_revisions/);
      } else {
        const plan = sqliteOf(h.db)!
          .prepare(`explain query plan ${q.sql}`)
          .all(...(q.parameters as unknown[])) as Array<{ detail: string }>;
        const details = plan.map((p) => p.detail).join('\n');
        expect(details).not.toMatch(/TEMP B-TREE/);
        expect(details).toMatch(/USING (COVERING )?INDEX activity_(revisions|of_row)/);
      }
    }
  });
});
