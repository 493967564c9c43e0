/**
 * Image work is bounded (issue 13, point 2): an animated image whose frames together are
 * over IMAGE_MAX_ANIMATED_MEGAPIXELS gets a still web variant; one that takes longer than
 * IMAGE_TIMEOUT_SECONDS is abandoned and refused as an unreadable image is, and the next
 * upload is served by a fresh worker. (That other sites are not stalled meanwhile needs a
 * real server process: tests/faults/image-stalls.test.ts.)
 */
import sharp from 'sharp';
import { beforeEach, expect, it } from 'vitest';
import { heavyGif } from '../../bench/lib/gif.js';
import { image } from './fixtures/media.js';
import { stagingFiles, upload, uploaded } from './fixtures/mediaApi.js';
import { BOTH_STORES, describeEachDialect, expectFieldErrors, type Session } from './harness.js';

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

    it('is abandoned and refused with 400 on the file; the next upload is made by a fresh worker', async () => {
      // 100 frames of 1600×1600, all decoded (the bound is lifted here): seconds of work.
      const res = await upload(h, admin, heavyGif(), { filename: 'heavy.gif' });
      expect(expectFieldErrors(res, ['file']).file).toEqual(['The image took too long to process: upload a smaller or simpler image.']);
      expect(stagingFiles(h)).toEqual([]);
      expect(
        Number(
          (
            await h.db
              .selectFrom('media')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ).toBe(0);

      const item = await uploaded(h, admin, await image('png'), { filename: 'after.png' });
      expect(item.thumbnail_url).toBeTruthy();
    });
  },
  { env: { IMAGE_MAX_ANIMATED_MEGAPIXELS: '1000', IMAGE_TIMEOUT_SECONDS: '0.3' }, stores: BOTH_STORES },
);

describeEachDialect(
  'images waiting for a worker',
  (h) => {
    it('are refused with 503 and Retry-After beyond IMAGE_QUEUE', async () => {
      const admin = await h.login('admin');
      // One worker, no queue: the second of two heavy uploads sent together finds it busy.
      const answers = await Promise.all([1, 2].map((seed) => upload(h, admin, heavyGif({ seed }), { filename: `heavy-${seed}.gif` })));
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(statuses, answers.map((r) => r.body).join('\n')).toEqual([201, 503]);
      const refused = answers.find((r) => r.statusCode === 503)!;
      expect(refused.headers['retry-after']).toBe('60');
      expect(refused.json()).toEqual({ detail: 'The server is busy processing images. Try again in a minute.' });
      expect(stagingFiles(h)).toEqual([]);
    });
  },
  { env: { IMAGE_WORKERS: '1', IMAGE_QUEUE: '0' }, stores: BOTH_STORES },
);
