/**
 * An update writes only what it changes (server/entities/write.ts): its UPDATE sets only the
 * changed columns (SQLite rewrites every index on a column the SET names), and the row's
 * slugs (entity_slugs) and search words (<table>_search) are replaced only where they
 * changed. A save of a price names no other indexed column and leaves both tables alone; a
 * new SKU replaces the words, a new slug replaces the slug. The slugs the row holds already
 * are not read to check them again (server/entities/dbChecks.ts).
 */
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { expect, it } from 'vitest';
import { describeEachDialect, type Session } from './harness.js';

const HOST = 'rossi.localhost';
const GUARDED = ['entity_slugs', 'products_search'] as const;
/** Indexed columns of products a price change leaves as they are. */
const KEPT_COLUMNS = ['name', 'sku', 'brand_id', 'category_id', 'status', 'model_year'];

describeEachDialect('an update writes only what it changes', (h) => {
  /** Refuses every write to the slug and word tables, and an UPDATE naming a kept column of products, while `run` runs. */
  async function withIndexesFrozen(run: () => Promise<void>) {
    const triggers = [
      ...GUARDED.flatMap((table) => ['INSERT', 'DELETE'].map((op) => ({ table, op, name: `frozen_${table}_${op.toLowerCase()}` }))),
      { table: 'products', op: `UPDATE OF ${KEPT_COLUMNS.join(', ')}`, name: 'frozen_products_columns' },
    ];
    if (h.dialect === 'postgres')
      await sql`CREATE FUNCTION frozen() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'frozen'; END $$`.execute(h.db);
    for (const t of triggers) {
      await (
        h.dialect === 'sqlite'
          ? sql`CREATE TRIGGER ${sql.id(t.name)} BEFORE ${sql.raw(t.op)} ON ${sql.id(t.table)} BEGIN SELECT RAISE(ABORT, 'frozen'); END`
          : sql`CREATE TRIGGER ${sql.id(t.name)} BEFORE ${sql.raw(t.op)} ON ${sql.id(t.table)} FOR EACH ROW EXECUTE FUNCTION frozen()`
      ).execute(h.db);
    }
    try {
      await run();
    } finally {
      for (const t of triggers) await sql`DROP TRIGGER ${sql.id(t.name)}${h.dialect === 'postgres' ? sql` ON ${sql.id(t.table)}` : sql``}`.execute(h.db);
      if (h.dialect === 'postgres') await sql`DROP FUNCTION frozen()`.execute(h.db);
    }
  }

  async function patch(session: Session, id: number, body: Record<string, unknown>) {
    const current = (await h.get(`/api/products/${id}/`, { host: HOST, session })).json<{ version: number }>();
    const res = await h.call('PATCH', `/api/products/${id}/`, { host: HOST, session, body: { ...body, version: current.version } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Record<string, unknown>>();
  }

  // Entity tables are declared in entities/, not in the database schema's type.
  const db = () => h.db as unknown as Kysely<any>;
  const slugsOf = (id: number) =>
    db().selectFrom('entity_slugs').select(['language', 'slug']).where('entity', '=', 'product').where('entity_id', '=', id).execute();
  const wordsOf = async (id: number) =>
    (await db().selectFrom('products_search').select('token').where('entity_id', '=', id).execute()).map((r) => String(r.token));

  it('saves a new price without naming another indexed column or writing a slug or a word, and replaces what a new SKU or slug changes', async () => {
    const rossi = await h.login('rossi', HOST);
    const [first] = (await h.get('/api/products/', { host: HOST, session: rossi })).json<{ items: Array<{ id: number }> }>().items;
    const id = first!.id;
    const [slugsBefore, wordsBefore] = [await slugsOf(id), await wordsOf(id)];

    await withIndexesFrozen(async () => {
      expect((await patch(rossi, id, { price: 12345 })).price).toBe(12345);
    });
    expect(await slugsOf(id)).toEqual(slugsBefore);
    expect(await wordsOf(id)).toEqual(wordsBefore);

    await patch(rossi, id, { sku: 'ZEBRACORN-7' });
    expect((await wordsOf(id)).some((w) => w.includes('zebracorn'))).toBe(true);
    // The slug is translated: the Italian one changes, the English one stays.
    await patch(rossi, id, { translations: { it: { slug: 'a-slug-of-its-own' } } });
    expect(new Set(await slugsOf(id))).toEqual(new Set([...slugsBefore.filter((s) => s.language !== 'it'), { language: 'it', slug: 'a-slug-of-its-own' }]));
  });

  if (h.dialect === 'postgres') {
    it("checks a slug the row holds already without reading the site's slugs (PostgreSQL: while another connection locks them)", async () => {
      const rossi = await h.login('rossi', HOST);
      const [first] = (await h.get('/api/products/', { host: HOST, session: rossi })).json<{ items: Array<{ id: number }> }>().items;
      const current = (await h.get(`/api/products/${first!.id}/`, { host: HOST, session: rossi })).json<{ version: number }>();
      const locker = new pg.Client({ connectionString: h.config.databaseUrl });
      await locker.connect();
      try {
        await locker.query('begin');
        await locker.query('lock table entity_slugs in access exclusive mode');
        const save = h.call('PATCH', `/api/products/${first!.id}/`, { host: HOST, session: rossi, body: { price: 777, version: current.version } });
        // A save that read entity_slugs would wait for the lock: it is released after this bound.
        const blocked = new Promise<'blocked'>((resolve) => setTimeout(() => resolve('blocked'), 5000).unref());
        const outcome = await Promise.race([save.then((res) => res.statusCode), blocked]);
        await locker.query('rollback');
        expect(outcome).toBe(200);
        await save;
      } finally {
        await locker.end();
      }
    });
  }
});
