/**
 * The job runner and bulk edit (issue 17) against a real database: a bulk edit goes through
 * the entity engine's write path as a job, reports rows changed meanwhile instead of
 * overwriting them, answers a bad set with 400 and no job, stays in its site and its user's
 * reach; the runner holds a job with one runner at a time, resumes after a runner died
 * mid-job without writing a row twice, retries a failed batch, and stops on cancel.
 */
import { sql } from 'kysely';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { type BulkPayload, bulkUpdateKind } from '../../server/services/jobs/bulkUpdate.js';
import type { JobKind } from '../../server/services/jobs/kinds.js';
import { reportCsv } from '../../server/services/jobs/report.js';
import { JobRunner } from '../../server/services/jobs/runner.js';
import { claimJob } from '../../server/services/jobs/store.js';
import { api, entity, fixtures, HOSTS, json, rowOf } from './entity-fixtures.js';
import { describeEachDialect, type Session } from './harness.js';

const product = entity('product');
const iso = (ms: number) => new Date(ms).toISOString();

describeEachDialect(
  'jobs and bulk edit',
  (h) => {
    let rossi: Session;
    let verdi: Session;
    let brand: number;
    /** How far the runners' clock is ahead of the real one. */
    let ahead = 0;
    const f = fixtures(h);

    const runner = (opts: Partial<ConstructorParameters<typeof JobRunner>[0]> = {}) =>
      new JobRunner({
        db: h.db,
        dialect: h.dialect,
        kinds: [bulkUpdateKind()],
        now: () => Date.now() + ahead,
        random: () => 0,
        backoffMs: 1000,
        maxAttempts: 3,
        ...opts,
      });

    /** `n` products of rossi's brand, with a price of 100; their ids. */
    async function products(n: number, site: 'rossi' | 'verdi' = 'rossi') {
      const ids: number[] = [];
      const own = site === 'rossi' ? { brand } : {};
      for (let i = 0; i < n; i++) ids.push(await f.create('product', site, { ...own, price: 100, status: 'draft', tags: [] }));
      return ids;
    }

    const versions = async (ids: readonly number[]) => Promise.all(ids.map(async (id) => (await rowOf(h, product, id))!.version));

    const bulk = (body: unknown, session: Session = rossi, host: string = HOSTS.rossi) => h.post(`${api(product)}bulk_update/`, { host, session, body });

    async function queued(body: unknown): Promise<number> {
      const res = await bulk(body);
      expect(res.statusCode, res.body).toBe(202);
      const { job } = json(res);
      expect(job).toMatchObject({ kind: 'bulk_update', status: 'queued' });
      return Number(job.id);
    }

    const jobOf = async (id: number, session: Session = rossi, host: string = HOSTS.rossi) => json(await h.get(`/api/jobs/${id}/`, { host, session }));
    const productOf = async (id: number) => json(await h.get(api(product, id), { host: HOSTS.rossi, session: rossi }));
    const jobCount = async () =>
      (
        await h.db
          .selectFrom('jobs')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n;

    beforeAll(async () => {
      brand = await f.create('brand', 'rossi');
    });

    // Every test starts signed out (the harness empties the sessions).
    beforeEach(async () => {
      ahead = 0;
      // A job a test left unfinished is no other test's to run.
      await h.db.updateTable('jobs').set({ status: 'cancelled' }).where('status', 'in', ['queued', 'running']).execute();
      rossi = await h.login('rossi', HOSTS.rossi);
      verdi = await h.login('verdi', HOSTS.verdi);
    });

    it('sets a status and raises a price by a percent on the chosen rows, through the write path, once each', async () => {
      const ids = await products(3);
      const before = await versions(ids);
      const id = await queued({ ids, set: { status: 'archived', price: { percent: 10 } } });
      await h.app.jobs.runUntilIdle();
      expect(await jobOf(id)).toMatchObject({ id, status: 'done', done: 3, total: 3, errors: 0 });
      expect((await jobOf(id)).report_url).toBeUndefined();
      for (const pid of ids) expect(await productOf(pid)).toMatchObject({ status: 'archived', price: 110 });
      expect(await versions(ids)).toEqual(before.map((v) => v + 1));
    });

    it('adds and removes tags, and changes a price by an amount', async () => {
      const [a, b] = [await f.create('tag', 'rossi'), await f.create('tag', 'rossi')];
      const ids = await products(2);
      await h.call('PATCH', api(product, ids[0]), { host: HOSTS.rossi, session: rossi, body: { tags: [b], version: (await versions([ids[0]!]))[0] } });
      const id = await queued({ ids, set: { tags: { add: [a], remove: [b] }, price: { amount: -30 } } });
      await h.app.jobs.runUntilIdle();
      expect(await jobOf(id)).toMatchObject({ status: 'done', errors: 0 });
      for (const pid of ids) expect(await productOf(pid)).toMatchObject({ tags: [a], price: 70 });
    });

    it('reports a row changed after the edit was asked instead of overwriting it, in a CSV report', async () => {
      const ids = await products(2);
      const id = await queued({ ids, set: { status: 'published' } });
      const [v] = await versions([ids[0]!]);
      const edited = await h.call('PATCH', api(product, ids[0]), { host: HOSTS.rossi, session: rossi, body: { status: 'archived', version: v } });
      expect(edited.statusCode).toBe(200);
      await h.app.jobs.runUntilIdle();
      const job = await jobOf(id);
      expect(job).toMatchObject({ status: 'done', done: 2, total: 2, errors: 1, report_url: `/api/jobs/${id}/report/` });
      expect(await productOf(ids[0]!)).toMatchObject({ status: 'archived' });
      expect(await productOf(ids[1]!)).toMatchObject({ status: 'published' });
      const report = await h.get(job.report_url, { host: HOSTS.rossi, session: rossi });
      expect(report.statusCode).toBe(200);
      expect(report.headers['content-type']).toMatch(/^text\/csv/);
      expect(report.headers['content-disposition']).toContain(`job-${id}-errors.csv`);
      expect(report.body.trim().split('\n')).toEqual(['row,field,message', `${ids[0]},,Changed by someone else after the bulk edit was asked: left as it is.`]);
    });

    it('reports a row the form would refuse, with its field and message, and writes the others', async () => {
      const ids = await products(2);
      const [v] = await versions([ids[0]!]);
      await h.call('PATCH', api(product, ids[0]), { host: HOSTS.rossi, session: rossi, body: { price: 10, version: v } });
      const id = await queued({ ids, set: { price: { amount: -50 } } });
      await h.app.jobs.runUntilIdle();
      expect(await jobOf(id)).toMatchObject({ status: 'done', errors: 1 });
      const csv = (await h.get(`/api/jobs/${id}/report/`, { host: HOSTS.rossi, session: rossi })).body;
      expect(csv).toContain(`${ids[0]},price,`);
      expect(await productOf(ids[0]!)).toMatchObject({ price: 10 });
      expect(await productOf(ids[1]!)).toMatchObject({ price: 50 });
    });

    it('answers a bad set or selection with 400 and queues nothing', async () => {
      const [pid] = await products(1);
      const [otherCategory] = [await f.create('category', 'verdi')];
      const n = await jobCount();
      const cases: Array<[unknown, string]> = [
        [{ ids: [pid], set: { status: 'gone' } }, 'set.status'],
        [{ ids: [pid], set: { sku: 'X' } }, 'set.sku'],
        [{ ids: [pid], set: { brand: null } }, 'set.brand'],
        [{ ids: [pid], set: { category: otherCategory } }, 'set.category'],
        [{ ids: [pid], set: { price: { percent: -101 } } }, 'set.price'],
        [{ ids: [pid], set: { tags: [1] } }, 'set.tags'],
        [{ ids: [pid], set: {} }, 'set'],
        [{ set: { status: 'draft' } }, 'ids'],
        [{ ids: [pid], filter: {}, set: { status: 'draft' } }, 'ids'],
        [{ filter: { fltr: 'nope=1' }, set: { status: 'draft' } }, 'filter.fltr'],
      ];
      for (const [body, path] of cases) {
        const res = await bulk(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(Object.keys(res.json()), JSON.stringify(body)).toContain(path);
      }
      expect(await jobCount()).toBe(n);
    });

    it('edits every row a filter matches, and only those', async () => {
      const category = await f.create('category', 'rossi');
      const inside = [await f.create('product', 'rossi', { brand, category, price: 5 }), await f.create('product', 'rossi', { brand, category, price: 6 })];
      const [outside] = await products(1);
      const id = await queued({ filter: { fltr: `category=${category}` }, set: { status: 'archived' } });
      await h.app.jobs.runUntilIdle();
      expect(await jobOf(id)).toMatchObject({ status: 'done', total: 2, errors: 0 });
      for (const pid of inside) expect(await productOf(pid)).toMatchObject({ status: 'archived' });
      expect(await productOf(outside!)).toMatchObject({ status: 'draft' });
    });

    it("stays in its site and its user's reach: another site's ids are reported and left alone, its jobs not found", async () => {
      const [theirs] = await products(1, 'verdi');
      const before = await rowOf(h, product, theirs!);
      const id = await queued({ ids: [theirs], set: { status: 'archived' } });
      await h.app.jobs.runUntilIdle();
      expect(await jobOf(id)).toMatchObject({ status: 'done', total: 1, done: 1, errors: 1 });
      expect(await rowOf(h, product, theirs!)).toEqual(before);
      expect((await h.get(`/api/jobs/${id}/`, { host: HOSTS.verdi, session: verdi })).statusCode).toBe(404);
      expect((await h.post(`/api/jobs/${id}/cancel/`, { host: HOSTS.verdi, session: verdi })).statusCode).toBe(404);
      expect((await h.get(`/api/jobs/${id}/report/`, { host: HOSTS.verdi, session: verdi })).statusCode).toBe(404);
      const mine = json(await h.get('/api/jobs/', { host: HOSTS.verdi, session: verdi }));
      expect(mine.items.map((j: { id: number }) => j.id)).not.toContain(id);
    });

    it('needs a signed-in user holding change on the entity', async () => {
      const [pid] = await products(1);
      expect((await h.post(`${api(product)}bulk_update/`, { host: HOSTS.rossi, body: { ids: [pid], set: { status: 'archived' } } })).statusCode).toBe(401);
      expect((await h.get('/api/jobs/', { host: HOSTS.rossi })).statusCode).toBe(401);
      // Master staff view products on a dealer site but may not change them; the master site has no products.
      const staff = await h.login('staff', HOSTS.rossi);
      const n = await jobCount();
      expect((await bulk({ ids: [pid], set: { status: 'archived' } }, staff)).statusCode).toBe(403);
      const admin = await h.login('admin', HOSTS.master);
      expect((await bulk({ ids: [pid], set: { status: 'archived' } }, admin, HOSTS.master)).statusCode).toBe(404);
      expect(await jobCount()).toBe(n);
    });

    it("lists the user's jobs newest first, paged", async () => {
      const [pid] = await products(1);
      const a = await queued({ ids: [pid], set: { status: 'draft' } });
      const b = await queued({ ids: [pid], set: { status: 'draft' } });
      const page = json(await h.get('/api/jobs/?items=1', { host: HOSTS.rossi, session: rossi }));
      expect(page.items.map((j: { id: number }) => j.id)).toEqual([b]);
      expect(page.paginator).toMatchObject({ page: 1, page_size: 1, has_next: true });
      const second = json(await h.get('/api/jobs/?items=1&page=2', { host: HOSTS.rossi, session: rossi }));
      expect(second.items.map((j: { id: number }) => j.id)).toEqual([a]);
      await h.app.jobs.runUntilIdle();
    });

    it('cancels a job between batches: committed batches stay, the rest is left alone; an ended job answers 409', async () => {
      const ids = await products(120);
      const before = await versions(ids);
      const id = await queued({ ids, set: { status: 'archived' } });
      const r = runner();
      expect(await r.runBatch()).toEqual({ job: id, outcome: 'committed' });
      expect(await jobOf(id)).toMatchObject({ status: 'running', done: 50, total: 120 });
      const res = await h.post(`/api/jobs/${id}/cancel/`, { host: HOSTS.rossi, session: rossi });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id, status: 'cancelled', done: 50 });
      expect(await r.runBatch()).toEqual({ job: undefined, outcome: 'idle' });
      const after = await versions(ids);
      expect(after.slice(0, 50)).toEqual(before.slice(0, 50).map((v) => v + 1));
      expect(after.slice(50)).toEqual(before.slice(50));
      expect((await h.post(`/api/jobs/${id}/cancel/`, { host: HOSTS.rossi, session: rossi })).statusCode).toBe(409);
    });

    it('resumes after a runner died mid-job, from the last committed batch, writing no row twice', async () => {
      const ids = await products(120);
      const before = await versions(ids);
      const id = await queued({ ids, set: { price: { amount: 1 } } });
      expect(await runner().runBatch()).toMatchObject({ job: id, outcome: 'committed' });
      // Another runner leases the job for its next batch and is killed (kill -9) before it commits.
      const dead = await claimJob(h.db, h.dialect, iso(Date.now()), iso(Date.now() + 60_000));
      expect(dead?.job).toMatchObject({ id, checkpoint: { next: 50 } });
      const restarted = runner({ leaseMs: 60_000 });
      ahead += 59_000;
      expect(await restarted.runBatch()).toEqual({ job: undefined, outcome: 'idle' });
      ahead += 2_000;
      await restarted.runUntilIdle();
      expect(await jobOf(id)).toMatchObject({ status: 'done', done: 120, errors: 0 });
      expect(await versions(ids)).toEqual(before.map((v) => v + 1));
      for (const pid of [ids[0]!, ids[60]!, ids[119]!]) expect(await productOf(pid)).toMatchObject({ price: 101 });
      // The dead runner's lease is gone: what it would commit now is refused, and nothing is written.
      expect(await restarted.runClaimed(dead!.job, dead!.token)).toEqual({ job: id, outcome: 'lost' });
      expect(await versions(ids)).toEqual(before.map((v) => v + 1));
    });

    it('two runners on one database run each batch once', async () => {
      const ids = await products(160);
      const before = await versions(ids);
      const id = await queued({ ids, set: { status: 'published' } });
      const [a, b] = [runner(), runner()];
      const outcomes = (await Promise.all([a.runUntilIdle(), b.runUntilIdle()])).flat();
      expect(outcomes.filter((o) => o.job === id && (o.outcome === 'committed' || o.outcome === 'finished'))).toHaveLength(4);
      expect(await jobOf(id)).toMatchObject({ status: 'done', done: 160, errors: 0 });
      expect(await versions(ids)).toEqual(before.map((v) => v + 1));
    });

    it("runs a kind's prepare before the batch's transaction, hands its result to the batch, and retries a prepare that throws", async () => {
      const ids = await products(2);
      const id = await queued({ ids, set: { status: 'archived' } });
      const real = bulkUpdateKind();
      const seen: unknown[] = [];
      let failures = 1;
      const prepared: JobKind<string> = {
        name: real.name,
        async prepare(job) {
          if (failures-- > 0) throw new Error('image pool busy');
          // Outside any transaction: the job's row is readable and not yet running this batch.
          const row = await h.db.selectFrom('jobs').select('status').where('id', '=', job.id).executeTakeFirstOrThrow();
          return `made while ${row.status}`;
        },
        async batch(db, job, made) {
          seen.push(made);
          return real.batch(db, job, undefined);
        },
      };
      const r = runner({ kinds: [prepared] });
      expect(await r.runBatch()).toEqual({ job: id, outcome: 'retry' });
      expect(seen).toEqual([]);
      ahead += 2_000;
      await r.runUntilIdle();
      expect(seen).toEqual(['made while queued']);
      expect(await jobOf(id)).toMatchObject({ status: 'done', done: 2 });
    });

    it("refreshes the planner's statistics of the tables a job's batches outgrew, on PostgreSQL", async () => {
      const ids = await products(1);
      const id = await queued({ ids, set: { status: 'archived' } });
      await sql`create table bulk_scratch (id integer primary key)`.execute(h.db);
      if (h.dialect === 'postgres') await sql`analyze bulk_scratch`.execute(h.db);
      const real = bulkUpdateKind();
      const growing: JobKind = {
        name: real.name,
        async batch(db, job) {
          await db
            .insertInto('bulk_scratch')
            .values(Array.from({ length: 3000 }, (_, i) => ({ id: i + 1 })))
            .execute();
          // The batch's counters reach the statistics at its commit, not up to a second later.
          if (h.dialect === 'postgres') await sql`select pg_stat_force_next_flush()`.execute(db);
          return real.batch(db, job, undefined);
        },
      };
      try {
        await runner({ kinds: [growing] }).runUntilIdle();
        expect(await jobOf(id)).toMatchObject({ status: 'done', done: 1 });
        if (h.dialect === 'postgres') {
          const { rows } = await sql<{ changed: number; analyzed: boolean }>`select n_mod_since_analyze as changed, last_analyze is not null as analyzed
            from pg_stat_user_tables where relname = 'bulk_scratch'`.execute(h.db);
          expect(rows).toEqual([{ changed: 0, analyzed: true }]);
        } else expect((await sql`select name from sqlite_master where name = 'sqlite_stat1'`.execute(h.db)).rows).toEqual([]);
      } finally {
        await sql`drop table bulk_scratch`.execute(h.db);
      }
    });

    it('rolls a failed batch back and retries it after a backoff; gives up after max attempts', async () => {
      const ids = await products(3);
      const before = await versions(ids);
      const id = await queued({ ids, set: { status: 'archived' } });
      const real = bulkUpdateKind();
      let failures = 1;
      // Fails after writing its rows: the batch's writes roll back with it.
      const flaky: JobKind = {
        name: real.name,
        async batch(db, job) {
          const r = await real.batch(db, job, undefined);
          if (failures-- > 0) throw new Error('connection reset');
          return r;
        },
      };
      const r = runner({ kinds: [flaky] });
      expect(await r.runBatch()).toEqual({ job: id, outcome: 'retry' });
      expect(await versions(ids)).toEqual(before);
      expect(await jobOf(id)).toMatchObject({ status: 'queued', done: 0 });
      expect(await r.runBatch()).toEqual({ job: undefined, outcome: 'idle' });
      ahead += 500;
      expect(await r.runBatch()).toEqual({ job: id, outcome: 'finished' });
      expect(await versions(ids)).toEqual(before.map((v) => v + 1));

      const other = await queued({ ids, set: { status: 'draft' } });
      const broken: JobKind = { name: real.name, batch: () => Promise.reject(new Error('always')) };
      const g = runner({ kinds: [broken] });
      for (let i = 0; i < 3; i++) {
        ahead += 10_000;
        await g.runBatch();
      }
      expect(await jobOf(other)).toMatchObject({ status: 'failed' });
      const row = await h.db.selectFrom('jobs').select(['attempts', 'last_error']).where('id', '=', other).executeTakeFirstOrThrow();
      expect(row).toEqual({ attempts: 3, last_error: 'always' });
    });

    it('keeps what the job was asked: ids in order with their versions then', async () => {
      const ids = await products(2);
      const id = await queued({ ids: [...ids].reverse(), set: { status: 'draft' } });
      const row = await h.db.selectFrom('jobs').select('payload').where('id', '=', id).executeTakeFirstOrThrow();
      const payload = JSON.parse(row.payload) as BulkPayload;
      const sorted = [...ids].sort((x, y) => x - y);
      expect(payload.items).toEqual(sorted.map((pid, i) => [pid, payload.items[i]![1]]));
      expect(payload.items.map(([, v]) => v)).toEqual(await versions(sorted));
      await h.app.jobs.runUntilIdle();
    });
  },
  { env: { JOBS_POLL_MS: '0', INDEXING_POLL_MS: '0' } },
);

it('neutralises report cells a spreadsheet would read as a formula', () => {
  const csv = reportCsv([
    { ref: '1', field: 'name', message: '=HYPERLINK("http://x")' },
    { ref: '+2', field: '-3', message: '@SUM(A1)' },
    { ref: '4', field: 'a,b', message: 'line\nbreak "quoted"' },
  ]);
  expect(csv.split('\n').slice(0, 3)).toEqual(['row,field,message', `1,name,"'=HYPERLINK(""http://x"")"`, `'+2,'-3,'@SUM(A1)`]);
  expect(csv).toContain('4,"a,b","line\nbreak ""quoted"""');
});
