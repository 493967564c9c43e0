import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { sweepOrphanFiles } from '../../server/services/media/debris.js';
import { coverGeometry } from '../../server/services/media/render.js';
import { renditionKey, type RenditionSpec } from '../../server/services/media/renditionKeys.js';
import { mediaUrl } from '../../server/services/media/serialize.js';
import { image, pdf, svg } from './fixtures/media.js';
import { call, keyOf, type MediaJson, processed, upload, uploaded } from './fixtures/mediaApi.js';
import { BOTH_STORES, describeEachDialect, expectFieldErrors, type Harness } from './harness.js';

const PRESETS = { widths: [100, 200, 800], heights: [100], qualities: [50, 75], quality: 75 };

/**
 * 400 × 100 in three colours: red on the left quarter, blue in the middle, green on the right
 * quarter; a 100 × 100 `cover` crop shows one of them whole, depending on the focal point.
 */
async function bands(): Promise<Buffer> {
  const band = (r: number, g: number, b: number, width: number) =>
    sharp({ create: { width, height: 100, channels: 3, background: { r, g, b } } })
      .png()
      .toBuffer();
  return sharp({ create: { width: 400, height: 100, channels: 3, background: { r: 0, g: 0, b: 255 } } })
    .composite([
      { input: await band(255, 0, 0, 100), left: 0, top: 0 },
      { input: await band(0, 255, 0, 100), left: 300, top: 0 },
    ])
    .png()
    .toBuffer();
}

const spec = (s: Partial<RenditionSpec> = {}): RenditionSpec => ({ width: 200, height: null, fit: 'contain', format: 'webp', quality: 75, ...s });

/** A rendition's URL as the server names it, from the media row as it is now. */
async function renditionUrl(h: Harness, id: number, s: RenditionSpec) {
  const row = await h.db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return mediaUrl(renditionKey(row, s));
}

/** The colour in the middle of an image: which band a crop shows. */
async function middle(bytes: Buffer) {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  const [r, g, b] = [data[at]!, data[at + 1]!, data[at + 2]!];
  return r > 200 && g < 60 && b < 60 ? 'red' : g > 200 && r < 60 && b < 60 ? 'green' : b > 200 && r < 60 && g < 60 ? 'blue' : `rgb(${r},${g},${b})`;
}

