/**
 * Image work off the request path (issue 19 item 4, docs/decisions.md §34): an image upload
 * answers once the original is stored, its row `processing`; a `media_variants` job makes
 * the variants and clears the flag in the transaction that ends it, and a runner killed
 * mid-job leaves the row processing until another runs the job again from the start.
 * The app's own runner does not poll here: each test runs the jobs when it means to.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ImagePool } from '../../server/services/media/imagePool.js';
import { mediaVariantsKind } from '../../server/services/media/variantsJob.js';
import { JobRunner } from '../../server/services/jobs/runner.js';
import { claimJob } from '../../server/services/jobs/store.js';
import { image, pdf } from './fixtures/media.js';
import { isStored, list, type MediaJson, processed, stagingFiles, upload } from './fixtures/mediaApi.js';
import { BOTH_STORES, describeEachDialect, type Session } from './harness.js';

const iso = (ms: number) => new Date(ms).toISOString();

describeEachDialect(
  'media processing',
  (h) => {
    let admin: Session;
    let pool: ImagePool;
    /** How far the test runners' clock is ahead of the real one. */
    let ahead = 0;
    /** The last job of the tests before. */
    let since = 0;

    beforeEach(async () => {
      admin = await h.login('admin');
      pool = new ImagePool(h.config.images);
      ahead = 0;
      await h.app.jobs.runUntilIdle();
      since = Number(
        (
          await h.db
            .selectFrom('jobs')
            .select((eb) => eb.fn.max('id').as('id'))
            .executeTakeFirst()
        )?.id ?? 0,
      );
    });
    afterEach(() => pool.close());

    const kind = () =>
      mediaVariantsKind({
        db: h.db,
        dialect: h.dialect,
        storage: h.storage,
        log: h.app.log,
        images: pool,
        stagingDir: h.config.media.stagingDir,
      });
    const runner = () => new JobRunner({ db: h.db, dialect: h.dialect, kinds: [kind()], now: () => Date.now() + ahead, leaseMs: 60_000 });

    async function uploading(body: Buffer, filename: string): Promise<MediaJson> {
      const res = await upload(h, admin, body, { filename });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as MediaJson;
    }
    const rowOf = (id: number) =>
      h.db.selectFrom('media').select(['processing', 'thumb_key', 'web_key', 'width']).where('id', '=', id).executeTakeFirstOrThrow();
    const variantJobs = () =>
      h.db.selectFrom('jobs').select(['id', 'status', 'done', 'errors']).where('kind', '=', 'media_variants').where('id', '>', since).orderBy('id').execute();

    it("keeps an upload's variants job out of its user's jobs panel: not listed, not counted, not cancellable", async () => {
      const item = await uploading(await image('jpeg', 300, 200), 'panel.jpg');
      const [job] = await variantJobs();
      expect(job).toBeDefined();
      const listed = await h.get('/api/jobs/', { session: admin });
      expect(listed.statusCode, listed.body).toBe(200);
      expect((listed.json() as { items: Array<{ id: number }> }).items.map((j) => j.id)).not.toContain(job!.id);
      expect((await h.get(`/api/jobs/${job!.id}/`, { session: admin })).statusCode).toBe(404);
      expect((await h.post(`/api/jobs/${job!.id}/cancel/`, { session: admin })).statusCode).toBe(404);
      expect(await processed(h, admin, item)).toMatchObject({ processing: false });
    });

    it('answers an image upload at once, processing, with no variant URL; its job makes them', async () => {
      const item = await uploading(await image('jpeg', 900, 600), 'tractor.jpg');
      expect(item).toMatchObject({ processing: true, thumbnail_url: null, web_url: null, width: null, height: null, mime_type: 'image/jpeg' });
      // The original is served meanwhile; the list shows the item as processing.
      expect((await h.get(item.url)).statusCode).toBe(200);
      expect((await list(h, admin)).media.items.find((m) => m.id === item.id)).toMatchObject({ processing: true, thumbnail_url: null });
      expect(await variantJobs()).toEqual([expect.objectContaining({ status: 'queued' })]);

      const made = await processed(h, admin, item);
      expect(made).toMatchObject({
        processing: false,
        width: 900,
        height: 600,
        thumbnail_url: expect.stringMatching(/\.thumb\.webp$/),
        web_url: expect.stringMatching(/\.web\.webp$/),
      });
      expect((await h.get(made.thumbnail_url!)).statusCode).toBe(200);
      expect((await list(h, admin)).media.items.find((m) => m.id === item.id)).toMatchObject({ processing: false, thumbnail_url: made.thumbnail_url });
      expect(await variantJobs()).toEqual([expect.objectContaining({ status: 'done', done: 1, errors: 0 })]);
      expect(stagingFiles(h)).toEqual([]);
    });

    it('files a file without variants ready, with no job', async () => {
      const item = await uploading(pdf(), 'brochure.pdf');
      expect(item).toMatchObject({ processing: false, thumbnail_url: null });
      expect(await variantJobs()).toEqual([]);
    });

    it('resumes after a runner died mid-job: the row stays processing until another runs the job from the start', async () => {
      const item = await uploading(await image('png', 300, 200), 'resumed.png');
      // A runner leases the job, makes and stores the variants, and is killed (kill -9) before its batch commits.
      const dead = await claimJob(h.db, h.dialect, iso(Date.now()), iso(Date.now() + 60_000));
      expect(dead?.job.payload).toMatchObject({ media: item.id });
      const lost = await kind().prepare!(dead!.job);
      expect(lost && 'variants' in lost && (await isStored(h, `/media/${lost.variants.thumb_key}`))).toBe(true);
      expect(await rowOf(item.id)).toMatchObject({ thumb_key: null, width: null, processing: expect.any(String) });

      const restarted = runner();
      ahead += 30_000;
      expect(await restarted.runBatch()).toEqual({ job: undefined, outcome: 'idle' });
      ahead += 31_000;
      expect(await restarted.runBatch()).toEqual({ job: dead!.job.id, outcome: 'finished' });
      const row = await rowOf(item.id);
      expect(row).toMatchObject({ processing: null, width: 300, thumb_key: expect.stringMatching(/\.thumb\.webp$/) });
      // The dead run's variants belong to no row (the debris sweep's); what it would commit now is refused.
      expect(row.thumb_key).not.toBe(lost && 'variants' in lost ? lost.variants.thumb_key : undefined);
      expect(await restarted.runClaimed(dead!.job, dead!.token)).toEqual({ job: dead!.job.id, outcome: 'lost' });
      expect(await rowOf(item.id)).toEqual(row);
    });

    it('keeps nothing of a job whose file was replaced while it ran; the new file gets its own', async () => {
      const item = await uploading(await image('png', 120, 90), 'first.png');
      const first = await claimJob(h.db, h.dialect, iso(Date.now()), iso(Date.now() + 60_000));
      const k = kind();
      const made = await k.prepare!(first!.job);
      const stale = made && 'variants' in made ? made.variants : undefined;
      expect(stale?.width).toBe(120);
      // The file is replaced while the first job's variants are being made.
      const replaced = await upload(h, admin, await image('jpeg', 80, 60), { filename: 'second.jpg', url: `/api/media/${item.id}/file`, method: 'PUT' });
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(replaced.json()).toMatchObject({ processing: true, thumbnail_url: null });
      // The first job's batch finds its ticket gone: it writes nothing and removes what it stored.
      expect(await h.db.transaction().execute((trx) => k.batch(trx, first!.job, made))).toMatchObject({ finished: true, problems: [] });
      expect(await rowOf(item.id)).toMatchObject({ processing: expect.any(String), thumb_key: null });
      expect(await isStored(h, `/media/${stale!.thumb_key}`)).toBe(false);
      expect(await isStored(h, `/media/${stale!.web_key}`)).toBe(false);

      const after = await processed(h, admin, replaced.json() as MediaJson);
      expect(after).toMatchObject({
        processing: false,
        width: 80,
        height: 60,
        mime_type: 'image/jpeg',
        thumbnail_url: expect.stringMatching(/\.thumb\.webp$/),
      });
    });

    it('keeps why an image has no preview until a readable file replaces it', async () => {
      const png = await image('png', 120, 90);
      const cut = await uploading(png.subarray(0, 60), 'cut.png');
      expect(cut).toMatchObject({ processing: true, preview_error: null });
      expect(await processed(h, admin, cut)).toMatchObject({ processing: false, preview_error: 'imageInvalid', thumbnail_url: null });
      const replaced = await upload(h, admin, png, { filename: 'whole.png', url: `/api/media/${cut.id}/file`, method: 'PUT' });
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(replaced.json()).toMatchObject({ processing: true, preview_error: null });
      expect(await processed(h, admin, replaced.json() as MediaJson)).toMatchObject({ processing: false, preview_error: null, width: 120 });
    });

    it('ends the job of a media item deleted before its variants were made', async () => {
      const item = await uploading(await image('png'), 'gone.png');
      expect((await h.call('DELETE', `/api/media/${item.id}`, { session: admin })).statusCode).toBe(204);
      await h.app.jobs.runUntilIdle();
      expect(await variantJobs()).toEqual([expect.objectContaining({ status: 'done', errors: 0 })]);
    });
  },
  { env: { JOBS_POLL_MS: '0' }, stores: BOTH_STORES },
);
