import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { sweepMediaDebris } from '../../server/services/media/debris.js';
import { newMediaKey } from '../../server/storage/index.js';
import { image, pdf } from './fixtures/media.js';
import { keyOf, storedBytes, storedFiles, upload, uploaded } from './fixtures/mediaApi.js';
import { BOTH_STORES, describeEachDialect } from './harness.js';

const MB = 1024 * 1024;

/** `total` bytes of a repeating pattern in 1 MB chunks, made as they are read; fails after `failAfter` bytes if given. */
function generated(total: number, failAfter?: number) {
  let sent = 0;
  return new Readable({
    read() {
      if (failAfter !== undefined && sent >= failAfter) return this.destroy(new Error('the client went away'));
      if (sent >= total) return this.push(null);
      const chunk = Buffer.alloc(Math.min(MB, total - sent), sent / MB);
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function read(body: Readable | undefined) {
  if (!body) return undefined;
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describeEachDialect(
  'media stores: the driver itself',
  (h) => {
    it('streams a file larger than several multipart parts in, and reads it back whole and by range', async () => {
      const key = newMediaKey('bin');
      const size = 21 * MB + 5;
      expect(await h.storage.put(key, generated(size))).toBe(true);
      const whole = await read(await h.storage.get(key));
      expect(whole?.length).toBe(size);
      expect(sha(whole!)).toBe(sha((await read(generated(size)))!));
      expect(await h.storage.stat(key)).toMatchObject({ size, etag: expect.stringMatching(/^".+"$/) });
      const part = await read(await h.storage.get(key, { start: 9 * MB - 2, end: 9 * MB + 1 }));
      expect([...part!]).toEqual([8, 8, 9, 9]);
      await h.storage.delete(key);
      expect(await h.storage.exists(key)).toBe(false);
      expect(await h.storage.get(key)).toBeUndefined();
      // Deleting what is gone is not an error.
      await h.storage.delete(key);
    });

    it('leaves no object when the source fails mid-upload, before or after a multipart part was sent', async () => {
      for (const failAfter of [2 * MB, 10 * MB]) {
        const key = newMediaKey('bin');
        await expect(h.storage.put(key, generated(20 * MB, failAfter))).rejects.toThrow(/went away/);
        expect(await h.storage.exists(key)).toBe(false);
      }
      expect(await storedFiles(h)).toEqual([]);
    });

    it('fails the put, not the server, when the source fails before the store has begun to read it', async () => {
      const key = newMediaKey('bin');
      const body = generated(2 * MB);
      const putting = h.storage.put(key, body);
      // While the store still prepares (a folder made, a client made): nobody reads the body yet.
      body.destroy(new Error('the client went away'));
      await expect(putting).rejects.toThrow(/went away/);
      expect(await h.storage.exists(key)).toBe(false);
      expect(await storedFiles(h)).toEqual([]);
    });

    it('puts only when absent if asked, and refuses keys it did not make', async () => {
      const key = newMediaKey('txt');
      expect(await h.storage.put(key, Readable.from([Buffer.from('first')]), { ifAbsent: true })).toBe(true);
      expect(await h.storage.put(key, Readable.from([Buffer.from('second')]))).toBe(true);
      expect((await read(await h.storage.get(key)))?.toString()).toBe('second');
      if (h.store === 'local') expect(await h.storage.put(key, Readable.from([Buffer.from('third')]), { ifAbsent: true })).toBe(false);
      await expect(h.storage.get('../../etc/passwd')).rejects.toThrow(/invalid media key/);
      await expect(h.storage.put('ab/cd/name.png', Readable.from([]))).rejects.toThrow(/invalid media key/);
      await h.storage.delete(key);
    });

    it('sweeps objects no media row names once they are older than an upload may take, and keeps the rest', async () => {
      const admin = await h.login('admin');
      const kept = await uploaded(h, admin, await image('png'));
      const orphan = newMediaKey('png');
      await h.storage.put(orphan, Readable.from([await image('png')]));
      const media = { stagingDir: h.config.media.stagingDir, uploadTimeoutMs: h.config.media.uploadTimeoutMs };

      // Young: it may be an upload whose row is not inserted yet.
      expect(await sweepMediaDebris(h.db, h.storage, media)).toMatchObject({ orphans: 0 });
      expect(await h.storage.exists(orphan)).toBe(true);

      // Old enough (a cutoff a minute ahead makes everything old): gone, the library's files stay.
      expect(await sweepMediaDebris(h.db, h.storage, { ...media, uploadTimeoutMs: -60_000 })).toMatchObject({ orphans: 1 });
      expect(await h.storage.exists(orphan)).toBe(false);
      expect(await storedFiles(h)).toEqual([kept.url, kept.thumbnail_url!, kept.web_url!].map(keyOf).sort());
      expect((await h.get(kept.url)).statusCode).toBe(200);
      await h.call('DELETE', `/api/media/${kept.id}/`, { session: admin });
    });

    it('reads media rows only for stored objects old enough to be debris, not the whole library', async () => {
      const admin = await h.login('admin');
      const kept = await uploaded(h, admin, await image('png'));
      let rowsRead = 0;
      const counted = h.db.withPlugin({
        transformQuery: (args) => args.node,
        transformResult: async (args) => {
          rowsRead += args.result.rows.length;
          return args.result;
        },
      });
      // Every stored object is younger than an upload may take: none is looked up.
      expect(
        await sweepMediaDebris(counted, h.storage, { stagingDir: h.config.media.stagingDir, uploadTimeoutMs: h.config.media.uploadTimeoutMs }),
      ).toMatchObject({
        orphans: 0,
      });
      expect(rowsRead).toBe(0);
      await h.call('DELETE', `/api/media/${kept.id}/`, { session: admin });
    });

    it('keeps a replaced file under its URL with the new bytes, served with a new validator', async () => {
      const admin = await h.login('admin');
      const item = await uploaded(h, admin, pdf(), { filename: 'a.pdf' });
      const before = await h.get(item.url);
      const next = Buffer.concat([pdf(), Buffer.from('% second edition\n')]);
      const res = await upload(h, admin, next, { filename: 'b.pdf', url: `/api/media/${item.id}/file`, method: 'PUT' });
      expect(res.statusCode, res.body).toBe(200);
      expect((await storedBytes(h, item.url))?.equals(next)).toBe(true);
      const after = await h.get(item.url, { headers: { 'if-none-match': String(before.headers.etag) } });
      expect(after.statusCode).toBe(200);
      expect(after.rawPayload.equals(next)).toBe(true);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(after.headers['content-security-policy']).toContain('sandbox');
    });
  },
  { stores: BOTH_STORES },
);

describeEachDialect(
  'media stores: a CDN in front of the bucket',
  (h) => {
    it('redirects raster images and variants to MEDIA_PUBLIC_URL; every other file keeps coming through the server, sandboxed', async () => {
      const cdn = await h.appWith({ MEDIA_PUBLIC_URL: 'https://cdn.example.com/media/' });
      const admin = await h.login('admin');
      const pic = await uploaded(h, admin, await image('png'));
      const doc = await uploaded(h, admin, pdf(), { filename: 'brochure.pdf' });

      const original = await h.get(pic.url, { app: cdn });
      expect(original.statusCode).toBe(302);
      expect(original.headers.location).toBe(`https://cdn.example.com/media/${keyOf(pic.url)}`);
      expect(original.headers['cache-control']).toBe('public, no-cache');
      const thumb = await h.get(pic.thumbnail_url!, { app: cdn });
      expect(thumb.statusCode).toBe(302);
      expect(thumb.headers['cache-control']).toContain('immutable');

      const file = await h.get(doc.url, { app: cdn });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toMatch(/^attachment/);
      expect(file.headers['content-security-policy']).toContain('sandbox');
      // Unknown keys are 404 here, never a redirect.
      expect((await h.get(`/media/${newMediaKey('png')}`, { app: cdn })).statusCode).toBe(404);
    });
  },
  { stores: ['s3'] },
);

describe('media store settings', () => {
  const base = { DATA_DIR: '/tmp/x' };
  it('names what is missing or wrong at start', () => {
    expect(() => loadConfig({ ...base, MEDIA_STORAGE: 's3' })).toThrow(/S3_BUCKET: MEDIA_STORAGE=s3 .*needs S3_BUCKET/);
    expect(() => loadConfig({ ...base, MEDIA_STORAGE: 'nfs' })).toThrow(/MEDIA_STORAGE/);
    expect(() => loadConfig({ ...base, MEDIA_STORAGE: 's3', S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET: a bucket name/);
    expect(() => loadConfig({ ...base, MEDIA_STORAGE: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'a' })).toThrow(/S3_SECRET_ACCESS_KEY: set both/);
    expect(() => loadConfig({ ...base, MEDIA_STORAGE: 's3', S3_BUCKET: 'media', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...base, MEDIA_STORAGE_FALLBACK: 'local' })).toThrow(/MEDIA_STORAGE_FALLBACK/);
    expect(() => loadConfig({ ...base, MEDIA_PUBLIC_URL: 'https://cdn.example.com' })).toThrow(/MEDIA_PUBLIC_URL needs MEDIA_STORAGE=s3/);
  });

  it('reads an S3 store', () => {
    const config = loadConfig({ ...base, MEDIA_STORAGE: 's3', S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' });
    expect(config.media).toMatchObject({
      store: 's3',
      fallback: undefined,
      s3: { bucket: 'media', endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', forcePathStyle: true, credentials: undefined },
    });
  });
});