describeEachDialect(
  'media renditions',
  (h) => {
    const renders = () => h.app.renditions.renders;

    it('renders a rendition once, however many ask at the same time, and serves it again from the store, cacheable forever', async () => {
      const admin = await h.login('admin');
      const item = await uploaded(h, admin, await bands(), { filename: 'bands.png' });
      const url = await renditionUrl(h, item.id, spec());
      const before = renders();
      const first = await Promise.all(Array.from({ length: 5 }, () => h.get(url)));
      expect(first.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(renders() - before).toBe(1);
      expect(await h.storage.exists(keyOf(url))).toBe(true);

      const again = await h.get(url);
      expect(renders() - before).toBe(1);
      expect(again.rawPayload.equals(first[0]!.rawPayload)).toBe(true);
      expect(again.headers).toMatchObject({
        'content-type': 'image/webp',
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
      });
      expect(again.headers['content-security-policy']).not.toContain('sandbox');
      expect((await h.get(url, { headers: { 'if-none-match': String(again.headers.etag) } })).statusCode).toBe(304);

      // Another instance on the same store finds it there.
      const other = await h.appWith({ MEDIA_RENDITIONS: JSON.stringify(PRESETS) });
      expect((await h.get(url, { app: other })).statusCode).toBe(200);
      expect(other.renditions.renders).toBe(0);
    });

    it('makes the asked size, shape and format, never enlarging the image', async () => {
      const admin = await h.login('admin');
      const item = await uploaded(h, admin, await bands(), { filename: 'bands.png' });
      const cases: Array<[RenditionSpec, { format: string; width: number; height: number }]> = [
        [spec(), { format: 'webp', width: 200, height: 50 }],
        [spec({ width: 800, format: 'jpeg', quality: 50 }), { format: 'jpeg', width: 400, height: 100 }],
        [spec({ height: 100, format: 'avif' }), { format: 'heif', width: 200, height: 50 }],
        [spec({ width: 100, height: 100, fit: 'cover' }), { format: 'webp', width: 100, height: 100 }],
        // A box larger than the image keeps its shape, scaled down to fit.
        [spec({ width: 800, height: 100, fit: 'cover', format: 'jpeg' }), { format: 'jpeg', width: 400, height: 50 }],
      ];
      for (const [s, expected] of cases) {
        const res = await h.get(await renditionUrl(h, item.id, s));
        expect(res.statusCode, JSON.stringify(s)).toBe(200);
        expect(await sharp(res.rawPayload).metadata(), JSON.stringify(s)).toMatchObject(expected);
      }
    });

    it('centres every cover crop on the focal point, and gives the rendition a new URL when the point moves', async () => {
      const admin = await h.login('admin');
      const item = await uploaded(h, admin, await bands(), { filename: 'bands.png' });
      const cover = spec({ width: 100, height: 100, fit: 'cover', format: 'jpeg', quality: 75 });
      const centred = await renditionUrl(h, item.id, cover);
      expect(await middle((await h.get(centred)).rawPayload)).toBe('blue');

      for (const [point, colour] of [
        [{ x: 0.1, y: 0.5 }, 'red'],
        [{ x: 0.95, y: 0 }, 'green'],
        [null, 'blue'],
      ] as const) {
        const res = await call(h, admin, 'PATCH', `/api/media/${item.id}`, { focal_point: point });
        expect(res.statusCode, res.body).toBe(200);
        expect((res.json() as MediaJson).focal_point).toEqual(point);
        const url = await renditionUrl(h, item.id, cover);
        expect(await middle((await h.get(url)).rawPayload), JSON.stringify(point)).toBe(colour);
      }
      // Back at the centre: the first URL again; one in between answers 404.
      expect(await renditionUrl(h, item.id, cover)).toBe(centred);
      await call(h, admin, 'PATCH', `/api/media/${item.id}`, { focal_point: { x: 0.1, y: 0.5 } });
      expect((await h.get(centred)).statusCode).toBe(404);
    });

    it('refuses a focal point outside the image, and writes nothing', async () => {
      const admin = await h.login('admin');
      const item = await uploaded(h, admin, await bands(), { filename: 'bands.png' });
      for (const [body, fields] of [
        [{ focal_point: { x: 1.5, y: 0.5 } }, ['focal_point.x']],
        [{ focal_point: { x: 0.5, y: -0.1 } }, ['focal_point.y']],
        [{ focal_point: { x: '0.5', y: 0.5 } }, ['focal_point.x']],
        [{ focal_point: { x: 0.5 } }, ['focal_point.y']],
        [{ focal_point: { x: 0.5, y: 0.5, z: 1 } }, ['focal_point']],
        [{ focal_point: 'centre' }, ['focal_point']],
      ] as const) {
        const res = await call(h, admin, 'PATCH', `/api/media/${item.id}`, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expectFieldErrors(res, [...fields]);
      }
      const now = (await call(h, admin, 'GET', `/api/media/${item.id}`)).json() as MediaJson;
      expect(now).toMatchObject({ focal_point: null, version: item.version });
    });

    it('answers 400 for anything off the presets, before reading or rendering anything', async () => {
      const admin = await h.login('admin');
      const item = await uploaded(h, admin, await bands(), { filename: 'bands.png' });
      const before = renders();
      const urls = await Promise.all(
        [spec({ width: 300 }), spec({ height: 200, fit: 'cover' }), spec({ quality: 80 }), spec({ fit: 'cover' })].map((s) => renditionUrl(h, item.id, s)),
      );
      // A format that is none of the rendition formats.
      urls.push((await renditionUrl(h, item.id, spec())).replace(/\.webp$/, '.png'));
      for (const url of urls) {
        const res = await h.get(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toMatchObject({ detail: expect.stringContaining('presets') });
      }
      // Also for media that do not exist: the presets are checked first.
      const missing = (await renditionUrl(h, item.id, spec({ width: 300 }))).replace(/\/[0-9a-f]{6}/, '/000000');
      expect((await h.get(missing)).statusCode).toBe(400);
      expect(renders()).toBe(before);
      // A preset of a media item that does not exist: 404.
      expect((await h.get((await renditionUrl(h, item.id, spec())).replace(/s[0-9a-f]{12}\./, 's000000000000.'))).statusCode).toBe(404);
      expect(renders()).toBe(before);
    });

    it('renders raster images only: an SVG or a PDF never is', async () => {
      const admin = await h.login('admin');
      const before = renders();
      for (const [file, filename] of [
        [svg(), 'drawing.svg'],
        [pdf(), 'brochure.pdf'],
      ] as const) {
        const item = await uploaded(h, admin, file, { filename });
        const res = await h.get(await renditionUrl(h, item.id, spec()));
        expect(res.statusCode, filename).toBe(404);
      }
      expect(renders()).toBe(before);
    });

    it('gives renditions new URLs when the file is replaced; the old ones and a deleted item’s answer 404 and are swept', async () => {
      const admin = await h.login('admin');
      const item = await uploaded(h, admin, await bands(), { filename: 'bands.png' });
      const old = await renditionUrl(h, item.id, spec());
      expect((await h.get(old)).statusCode).toBe(200);

      const replaced = await upload(h, admin, await image('jpeg', 300, 200), { filename: 'other.jpg', url: `/api/media/${item.id}/file`, method: 'PUT' });
      expect(replaced.statusCode, replaced.body).toBe(200);
      await processed(h, admin, replaced.json() as MediaJson);
      const fresh = await renditionUrl(h, item.id, spec());
      expect(fresh).not.toBe(old);
      expect((await h.get(old)).statusCode).toBe(404);
      const res = await h.get(fresh);
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 200, height: 133 });

      const gone = await uploaded(h, admin, await bands(), { filename: 'gone.png' });
      const goneUrl = await renditionUrl(h, gone.id, spec());
      expect((await h.get(goneUrl)).statusCode).toBe(200);
      expect((await call(h, admin, 'DELETE', `/api/media/${gone.id}`)).statusCode).toBe(204);
      expect((await h.get(goneUrl)).statusCode).toBe(404);

      // A cutoff a minute ahead makes every object old: the outdated ones go, the current stays.
      await sweepOrphanFiles(h.db, h.storage, -60_000);
      expect(await h.storage.exists(keyOf(old))).toBe(false);
      expect(await h.storage.exists(keyOf(goneUrl))).toBe(false);
      expect(await h.storage.exists(keyOf(fresh))).toBe(true);
      await call(h, admin, 'DELETE', `/api/media/${item.id}`);
    });
  },
  { stores: BOTH_STORES, env: { MEDIA_RENDITIONS: JSON.stringify(PRESETS) } },
);

describe('rendition settings', () => {
  const base = { DATA_DIR: '/tmp/x' };
  it('takes the defaults, or MEDIA_RENDITIONS over them', () => {
    expect(loadConfig(base).renditions.widths).toEqual([320, 480, 640, 800, 1024, 1280, 1600, 1920]);
    const config = loadConfig({ ...base, MEDIA_RENDITIONS: '{"widths":[400,800],"formats":["webp"]}' });
    expect(config.renditions).toMatchObject({ widths: [400, 800], formats: ['webp'], fits: ['cover', 'contain'], format: 'webp', quality: 75 });
  });

  it('names the variable and what is wrong at start', () => {
    expect(() => loadConfig({ ...base, MEDIA_RENDITIONS: '{widths:[1]}' })).toThrow(/MEDIA_RENDITIONS: JSON/);
    expect(() => loadConfig({ ...base, MEDIA_RENDITIONS: '{"widths":[0]}' })).toThrow(/MEDIA_RENDITIONS\.widths\.0/);
    expect(() => loadConfig({ ...base, MEDIA_RENDITIONS: '{"widths":[]}' })).toThrow(/MEDIA_RENDITIONS\.widths/);
    expect(() => loadConfig({ ...base, MEDIA_RENDITIONS: '{"formats":["png"]}' })).toThrow(/MEDIA_RENDITIONS\.formats\.0/);
    expect(() => loadConfig({ ...base, MEDIA_RENDITIONS: '{"sizes":[1]}' })).toThrow(/MEDIA_RENDITIONS/);
    expect(() => loadConfig({ ...base, MEDIA_RENDITIONS: '{"formats":["avif"]}' })).toThrow(/MEDIA_RENDITIONS\.format: must be one of "formats"/);
    expect(() => loadConfig({ ...base, MEDIA_RENDITIONS: '{"qualities":[60]}' })).toThrow(/MEDIA_RENDITIONS\.quality: must be one of "qualities"/);
  });
});

describe('cover geometry', () => {
  it('cuts the box around the focal point, inside the image, never enlarging', () => {
    const src = { width: 4000, height: 3000 };
    expect(coverGeometry(src, { width: 800, height: 600 }, { x: 0.5, y: 0.5 })).toEqual({
      resized: { width: 800, height: 600 },
      extract: { left: 0, top: 0, width: 800, height: 600 },
    });
    expect(coverGeometry(src, { width: 800, height: 100 }, { x: 0.5, y: 0.9 })).toEqual({
      resized: { width: 800, height: 600 },
      extract: { left: 0, top: 490, width: 800, height: 100 },
    });
    expect(coverGeometry(src, { width: 800, height: 100 }, { x: 0.5, y: 1 }).extract.top).toBe(500);
    expect(coverGeometry(src, { width: 100, height: 600 }, { x: 0, y: 0.5 }).extract.left).toBe(0);
    expect(coverGeometry({ width: 400, height: 100 }, { width: 800, height: 800 }, { x: 0.9, y: 0.5 })).toEqual({
      resized: { width: 400, height: 100 },
      extract: { left: 300, top: 0, width: 100, height: 100 },
    });
  });
});
