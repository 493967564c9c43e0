/**
 * Image work is bounded (issue 13, point 2): an animated image whose frames together are
 * over IMAGE_MAX_ANIMATED_MEGAPIXELS gets a still web variant; one that takes longer than
 * IMAGE_TIMEOUT_SECONDS is abandoned and filed without a preview as an unreadable image is
 * (docs/decisions.md §34), and the next image is made by a fresh worker. (That other sites are not stalled meanwhile needs a
 * real server process: tests/faults/image-stalls.test.ts.)
 */
import sharp from 'sharp';
import { beforeEach, expect, it } from 'vitest';
import { heavyGif } from '../../bench/lib/gif.js';
import { image } from './fixtures/media.js';
import { type MediaJson, processed, stagingFiles, upload, uploaded } from './fixtures/mediaApi.js';
import { BOTH_STORES, describeEachDialect, type Session } from './harness.js';

async function framesOf(h: Parameters<Parameters<typeof describeEachDialect>[1]>[0], url: string | null) {
  expect(url).toBeTruthy();
  const res = await h.get(url!);
  expect(res.statusCode).toBe(200);
  return (await sharp(res.rawPayload).metadata()).pages ?? 1;
}

describeEachDialect(
  'animated images over the pixel bound',
  (h) => {
    let admin: Session;
    beforeEach(async () => {
      admin = await h.login('admin');
    });

    it('keeps the animation of a GIF whose frames are within the bound', async () => {
      // 10 frames of 64×64: 41,000 pixels.
      const item = await uploaded(h, admin, heavyGif({ width: 64, height: 64, frames: 10 }), { filename: 'small.gif' });
      expect(await framesOf(h, item.web_url)).toBe(10);
    });

    it('makes a still web variant of a GIF whose frames together are over it', async () => {
      // 10 frames of 400×400: 1.6 megapixels, over the 1 set here.
      const item = await uploaded(h, admin, heavyGif({ width: 400, height: 400, frames: 10 }), { filename: 'big.gif' });
      expect(item.width).toBe(400);
      expect(item.height).toBe(400);
      expect(await framesOf(h, item.web_url)).toBe(1);
      expect(await framesOf(h, item.thumbnail_url)).toBe(1);
    });
  },
  { env: { IMAGE_MAX_ANIMATED_MEGAPIXELS: '1' }, stores: BOTH_STORES },
);

describeEachDialect(
  'an image over the time limit',
  (h) => {
    let admin: Session;
    beforeEach(async () => {
      admin = await h.login('admin');
    });

    it('is abandoned and filed without a preview, its job saying why; the next image is made by a fresh worker', async () => {
      // 100 frames of 1600×1600, all decoded (the bound is lifted here): seconds of work.
      const res = await upload(h, admin, heavyGif(), { filename: 'heavy.gif' });
      expect(res.statusCode, res.body).toBe(201);
      const heavy = await processed(h, admin, res.json() as MediaJson);
      expect(heavy).toMatchObject({ processing: false, preview_error: 'imageSlow', thumbnail_url: null, web_url: null, width: null });
      const problems = await h.db.selectFrom('job_errors').select('message').execute();
      expect(problems).toEqual([{ message: 'The image took too long to process: upload a smaller or simpler image.' }]);
      expect(stagingFiles(h)).toEqual([]);

      const item = await uploaded(h, admin, await image('png'), { filename: 'after.png' });
      expect(item.thumbnail_url).toBeTruthy();
      expect(item.preview_error).toBeNull();
    });
  },
  { env: { IMAGE_MAX_ANIMATED_MEGAPIXELS: '1000', IMAGE_TIMEOUT_SECONDS: '0.3' }, stores: BOTH_STORES },
);

describeEachDialect(
  'images waiting for a worker',
  (h) => {
    it('are answered at once and made in turn by their jobs', async () => {
      const admin = await h.login('admin');
      // One worker, no queue: the two heavy uploads sent together were once one made and one refused 503.
      const answers = await Promise.all([1, 2].map((seed) => upload(h, admin, heavyGif({ seed }), { filename: `heavy-${seed}.gif` })));
      expect(answers.map((r) => [r.statusCode, (r.json() as MediaJson).processing])).toEqual([
        [201, true],
        [201, true],
      ]);
      const made = await Promise.all(answers.map((r) => processed(h, admin, r.json() as MediaJson)));
      for (const item of made) expect(item).toMatchObject({ processing: false, thumbnail_url: expect.stringMatching(/\.thumb\.webp$/) });
      expect(stagingFiles(h)).toEqual([]);
    });
  },
  { env: { IMAGE_WORKERS: '1', IMAGE_QUEUE: '0' }, stores: BOTH_STORES },
);
