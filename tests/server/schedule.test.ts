/**
 * Scheduled publish and unpublish (issue 16 item 3): the schedule route's validation, scope
 * and locking; the scheduler carrying out each due action once across two runners and a
 * runner killed mid-action; the delivery API showing a row only once its publication was
 * carried out and no longer after its unpublication; the indexing notification recorded at
 * go-live; the preview link on a site's own front-end.
 */
import { beforeAll, expect, it } from 'vitest';
import { PUBLIC_API } from '../../server/public/routes.js';
import { Scheduler } from '../../server/entities/schedule/runner.js';
import { api, entity, fixtures, HOSTS, json, rowOf } from './entity-fixtures.js';
import { describeEachDialect, expectFieldErrors, type Session } from './harness.js';

const product = entity('product');
const MINUTE = 60_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

describeEachDialect(
  'scheduled publish and unpublish',
  (h) => {
    let rossi: Session;
    let verdi: Session;
    /** How far the schedulers' clock is ahead of the real one. */
    let ahead = 0;
    const fx = fixtures(h);
    beforeAll(async () => {
      rossi = await h.login('rossi', HOSTS.rossi);
      verdi = await h.login('verdi', HOSTS.verdi);
    });
    const scheduler = (opts: Partial<ConstructorParameters<typeof Scheduler>[0]> = {}) =>
      new Scheduler({ db: h.db, dialect: h.dialect, now: () => Date.now() + ahead, random: () => 0, ...opts });
    const r = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) => h.call(method, url, { host: HOSTS.rossi, session: rossi, body });
    const schedule = (id: number, body: unknown, s: Session = rossi) => h.call('POST', `${api(product, id)}schedule/`, { host: s.host, session: s, body });
    const entries = async (id: number) =>
      h.db.selectFrom('activity').select(['action', 'version', 'user_id']).where('model', '=', 'product').where('object_id', '=', id).orderBy('id').execute();
    const pendingOf = async (id: number) =>
      h.db
        .selectFrom('scheduled_actions')
        .select(['action', 'due_at'])
        .where('model', '=', 'product')
        .where('object_id', '=', id)
        .where('status', '=', 'pending')
        .orderBy('action')
        .execute();
    const indexed = async (id: number) =>
      (await h.db
        .selectFrom('indexing_actions' as never)
        .select(['action'] as never)
        .where('entity' as never, '=', 'product' as never)
        .where('entity_id' as never, '=', id as never)
        .execute()) as Array<{ action: string }>;
    const publicProduct = (slug: string) => h.get(`${PUBLIC_API}/products/${slug}?lang=it`, { host: HOSTS.rossi });

    /** A product of rossi's with `status`, at version 1: its id, Italian slug and detail. */
    async function made(status: string, name = 'Trattore in vetrina') {
      const res = await r('POST', `${api(product)}?language_code=it`, await fx.body('product', 'rossi', { status, translations: { it: { name } } }));
      expect(res.statusCode, res.body).toBe(201);
      const row = json(res);
      return { id: row.id as number, slug: row.translations.it.slug as string, row };
    }

    it('refuses bad moments, an unpublish before the publish and a missing version (400, nothing written)', async () => {
      const { id } = await made('draft');
      expectFieldErrors(await schedule(id, { publish_at: 'tomorrow', version: 1 }), ['publish_at']);
      expectFieldErrors(await schedule(id, { publish_at: '2026-02-30T10:00:00Z', version: 1 }), ['publish_at']);
      expectFieldErrors(await schedule(id, { unpublish_at: 12, version: 1 }), ['unpublish_at']);
      expectFieldErrors(await schedule(id, { publish_at: '2030-01-01T10:00:00+02:00' }), ['version']);
      const before = await schedule(id, { publish_at: '2030-01-02T10:00:00Z', unpublish_at: '2030-01-01T10:00:00Z', version: 1 });
      expectFieldErrors(before, ['unpublish_at']);
      expect(json(before).unpublish_at).toEqual(['The unpublish time must be after the publish time.']);
      expect((await schedule(id, ['publish_at'])).statusCode).toBe(400);
      expect(await pendingOf(id)).toEqual([]);
      expect((await rowOf(h, product, id))!.version).toBe(1);
      expect((await entries(id)).map((e) => e.action)).toEqual(['create']);
    });

    it('stores the schedule over the row version, shows it in the detail and the list, and clears it with null', async () => {
      const { id } = await made('draft');
      const res = await schedule(id, { publish_at: '2030-01-01T10:00:00+01:00', unpublish_at: '2030-02-01T09:00:00Z', version: 1 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers.etag).toBe('"2"');
      const schedule1 = { publish_at: '2030-01-01T09:00:00.000Z', unpublish_at: '2030-02-01T09:00:00.000Z' };
      expect(json(res)).toMatchObject({ id, version: 2, schedule: schedule1, has_draft: false });
      expect(json(await r('GET', api(product, id)))).toMatchObject({ version: 2, schedule: schedule1 });
      const list = json(await r('GET', `${api(product)}?items=100`));
      expect(list.items.find((i: { id: number }) => i.id === id)).toMatchObject({ schedule: schedule1 });
      // Stale: made from version 1.
      const stale = await schedule(id, { publish_at: null, version: 1 });
      expect(stale.statusCode).toBe(409);
      expect(json(stale).current).toMatchObject({ version: 2, schedule: schedule1 });
      const cleared = await schedule(id, { publish_at: null, version: 2 });
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect(json(cleared).schedule).toEqual({ publish_at: null, unpublish_at: schedule1.unpublish_at });
      expect(await pendingOf(id)).toEqual([{ action: 'unpublish', due_at: schedule1.unpublish_at }]);
      expect((await entries(id)).map((e) => [e.action, e.version])).toEqual([
        ['create', 1],
        ['schedule', 2],
        ['schedule', 3],
      ]);
    });

    it('does not let another site schedule a row (404), nor a user without change permission', async () => {
      const { id } = await made('draft');
      expect((await schedule(id, { publish_at: at(MINUTE), version: 1 }, verdi)).statusCode).toBe(404);
      expect((await h.call('POST', `${api(product, id)}schedule/`, { host: HOSTS.rossi, body: { publish_at: at(MINUTE), version: 1 } })).statusCode).toBe(401);
      expect(await pendingOf(id)).toEqual([]);
    });

    it('publishes the pending draft when due: the delivery API shows it only then, the indexing is recorded then', async () => {
      const { id, slug, row } = await made('draft', 'Vecchio nome');
      const draft = { ...row, translations: { ...row.translations, it: { ...row.translations.it, name: 'Nome nuovo' } }, version: 1 };
      expect((await r('POST', `${api(product, id)}draft/?language_code=it`, draft)).statusCode).toBe(200);
      expect((await schedule(id, { publish_at: at(MINUTE), version: 1 })).statusCode).toBe(200);
      // The schedule request leaves the draft pending and records no indexing.
      expect(json(await r('GET', api(product, id)))).toMatchObject({ has_draft: true });
      // The list says both of the row (columns of its row query, listFlags.ts), and neither of a plain one.
      const plain = await made('draft', 'Senza bozza');
      const listed = json(await r('GET', `${api(product)}?items=100`)).items as Array<{ id: number }>;
      expect(listed.find((i) => i.id === id)).toMatchObject({ has_draft: true, schedule: { publish_at: expect.any(String), unpublish_at: null } });
      expect(listed.find((i) => i.id === plain.id)).toMatchObject({ has_draft: false, schedule: { publish_at: null, unpublish_at: null } });
      expect(await indexed(id)).toEqual([]);
      const runner = scheduler();
      await runner.runUntilIdle();
      expect((await publicProduct(slug)).statusCode).toBe(404);
      // The list of the delivery API is read (and cached) before the action.
      const names = async () =>
        (json(await h.get(`${PUBLIC_API}/products/?lang=it&items=100`, { host: HOSTS.rossi })).items as { name: string }[]).map((i) => i.name);
      expect(await names()).not.toContain('Nome nuovo');

      ahead = MINUTE + 1000;
      await runner.runUntilIdle();
      const live = await publicProduct(slug);
      expect(live.statusCode, live.body).toBe(200);
      expect(json(live).item.name).toBe('Nome nuovo');
      expect(await names()).toContain('Nome nuovo');
      expect(json(await r('GET', api(product, id)))).toMatchObject({ status: 'published', has_draft: false, version: 3, schedule: { publish_at: null } });
      expect((await indexed(id)).length).toBeGreaterThan(0);
      const log = await entries(id);
      expect(log.map((e) => [e.action, e.version])).toEqual([
        ['create', 1],
        ['draft', 1],
        ['schedule', 2],
        ['scheduled_publish', 3],
      ]);
      // The action is the scheduling user's.
      expect(new Set(log.map((e) => e.user_id))).toEqual(new Set([log[0]!.user_id]));
      ahead = 0;
    });

    it('unpublishes when due: the delivery API no longer shows the row', async () => {
      const { id, slug } = await made('published');
      expect((await publicProduct(slug)).statusCode).toBe(200);
      expect((await schedule(id, { unpublish_at: at(-1000), version: 1 })).statusCode).toBe(200);
      await scheduler().runUntilIdle();
      expect((await publicProduct(slug)).statusCode).toBe(404);
      expect(json(await r('GET', api(product, id)))).toMatchObject({ status: 'draft', version: 3 });
      expect((await entries(id)).map((e) => e.action)).toEqual(['create', 'schedule', 'scheduled_unpublish']);
    });

    it('carries out each action once with two runners, and once when a runner died holding its lease', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 12; i++) ids.push((await made('draft', `Lotto ${i}`)).id);
      for (const id of ids) expect((await schedule(id, { publish_at: at(-1000), version: 1 })).statusCode).toBe(200);
      // A runner leases some and is killed (kill -9) before it commits anything.
      const dead = scheduler({ batchSize: 4 });
      const held = await dead.claim();
      expect(held.actions).toHaveLength(4);
      const [a, b] = [scheduler({ batchSize: 3 }), scheduler({ batchSize: 3 })];
      await Promise.all([a.runUntilIdle(), b.runUntilIdle()]);
      const published = async () => Promise.all(ids.map(async (id) => (await entries(id)).filter((e) => e.action === 'scheduled_publish').length));
      // The dead runner's four wait for its lease to run out.
      expect((await published()).filter((n) => n === 1)).toHaveLength(8);
      ahead = 61_000;
      await Promise.all([a.runUntilIdle(), b.runUntilIdle()]);
      expect(await published()).toEqual(ids.map(() => 1));
      // Its late commit is refused: nothing is written twice.
      expect(await dead.runClaimed(held.actions, held.token)).toEqual(held.actions.map(() => 'lost'));
      expect(await published()).toEqual(ids.map(() => 1));
      for (const id of ids) expect((await rowOf(h, product, id))!.version).toBe(3);
      ahead = 0;
    });

    it('fails an action the engine refuses, with the reason, and does not retry it', async () => {
      const { id, row } = await made('draft');
      const taken = `occupato-${fx.next()}`;
      const draft = { ...row, translations: { ...row.translations, it: { ...row.translations.it, slug: taken } }, version: 1 };
      expect((await r('POST', `${api(product, id)}draft/?language_code=it`, draft)).statusCode).toBe(200);
      // Another row takes the draft's slug meanwhile: the publish's update is refused.
      await r(
        'POST',
        `${api(product)}?language_code=it`,
        await fx.body('product', 'rossi', { status: 'draft', translations: { it: { name: 'Altro', slug: taken } } }),
      );
      expect((await schedule(id, { publish_at: at(-1000), version: 1 })).statusCode).toBe(200);
      await scheduler().runUntilIdle();
      const action = await h.db
        .selectFrom('scheduled_actions')
        .select(['status', 'last_error'])
        .where('object_id', '=', id)
        .where('model', '=', 'product')
        .executeTakeFirstOrThrow();
      expect(action.status).toBe('failed');
      expect(action.last_error).toMatch(/slug/);
      expect(json(await r('GET', api(product, id)))).toMatchObject({ status: 'draft', version: 2, has_draft: true });
    });

    it('carries out a batch in transactions of several actions: one refused leaves the others of its transaction done', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 3; i++) ids.push((await made('draft', `Gruppo ${i}`)).id);
      const { id: refusedId, row } = await made('draft', 'Gruppo rifiutato');
      const taken = `preso-${fx.next()}`;
      const draft = { ...row, translations: { ...row.translations, it: { ...row.translations.it, slug: taken } }, version: 1 };
      expect((await r('POST', `${api(product, refusedId)}draft/?language_code=it`, draft)).statusCode).toBe(200);
      await r(
        'POST',
        `${api(product)}?language_code=it`,
        await fx.body('product', 'rossi', { status: 'draft', translations: { it: { name: 'Altro', slug: taken } } }),
      );
      // The refused one in the middle of the transaction.
      for (const id of [ids[0]!, refusedId, ids[1]!, ids[2]!]) expect((await schedule(id, { publish_at: at(-1000), version: 1 })).statusCode).toBe(200);
      const runner = scheduler({ batchSize: 10, transactionMs: 60_000 });
      const { token, actions } = await runner.claim();
      const mine = actions.filter((a) => [...ids, refusedId].includes(a.object_id));
      expect(mine).toHaveLength(4);
      const outcomes = await runner.runClaimed(actions, token);
      // All in one call (one transaction), each with its own outcome.
      expect(outcomes).toHaveLength(actions.length);
      expect(mine.map((a) => outcomes[actions.indexOf(a)])).toEqual(['done', 'failed', 'done', 'done']);
      for (const id of ids) {
        expect(json(await r('GET', api(product, id)))).toMatchObject({ status: 'published', version: 3 });
        expect((await entries(id)).filter((e) => e.action === 'scheduled_publish')).toHaveLength(1);
      }
      expect(json(await r('GET', api(product, refusedId)))).toMatchObject({ status: 'draft', version: 2, has_draft: true });
      expect(await entries(refusedId)).not.toContainEqual(expect.objectContaining({ action: 'scheduled_publish' }));
      const failed = await h.db
        .selectFrom('scheduled_actions')
        .select(['status', 'last_error'])
        .where('model', '=', 'product')
        .where('object_id', '=', refusedId)
        .executeTakeFirstOrThrow();
      expect(failed).toMatchObject({ status: 'failed', last_error: expect.stringMatching(/slug/) });
    });

    it('ends a transaction once it has run transactionMs, leaving the rest of the batch for the next', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 3; i++) ids.push((await made('draft', `Tempo ${i}`)).id);
      for (const id of ids) expect((await schedule(id, { publish_at: at(-1000), version: 1 })).statusCode).toBe(200);
      const runner = scheduler({ batchSize: 10, transactionMs: 0 });
      const { token, actions } = await runner.claim();
      expect(actions.length).toBeGreaterThanOrEqual(3);
      // At least one action per transaction, however short the limit.
      expect(await runner.runClaimed(actions, token)).toEqual(['done']);
      expect(await pendingOf(actions[1]!.object_id)).toHaveLength(1);
      expect(await runner.runBatch()).toBe(0);
      // Still leased to this runner: carried out by the next transactions of its batch.
      for (let i = 1; i < actions.length; i++) expect(await runner.runClaimed(actions.slice(i), token)).toEqual(['done']);
      for (const id of ids) expect(json(await r('GET', api(product, id)))).toMatchObject({ status: 'published', version: 3 });
    });

    it('carries out a chunk together as one by one would: drafts, publishes, unpublishes, a row asked both, a row deleted since', async () => {
      const plain = await made('draft', 'Insieme semplice');
      const shown = await made('published', 'Insieme visibile');
      const drafted = await made('draft', 'Insieme vecchio');
      const both = await made('draft', 'Insieme andata e ritorno');
      const gone = await made('draft', 'Insieme cancellato');
      const draft = {
        ...drafted.row,
        translations: { ...drafted.row.translations, it: { ...drafted.row.translations.it, name: 'Insieme nuovo' } },
        version: 1,
      };
      expect((await r('POST', `${api(product, drafted.id)}draft/?language_code=it`, draft)).statusCode).toBe(200);
      for (const id of [plain.id, drafted.id, gone.id]) expect((await schedule(id, { publish_at: at(-1000), version: 1 })).statusCode).toBe(200);
      expect((await schedule(shown.id, { unpublish_at: at(-1000), version: 1 })).statusCode).toBe(200);
      expect((await schedule(both.id, { publish_at: at(-3000), unpublish_at: at(-2000), version: 1 })).statusCode).toBe(200);
      expect((await h.call('DELETE', api(product, gone.id), { host: HOSTS.rossi, session: rossi })).statusCode).toBe(204);

      const runner = scheduler({ batchSize: 20, transactionMs: 60_000 });
      const { token, actions } = await runner.claim();
      const mine = new Set([plain.id, shown.id, drafted.id, both.id, gone.id]);
      expect(actions.filter((a) => mine.has(a.object_id))).toHaveLength(6);
      const outcomes = await runner.runClaimed(actions, token);
      expect(outcomes).toEqual(actions.map(() => 'done'));

      expect(json(await r('GET', api(product, plain.id)))).toMatchObject({ status: 'published', version: 3 });
      expect(json(await r('GET', api(product, shown.id)))).toMatchObject({ status: 'draft', version: 3 });
      expect(json(await r('GET', api(product, drafted.id)))).toMatchObject({ status: 'published', name: 'Insieme nuovo', has_draft: false, version: 3 });
      expect(json(await r('GET', api(product, both.id)))).toMatchObject({ status: 'draft', version: 4 });
      expect((await entries(both.id)).map((e) => [e.action, e.version])).toEqual([
        ['create', 1],
        ['schedule', 2],
        ['scheduled_publish', 3],
        ['scheduled_unpublish', 4],
      ]);
      expect((await entries(drafted.id)).map((e) => e.action)).toEqual(['create', 'draft', 'schedule', 'scheduled_publish']);
      for (const id of [plain.id, shown.id]) expect((await entries(id)).map((e) => e.action).slice(-1)[0]).toMatch(/^scheduled_/);
      for (const id of [plain.id, shown.id, drafted.id, both.id]) expect((await indexed(id)).length).toBeGreaterThan(0);
      expect(await rowOf(h, product, gone.id)).toBeUndefined();
      expect(await pendingOf(gone.id)).toEqual([]);
    });

    it('has no clock control in a server built without it (only the e2e build registers it)', async () => {
      const res = await r('POST', '/api/dev/clock/', { advance_ms: MINUTE });
      expect(res.statusCode, res.body).toBe(404);
    });

    it('points the preview link at the site’s own front-end when it has one', async () => {
      const { id, slug } = await made('published', 'Anteprima');
      const site = await h.db.selectFrom('tenant_domains').select('tenant_id').where('domain', '=', HOSTS.rossi).executeTakeFirstOrThrow();
      const admin = await h.login('admin', HOSTS.master);
      const tenant = json(await h.call('GET', `/api/tenants/${site.tenant_id}/`, { host: HOSTS.master, session: admin }));
      const bad = await h.call('PATCH', `/api/tenants/${site.tenant_id}/`, {
        host: HOSTS.master,
        session: admin,
        body: { preview_url: 'ftp://x', version: tenant.version },
      });
      expectFieldErrors(bad, ['preview_url']);
      const set = await h.call('PATCH', `/api/tenants/${site.tenant_id}/`, {
        host: HOSTS.master,
        session: admin,
        body: { preview_url: 'https://front.example.com/', version: tenant.version },
      });
      expect(set.statusCode, set.body).toBe(200);
      try {
        const res = await r('POST', `${api(product, id)}preview/?language_code=it`, {});
        expect(res.statusCode, res.body).toBe(200);
        const { url, token } = json(res);
        expect(url).toBe(`https://front.example.com/it/prodotti/${slug}?preview=${encodeURIComponent(token)}`);
      } finally {
        await h.db.updateTable('tenants').set({ preview_url: '' }).where('id', '=', site.tenant_id).execute();
      }
    });
  },
  { env: { JOBS_POLL_MS: '0', INDEXING_POLL_MS: '0' }, resetBetweenTests: false },
);
