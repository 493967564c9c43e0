/**
 * The engine's batched create (insertRecords, docs/decisions.md §32): rows created together
 * are what creating them one by one makes — the rows, their links, slugs (filled in and
 * suffixed in the same order), search words, counters, revisions and indexing actions — and a
 * row refused in the middle of a batch (a taken slug or unique value, a write hook's refusal)
 * is refused on its own, the others written.
 */
import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { FieldErrors, HttpError } from '../../server/errors.js';
import type { EngineContext } from '../../server/entities/context.js';
import { onEntityWrite } from '../../server/entities/hooks.js';
import { insertRecord, insertRecords } from '../../server/entities/write.js';
import { contextFor, entity, fixtures } from './entity-fixtures.js';
import { describeEachDialect } from './harness.js';

const product = entity('product');
const usedProduct = entity('usedProduct');

// A product named so is refused by a write hook: the batch's fallback to one row at a time.
const REFUSED_NAME = 'Refused by the batch test hook';
onEntityWrite('product', async (_ctx, event) => {
  if (event.op === 'create' && event.after?.translations.it?.name === REFUSED_NAME) throw new HttpError(409, { detail: 'refused by the test hook' });
});

class Rollback extends Error {}

describeEachDialect(
  'batched create',
  (h) => {
    const fx = fixtures(h);
    const db = () => h.db as unknown as Kysely<any>;
    let ctx: EngineContext;
    let tenant = 0;

    beforeAll(async () => {
      ctx = await contextFor(h, 'rossi');
      tenant = ctx.site.id;
    });

    /** Runs `write` in a transaction that is rolled back; what it wrote, with the new rows' ids as their order. */
    async function written(write: (tx: EngineContext) => Promise<number[]>) {
      let seen: unknown;
      const before = Number(
        (
          await db()
            .selectFrom('activity')
            .select((eb) => eb.fn.max('id').as('m'))
            .executeTakeFirst()
        )?.m ?? 0,
      );
      await db()
        .transaction()
        .execute(async (trx) => {
          const tx = { ...ctx, db: trx };
          const ids = await write(tx);
          const order = new Map(ids.map((id, i) => [id, i]));
          const at = (id: unknown) => order.get(Number(id)) ?? `old:${String(id)}`;
          const strip = (r: Record<string, unknown>) => {
            const { id, created_at: _created, updated_at: _updated, ...rest } = r;
            return { at: at(id), ...rest };
          };
          const byAt = (a: { at: unknown }, b: { at: unknown }) =>
            String(a.at).localeCompare(String(b.at)) || JSON.stringify(a).localeCompare(JSON.stringify(b));
          const rows = (await trx.selectFrom('products').selectAll().where('id', 'in', ids).execute()).map(strip).sort(byAt);
          const tags = (await trx.selectFrom('products_tags').selectAll().where('source_id', 'in', ids).execute())
            .map((r) => ({ ...r, source_id: at(r.source_id) }))
            .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
          const slugs = (
            await trx
              .selectFrom('entity_slugs')
              .select(['entity', 'tenant_id', 'language', 'slug', 'entity_id'])
              .where('entity', '=', 'product')
              .where('entity_id', 'in', ids)
              .execute()
          )
            .map((r) => ({ ...r, entity_id: at(r.entity_id) }))
            .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
          const words = (await trx.selectFrom('products_search').selectAll().where('entity_id', 'in', ids).execute())
            .map((r) => ({ ...r, entity_id: at(r.entity_id) }))
            .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
          const counts = await trx
            .selectFrom('entity_counts')
            .selectAll()
            .where('entity', '=', 'product')
            .where('tenant_id', '=', tenant)
            .orderBy('field')
            .orderBy('value')
            .execute();
          const revisions = (await trx.selectFrom('activity').selectAll().where('id', '>', before).where('model', '=', 'product').orderBy('id').execute()).map(
            (r) => {
              const { id: _id, at: _when, object_id, ...rest } = r;
              return { ...rest, object_id: at(object_id) };
            },
          );
          const actions = (
            await trx
              .selectFrom('indexing_actions')
              .select(['url', 'action', 'site', 'entity', 'entity_id'])
              .where('entity', '=', 'product')
              .where('entity_id', 'in', ids)
              .execute()
          )
            .map((r) => ({ ...r, entity_id: at(r.entity_id), url: String(r.url).replace(/\d+/g, 'N') }))
            .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
          seen = { rows, tags, slugs, words, counts, revisions, actions };
          throw new Rollback();
        })
        .catch((e: unknown) => {
          if (!(e instanceof Rollback)) throw e;
        });
      return seen as Record<string, unknown[]>;
    }

    /** Bodies whose slugs meet each other and a stored row's: the same name twice, a name already taken, a slug given. */
    async function bodies(mark: string) {
      const stored = await fx.body('product', 'rossi', { translations: { it: { name: `Trattore ${mark}` }, en: { name: `Tractor ${mark}` } } });
      await insertRecord(ctx, product, stored);
      const same = { translations: { it: { name: `Trattore ${mark}` }, en: { name: `Tractor ${mark} two` } } };
      return [
        await fx.body('product', 'rossi', same),
        await fx.body('product', 'rossi', same),
        await fx.body('product', 'rossi', { translations: { it: { name: `Altro ${mark}`, slug: `dato-${mark}` }, en: { name: `Other ${mark}` } } }),
        await fx.body('product', 'rossi', { status: 'draft' }),
        await fx.body('product', 'rossi'),
      ];
    }

    /** What creating the bodies one by one writes, and what creating them together writes. */
    async function bothWays(list: Array<Record<string, unknown>>) {
      const oneByOne = await written(async (tx) => {
        const ids: number[] = [];
        for (const body of list) ids.push(await insertRecord(tx, product, body));
        return ids;
      });
      const together = await written(async (tx) => {
        const made = await insertRecords(tx, product, list);
        return made.map((m) => ('id' in m ? m.id : -1));
      });
      return { oneByOne, together };
    }

    it('writes what creating the rows one by one writes: rows, links, slugs, words, counters, revisions, indexing', async () => {
      const list = await bodies(`b${fx.next()}`);
      const { oneByOne, together } = await bothWays(list);
      expect(together.rows).toHaveLength(5);
      expect(together.slugs!.length).toBeGreaterThanOrEqual(10);
      expect(together.revisions).toHaveLength(5);
      expect(together).toEqual(oneByOne);
      const slugs = (together.slugs as Array<{ slug: string; language: string; entity_id: number }>).filter((s) => s.language === 'it').map((s) => s.slug);
      expect(slugs.filter((s) => s.startsWith('trattore-'))).toEqual(expect.arrayContaining([expect.stringMatching(/-2$/), expect.stringMatching(/-3$/)]));
    });

    it('finds the free slugs past a crowd of taken ones, as creating one by one does', async () => {
      const mark = `c${fx.next()}`;
      const named = (slug?: string) => fx.body('product', 'rossi', { translations: { it: { name: `Folla ${mark}`, ...(slug ? { slug } : {}) } } });
      // The base and -2 … -12 but -3 taken: more than the candidates read for three records asking it.
      const taken = [`folla-${mark}`, ...[2, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => `folla-${mark}-${n}`)];
      const stored = await insertRecords(ctx, product, await Promise.all(taken.map((slug) => named(slug))));
      expect(stored.every((m) => 'id' in m)).toBe(true);
      const list = await Promise.all([named(), named(), named()]);
      const { oneByOne, together } = await bothWays(list);
      expect(together).toEqual(oneByOne);
      const italian = (together.slugs as Array<{ slug: string; language: string; entity_id: number }>)
        .filter((s) => s.language === 'it')
        .sort((a, b) => a.entity_id - b.entity_id)
        .map((s) => s.slug);
      expect(italian).toEqual([`folla-${mark}-3`, `folla-${mark}-13`, `folla-${mark}-14`]);
    });

    it('refuses a taken slug or unique value in the middle of a batch on its row only', async () => {
      const mark = `u${fx.next()}`;
      const stock = `S${fx.next()}`;
      await insertRecord(ctx, usedProduct, await fx.body('usedProduct', 'rossi', { stock_number: stock }));
      const list = [
        await fx.body('usedProduct', 'rossi', { stock_number: `${stock}-a` }),
        await fx.body('usedProduct', 'rossi', { stock_number: stock }),
        await fx.body('usedProduct', 'rossi', { stock_number: `${stock}-b` }),
        // The same value as a row before it in the batch.
        await fx.body('usedProduct', 'rossi', { stock_number: `${stock}-a` }),
      ];
      const made = await insertRecords(ctx, usedProduct, list);
      expect(made.map((m) => ('id' in m ? 'created' : 'refused'))).toEqual(['created', 'refused', 'created', 'refused']);
      for (const at of [1, 3]) {
        const refused = (made[at] as { refused: HttpError }).refused;
        expect(refused).toBeInstanceOf(FieldErrors);
        expect(Object.keys((refused as FieldErrors).problems)).toEqual(['stock_number']);
      }

      const slugged = [
        await fx.body('product', 'rossi', { translations: { it: { name: `A ${mark}`, slug: `s-${mark}` } } }),
        await fx.body('product', 'rossi', { translations: { it: { name: `B ${mark}`, slug: `s-${mark}` } } }),
        await fx.body('product', 'rossi', { translations: { it: { name: `C ${mark}` } } }),
      ];
      const second = await insertRecords(ctx, product, slugged);
      expect(second.map((m) => ('id' in m ? 'created' : 'refused'))).toEqual(['created', 'refused', 'created']);
      expect(Object.keys(((second[1] as { refused: FieldErrors }).refused as FieldErrors).problems)).toEqual(['translations.it.slug']);
    });

    it('writes the batch one row at a time when the batch is refused as a whole, so the refusal lands on its row', async () => {
      const mark = `r${fx.next()}`;
      const list = [
        await fx.body('product', 'rossi', { sku: `${mark}-1` }),
        await fx.body('product', 'rossi', { sku: `${mark}-2`, translations: { it: { name: REFUSED_NAME } } }),
        await fx.body('product', 'rossi', { sku: `${mark}-3` }),
      ];
      const made = await db()
        .transaction()
        .execute((trx) => insertRecords({ ...ctx, db: trx }, product, list));
      expect(made.map((m) => ('id' in m ? 'created' : (m.refused as HttpError).statusCode))).toEqual(['created', 409, 'created']);
      const skus = await db().selectFrom('products').select('sku').where('sku', 'like', `${mark}-%`).orderBy('sku').execute();
      expect(skus.map((r) => r.sku)).toEqual([`${mark}-1`, `${mark}-3`]);
      const revisions = await db()
        .selectFrom('activity')
        .select('object_id')
        .where('model', '=', 'product')
        .where(
          'object_id',
          'in',
          made.flatMap((m) => ('id' in m ? [m.id] : [])),
        )
        .execute();
      expect(revisions).toHaveLength(2);
    });

    describe('one row', () => {
      it('is the batch of one: refusals are thrown as before', async () => {
        const body = await fx.body('product', 'rossi', { translations: { it: { name: REFUSED_NAME } } });
        await expect(insertRecord(ctx, product, body)).rejects.toMatchObject({ statusCode: 409 });
        await expect(insertRecord(ctx, product, { name: '' })).rejects.toBeInstanceOf(FieldErrors);
      });
    });
  },
  { resetBetweenTests: false },
);
