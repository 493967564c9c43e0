/**
 * Indexing actions are recorded with the write of public content that causes them (issue
 * 6), and the master reads them, read-only, at /api/indexingLogs/.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { api, entity, fixtures, HOSTS, json } from './entity-fixtures.js';
import { describeEachDialect, expectDetail, expectFieldErrors, type Session } from './harness.js';

const product = entity('product');
const log = entity('indexingLog');
const ORIGIN = `https://${HOSTS.rossi}`;

describeEachDialect(
  'indexing log',
  (h) => {
    const fx = fixtures(h);
    let rossi: Session;
    let admin: Session;
    // Sessions are emptied before every test.
    beforeEach(async () => {
      rossi = await h.login('rossi', HOSTS.rossi);
      admin = await h.login('admin', HOSTS.master);
    });
    const asRossi = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, headers?: Record<string, string>) =>
      h.call(method, url, { host: HOSTS.rossi, session: rossi, body, headers });

    /** What was recorded for one product, oldest first. */
    const actionsOf = async (id: number) =>
      (await h.db
        .selectFrom('indexing_actions' as never)
        .select(['url', 'action', 'status', 'site', 'attempts'] as never)
        .where('entity' as never, '=', 'product' as never)
        .where('entity_id' as never, '=', id as never)
        .orderBy('id' as never)
        .execute()) as Array<{ url: string; action: string; status: string; site: string; attempts: number }>;
    const pairs = async (id: number) => (await actionsOf(id)).map((a) => `${a.action} ${a.url}`);

    async function createProduct(status: string, slugs = { it: `trattore-${fx.next()}`, en: `tractor-${fx.next()}` }) {
      const body = await fx.body('product', 'rossi', {
        status,
        translations: { it: { name: 'Trattore', slug: slugs.it }, en: { name: 'Tractor', slug: slugs.en } },
      });
      const res = await asRossi('POST', api(product), body);
      expect(res.statusCode, res.body).toBe(201);
      return { id: json(res).id as number, slugs };
    }

    describe('recording', () => {
      it('a draft records nothing; publishing records an update per language URL', async () => {
        const { id, slugs } = await createProduct('draft');
        expect(await actionsOf(id)).toEqual([]);
        const res = await asRossi('PATCH', api(product, id), { status: 'published', version: 1 });
        expect(res.statusCode, res.body).toBe(200);
        const rows = await actionsOf(id);
        expect(rows.map((r) => `${r.action} ${r.url}`).sort()).toEqual(
          [`updated ${ORIGIN}/en/products/${slugs.en}`, `updated ${ORIGIN}/it/prodotti/${slugs.it}`].sort(),
        );
        for (const r of rows) expect(r).toMatchObject({ status: 'pending', site: HOSTS.rossi, attempts: 0 });
      });

      it('a change of a published row updates; a new slug announces the new URL, the old one redirects there', async () => {
        const { id, slugs } = await createProduct('published');
        expect(await actionsOf(id)).toHaveLength(2);
        const res = await asRossi('PATCH', api(product, id), { translations: { en: { name: 'Tractor', slug: 'renamed-tractor' } }, version: 1 });
        expect(res.statusCode, res.body).toBe(200);
        expect((await pairs(id)).slice(2).sort()).toEqual(
          [`updated ${ORIGIN}/en/products/renamed-tractor`, `updated ${ORIGIN}/it/prodotti/${slugs.it}`].sort(),
        );
      });

      it('unpublishing and deleting a public row record deletions; deleting an unpublished row records nothing', async () => {
        const { id, slugs } = await createProduct('published');
        const gone = [`deleted ${ORIGIN}/en/products/${slugs.en}`, `deleted ${ORIGIN}/it/prodotti/${slugs.it}`];
        expect((await asRossi('PATCH', api(product, id), { status: 'archived', version: 1 })).statusCode).toBe(200);
        expect((await pairs(id)).slice(2).sort()).toEqual(gone);
        expect((await asRossi('DELETE', api(product, id))).statusCode).toBe(204);
        expect(await pairs(id)).toHaveLength(4);

        const other = await createProduct('published');
        expect((await asRossi('DELETE', api(product, other.id))).statusCode).toBe(204);
        expect((await pairs(other.id)).slice(2).sort()).toEqual([
          `deleted ${ORIGIN}/en/products/${other.slugs.en}`,
          `deleted ${ORIGIN}/it/prodotti/${other.slugs.it}`,
        ]);
      });

      it('a write that is refused (409, 400) records nothing', async () => {
        const { id } = await createProduct('draft');
        const stale = await asRossi('PATCH', api(product, id), { status: 'published', version: 7 });
        expect(stale.statusCode).toBe(409);
        const invalid = await asRossi('PATCH', api(product, id), { status: 'published', price: -1, version: 1 });
        expect(invalid.statusCode).toBe(400);
        const taken = await createProduct('published');
        const clash = await asRossi('PATCH', api(product, id), { status: 'published', translations: { it: { name: 'x', slug: taken.slugs.it } }, version: 1 });
        expect(clash.statusCode).toBe(400);
        expect(await actionsOf(id)).toEqual([]);
      });
    });

    describe('API', () => {
      let published: { id: number; slugs: { it: string; en: string } } | undefined;
      beforeEach(async () => {
        if (published) return;
        published = await createProduct('published');
        await asRossi('PATCH', api(product, published!.id), { status: 'draft', version: 1 });
      });
      const asAdmin = (url: string) => h.get(url, { session: admin });
      const countWhere = async (where: Record<string, string>) => {
        let q = h.db.selectFrom('indexing_actions' as never).select((eb) => eb.fn.countAll<number>().as('n'));
        for (const [k, v] of Object.entries(where)) q = q.where(k as never, '=', v as never);
        return Number((await q.executeTakeFirstOrThrow()).n);
      };

      it('lists the newest first, with site, action, URL, status and attempts, and reads one row', async () => {
        const res = await asAdmin(`${api(log)}?items=100`);
        expect(res.statusCode, res.body).toBe(200);
        const body = json(res);
        expect(body.paginator.count).toBe(await countWhere({}));
        const first = body.items[0];
        expect(first).toMatchObject({ site: HOSTS.rossi, action: 'deleted', status: 'pending', attempts: 0 });
        expect(Object.keys(first)).toEqual(expect.arrayContaining(['id', 'created_at', 'site', 'action', 'url', 'status', 'attempts']));
        const created = body.items.map((i: { created_at: string }) => i.created_at);
        expect(created).toEqual([...created].sort().reverse());

        const one = await asAdmin(api(log, first.id));
        expect(one.statusCode).toBe(200);
        expect(json(one)).toMatchObject({ id: first.id, url: first.url, entity: 'product', entity_id: published!.id, response: '' });
      });

      it('filters by site, action, status and creation date, and searches URLs, with exact counts', async () => {
        const count = async (query: string) => {
          const res = await asAdmin(`${api(log)}?${query}`);
          expect(res.statusCode, res.body).toBe(200);
          return json(res).paginator.count as number;
        };
        expect(await count('fltr=action=deleted')).toBe(await countWhere({ action: 'deleted' }));
        expect(await count('fltr=status=pending')).toBe(await countWhere({ status: 'pending' }));
        expect(await count(`fltr=site=${HOSTS.rossi}`)).toBe(await countWhere({ site: HOSTS.rossi }));
        expect(await count(`fltr=site=${HOSTS.verdi}`)).toBe(await countWhere({ site: HOSTS.verdi }));
        expect(await count('fltr=site=nowhere.example')).toBe(0);
        const today = new Date().toISOString().slice(0, 10);
        expect(await count(`fltr=created_at=${today}..`)).toBeGreaterThanOrEqual(4);
        expect(await count('fltr=created_at=..2000-01-01')).toBe(0);
        const res = await asAdmin(`${api(log)}?search=${published!.slugs.en}&fltr=action=deleted`);
        expect(json(res).items.map((i: { url: string }) => i.url)).toEqual([`${ORIGIN}/en/products/${published!.slugs.en}`]);
        expectFieldErrors(await asAdmin(`${api(log)}?fltr=status=lost`), ['fltr']);
        expect((await asAdmin(`${api(log)}?fltr=created_at=yesterday`)).statusCode).toBe(400);
      });

      it('is for master staff with view permission only, and has no write routes', async () => {
        const staff = await h.login('staff', HOSTS.master);
        expect((await h.get(api(log), { session: staff })).statusCode).toBe(200);
        const market = await h.login('market', HOSTS.master);
        expectDetail(await h.get(api(log), { session: market }), 404);
        const anyId = json(await asAdmin(api(log))).items[0].id;
        expectDetail(await h.get(api(log, anyId), { session: market }), 404);
        expectDetail(await h.get(api(log), { host: HOSTS.rossi, session: rossi }), 404);
        expectDetail(await h.get(api(log)), 401);
        for (const [method, url] of [
          ['POST', api(log)],
          ['PUT', api(log, anyId)],
          ['PATCH', api(log, anyId)],
          ['DELETE', api(log, anyId)],
          ['POST', `${api(log)}bulk_delete/`],
        ] as const) {
          expect((await h.call(method, url, { session: admin, body: { ids: [anyId] } })).statusCode, `${method} ${url}`).toBe(404);
        }
        expect((await asAdmin(api(log, anyId))).statusCode).toBe(200);
      });
    });
  },
  { env: { INDEXING_POLL_MS: '0' } },
);
