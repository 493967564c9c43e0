import fs from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { exe, docx, image, mp3, mp4, ogg, pdf, svg, SVG_WITH_SCRIPT, wav, webm, zip } from './fixtures/media.js';
import { isStored, type MediaJson, processed, sendParts, stagingFiles, storedBytes, storedFiles, upload, uploaded } from './fixtures/mediaApi.js';
import { BOTH_STORES, describeEachDialect, expectDetail, expectFieldErrors, type Session } from './harness.js';

const mediaRows = async (h: Parameters<Parameters<typeof describeEachDialect>[1]>[0]) =>
  Number(
    (
      await h.db
        .selectFrom('media')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describeEachDialect(
  'media upload',
  (h) => {
    let admin: Session;
    beforeEach(async () => {
      admin = await h.login('admin');
    });

    describe('each allowed kind', () => {
      const cases: Array<[string, () => Promise<Buffer> | Buffer, string, string]> = [
        ['PNG', () => image('png'), 'photo.png', 'image/png'],
        ['JPEG', () => image('jpeg'), 'photo.jpg', 'image/jpeg'],
        ['WebP', () => image('webp'), 'photo.webp', 'image/webp'],
        ['GIF', () => image('gif'), 'anim.gif', 'image/gif'],
        ['AVIF', () => image('avif', 16, 12), 'photo.avif', 'image/avif'],
        ['SVG', () => svg(), 'logo.svg', 'image/svg+xml'],
        ['MP4', mp4, 'clip.mp4', 'video/mp4'],
        ['WebM', webm, 'clip.webm', 'video/webm'],
        ['MP3', mp3, 'song.mp3', 'audio/mpeg'],
        ['Ogg', ogg, 'song.ogg', 'audio/ogg'],
        ['WAV', wav, 'sound.wav', 'audio/wav'],
        ['PDF', pdf, 'brochure.pdf', 'application/pdf'],
        ['ZIP', () => zip([['a.txt', 'hello']]), 'files.zip', 'application/zip'],
        ['DOCX', docx, 'letter.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ];
      for (const [label, make, filename, mime] of cases) {
        it(`stores ${label} as ${mime}, sniffed from the bytes`, async () => {
          const body = await make();
          // The client's claim is ignored either way.
          const item = await uploaded(h, admin, body, { filename, claimed: 'text/plain' });
          expect(item.mime_type).toBe(mime);
          expect(item.name).toBe(filename);
          expect(item.size).toBe(body.length);
          expect(item.title).toBe(filename);
          expect(item.alt_text).toBe(filename);
          expect(item.url).toMatch(/^\/media\/[a-z0-9]{2}\/[a-z0-9]{2}\/[a-z0-9]{32}\.[a-z0-9]+$/);
          expect(item.url).not.toContain(filename.split('.')[0]);
          expect((await storedBytes(h, item.url))?.equals(body)).toBe(true);

          const file = await h.get(item.url);
          expect(file.statusCode).toBe(200);
          expect(file.headers['content-type']).toBe(mime);
          expect(file.headers['x-content-type-options']).toBe('nosniff');
          expect(file.rawPayload.equals(body)).toBe(true);

          const raster = mime.startsWith('image/') && mime !== 'image/svg+xml';
          if (raster || mime === 'image/svg+xml') {
            expect(item.width).toBeGreaterThan(0);
            expect(item.height).toBeGreaterThan(0);
            expect(item.thumbnail_url).toMatch(/\.thumb\.webp$/);
            const thumb = await h.get(item.thumbnail_url!);
            expect(thumb.statusCode).toBe(200);
            expect(thumb.headers['content-type']).toBe('image/webp');
            expect(thumb.headers['cache-control']).toBe('public, max-age=31536000, immutable');
          } else {
            expect(item.width).toBeNull();
            expect(item.thumbnail_url).toBeNull();
          }
          if (raster) expect(item.web_url).toMatch(/\.web\.webp$/);
          else expect(item.web_url).toBeNull();
        });
      }
    });

    it('answers the full item shape, with translations and used_by', async () => {
      const item = await uploaded(h, admin, await image('png', 50, 20), {
        filename: 'tractor.png',
        data: { title: 'Red tractor', alt_text: 'A red tractor', description: 'In a field', language_code: 'it' },
      });
      expect(Object.keys(item).sort()).toEqual(
        [
          'alt_text',
          'created_at',
          'description',
          'focal_point',
          'folder',
          'height',
          'id',
          'mime_type',
          'name',
          'preview_error',
          'processing',
          'size',
          'thumbnail_url',
          'title',
          'translations',
          'updated_at',
          'url',
          'used_by',
          'used_by_hidden',
          'version',
          'web_url',
          'width',
        ].sort(),
      );
      expect(item).toMatchObject({
        processing: false,
        width: 50,
        height: 20,
        focal_point: null,
        folder: null,
        version: 1,
        title: 'Red tractor',
        alt_text: 'A red tractor',
      });
      expect(item.translations).toEqual({ it: { title: 'Red tractor', alt_text: 'A red tractor', description: 'In a field' } });
      expect(item.used_by).toEqual([]);
    });

    it('makes a thumbnail of at most 320 px and a web variant of at most 1600 px, never enlarged', async () => {
      const big = await uploaded(h, admin, await image('jpeg', 2000, 1000), { filename: 'big.jpg' });
      const small = await uploaded(h, admin, await image('png', 100, 80), { filename: 'small.png' });
      const sharp = (await import('sharp')).default;
      const meta = async (url: string) => sharp(await storedBytes(h, url)).metadata();
      expect(await meta(big.thumbnail_url!)).toMatchObject({ format: 'webp', width: 320, height: 160 });
      expect(await meta(big.web_url!)).toMatchObject({ format: 'webp', width: 1600, height: 800 });
      expect(await meta(small.web_url!)).toMatchObject({ width: 100, height: 80 });
    });

    it('is reached under /backoffice/api/media too, with the same session', async () => {
      const item = await uploaded(h, admin, pdf(), { filename: 'x.pdf', prefix: '/backoffice/api' });
      const a = await h.get(`/api/media/${item.id}`, { session: admin });
      const b = await h.get(`/backoffice/api/media/${item.id}/`, { session: admin });
      expect(a.statusCode).toBe(200);
      expect(b.json()).toEqual(a.json());
    });

    describe('refusals leave no row and no file', () => {
      let before: { rows: number; files: string[] };
      beforeEach(async () => {
        before = { rows: await mediaRows(h), files: await storedFiles(h) };
      });
      const nothingLeft = async () => {
        expect(await mediaRows(h)).toBe(before.rows);
        expect(await storedFiles(h)).toEqual(before.files);
        expect(stagingFiles(h)).toEqual([]);
      };

      it('refuses a Windows executable named .jpg with 415', async () => {
        expectDetail(await upload(h, admin, exe(), { filename: 'holiday.jpg', claimed: 'image/jpeg' }), 415);
        await nothingLeft();
      });

      it('refuses bytes of no known type (plain text, HTML) with 415', async () => {
        expectDetail(await upload(h, admin, Buffer.from('just some text\n'), { filename: 'notes.txt' }), 415);
        expectDetail(await upload(h, admin, Buffer.from('<html><script>alert(1)</script></html>'), { filename: 'x.html' }), 415);
        await nothingLeft();
      });

      it('refuses a zero-byte file', async () => {
        expectFieldErrors(await upload(h, admin, Buffer.alloc(0), { filename: 'empty.png' }), ['file']);
        await nothingLeft();
      });

      it('refuses a request without a file part', async () => {
        expectFieldErrors(await upload(h, admin, undefined, { data: { title: 'x' } }), ['file']);
        expectFieldErrors(await sendParts(h, admin, []), ['file']);
        // A part named file without a file name is a plain field, not a file.
        expectFieldErrors(await sendParts(h, admin, [{ name: 'file', body: 'hello' }]), ['file']);
        await nothingLeft();
      });

      it('refuses a file under another part name, and two files', async () => {
        const png = await image('png');
        const other = await sendParts(h, admin, [{ name: 'upload', filename: 'a.png', body: png }]);
        expect(other.statusCode).toBe(400);
        const two = await sendParts(h, admin, [
          { name: 'file', filename: 'a.png', body: png },
          { name: 'file', filename: 'b.png', body: png },
        ]);
        expectFieldErrors(two, ['file']);
        await nothingLeft();
      });

      it('refuses a data part that is not a JSON object', async () => {
        const png = await image('png');
        expectFieldErrors(await upload(h, admin, png, { data: '{"title": ' }), ['data']);
        expectFieldErrors(await upload(h, admin, png, { data: '[1,2]' }), ['data']);
        expectFieldErrors(await upload(h, admin, png, { data: 'null' }), ['data']);
        // The same JSON declared as application/json in the part.
        const declared = await sendParts(h, admin, [
          { name: 'data', contentType: 'application/json', body: '{broken' },
          { name: 'file', filename: 'a.png', body: png },
        ]);
        expectFieldErrors(declared, ['data']);
        await nothingLeft();
      });

      it('refuses bad fields in data', async () => {
        const png = await image('png');
        expectFieldErrors(await upload(h, admin, png, { data: { folder: 'abc' } }), ['folder']);
        expectFieldErrors(await upload(h, admin, png, { data: { folder: 999999 } }), ['folder']);
        expectFieldErrors(await upload(h, admin, png, { data: { language_code: 'xx' } }), ['language_code']);
        expectFieldErrors(await upload(h, admin, png, { data: { title: 'x'.repeat(256) } }), ['title']);
        expectFieldErrors(await upload(h, admin, png, { data: { title: 42 } }), ['title']);
        await nothingLeft();
      });

      it('files a truncated or corrupt image as a file without a preview, its job saying why', async () => {
        const png = await image('png', 200, 200);
        const jpeg = await image('jpeg', 300, 300);
        const bad: Array<[Buffer, string]> = [
          [png.subarray(0, Math.floor(png.length / 2)), 'cut.png'],
          [jpeg.subarray(0, 400), 'cut.jpg'],
          [Buffer.concat([png.subarray(0, 40), Buffer.alloc(500, 7)]), 'bad.png'],
        ];
        for (const [body, filename] of bad) {
          // Its type is sniffed from the first bytes before the answer; whether it decodes, by its job.
          const res = await upload(h, admin, body, { filename });
          expect(res.statusCode, res.body).toBe(201);
          expect(res.json()).toMatchObject({ processing: true, thumbnail_url: null });
          const item = await processed(h, admin, res.json() as MediaJson);
          expect(item).toMatchObject({ processing: false, preview_error: 'imageInvalid', thumbnail_url: null, web_url: null, width: null, height: null });
          expect((await storedBytes(h, item.url))?.equals(body)).toBe(true);
          const job = await h.db
            .selectFrom('jobs')
            .select(['id', 'status', 'errors'])
            .where('kind', '=', 'media_variants')
            .orderBy('id', 'desc')
            .executeTakeFirstOrThrow();
          expect(job).toMatchObject({ status: 'done', errors: 1 });
          const problems = await h.db.selectFrom('job_errors').select(['ref', 'field', 'message']).where('job_id', '=', job.id).execute();
          expect(problems).toEqual([
            { ref: String(item.id), field: 'file', message: 'Upload a valid image. The file you uploaded was either not an image or a corrupted image.' },
          ]);
        }
        expect(stagingFiles(h)).toEqual([]);
      });

      it('refuses a malformed or aborted multipart body', async () => {
        const png = await image('png');
        const res = await h.post('/api/media/', {
          session: admin,
          payload: Buffer.concat([Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n'), png]),
          headers: { 'content-type': 'multipart/form-data; boundary=XyZ' },
        });
        expectDetail(res, 400);
        const noBoundary = await h.post('/api/media/', { session: admin, payload: 'x', headers: { 'content-type': 'multipart/form-data' } });
        expect(noBoundary.statusCode).toBe(400);
        await nothingLeft();
      });

      it('refuses a JSON body with 415', async () => {
        expectDetail(await h.post('/api/media/', { session: admin, body: { file: 'x' } }), 415);
        await nothingLeft();
      });

      it('never uses the client file name as a path', async () => {
        const png = await image('png');
        for (const filename of ['../../etc/passwd', '..\\..\\windows\\win.ini', '/etc/shadow', '..', '.htaccess', 'a\u202Egpj.exe']) {
          const item = await uploaded(h, admin, png, { filename });
          expect(item.url).toMatch(/^\/media\/[a-z0-9]{2}\/[a-z0-9]{2}\/[a-z0-9]{32}\.png$/);
          expect(item.name).not.toMatch(/[\\/]|^\.|\u202E/);
        }
        const names = (await h.db.selectFrom('media').select('name').orderBy('id', 'desc').limit(6).execute()).map((r) => r.name).reverse();
        expect(names).toEqual(['passwd', 'win.ini', 'shadow', 'file.png', 'htaccess', 'agpj.exe']);
        expect(fs.existsSync(`${h.config.dataDir}/etc`)).toBe(false);
      });
    });

    it('neutralises an SVG with a script: a sandboxed download, never a page of ours', async () => {
      const item = await uploaded(h, admin, SVG_WITH_SCRIPT, { filename: 'evil.svg', claimed: 'image/png' });
      expect(item.mime_type).toBe('image/svg+xml');
      const res = await h.get(item.url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="evil.svg"/);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      // The grid shows a rasterised thumbnail, where no script can exist.
      const thumb = await h.get(item.thumbnail_url!);
      expect(thumb.headers['content-type']).toBe('image/webp');
    });

    it('serves documents to download and images inline, with validators and ranges', async () => {
      const doc = await uploaded(h, admin, docx(), { filename: 'Preventivo è.docx' });
      const d = await h.get(doc.url);
      expect(d.headers['content-disposition']).toBe(`attachment; filename="Preventivo _.docx"; filename*=UTF-8''Preventivo%20%C3%A8.docx`);
      const png = await image('png');
      const pic = await uploaded(h, admin, png, { filename: 'a.png' });
      const p = await h.get(pic.url);
      expect(p.headers['content-disposition']).toMatch(/^inline/);
      expect(p.headers['cache-control']).toBe('public, no-cache');
      const again = await h.get(pic.url, { headers: { 'if-none-match': String(p.headers.etag) } });
      expect(again.statusCode).toBe(304);
      const part = await h.get(pic.url, { headers: { range: 'bytes=0-9' } });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 0-9/${png.length}`);
      expect(part.rawPayload.equals(png.subarray(0, 10))).toBe(true);
      expect((await h.get(pic.url, { headers: { range: `bytes=${png.length}-` } })).statusCode).toBe(416);
      const head = await h.inject({ method: 'HEAD', url: pic.url, headers: { host: 'localhost' } });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe(String(png.length));
      expect(head.body).toBe('');
    });

    it('answers 404 for unknown or malformed keys', async () => {
      expectDetail(await h.get('/media/00/00/00000000000000000000000000000000.png'), 404);
      expectDetail(await h.get('/media/../../etc/passwd'), 404);
      expectDetail(await h.get('/media/%2e%2e/%2e%2e/etc/passwd'), 404);
      expectDetail(await h.get('/media/backoffice.sqlite'), 404);
    });

    it('replaces the file keeping the URL, with new variants', async () => {
      const item = await uploaded(h, admin, await image('png', 40, 30), { filename: 'old.png', data: { title: 'Kept' } });
      const jpeg = await image('jpeg', 80, 60);
      const res = await upload(h, admin, jpeg, { filename: 'new.jpg', url: `/api/media/${item.id}/file`, method: 'PUT', data: { version: 1 } });
      expect(res.statusCode, res.body).toBe(200);
      // Answered before the new file's variants exist: none of the old file's are offered meanwhile.
      expect(res.json()).toMatchObject({ processing: true, thumbnail_url: null, web_url: null, width: null, height: null });
      const after = await processed(h, admin, res.json() as MediaJson);
      expect(after).toMatchObject({ id: item.id, url: item.url, name: 'new.jpg', mime_type: 'image/jpeg', width: 80, height: 60, title: 'Kept', version: 2 });
      expect(after.thumbnail_url).toMatch(/\.thumb\.webp$/);
      expect(after.thumbnail_url).not.toBe(item.thumbnail_url);
      expect((await storedBytes(h, item.url))?.equals(jpeg)).toBe(true);
      expect(await isStored(h, item.thumbnail_url!)).toBe(false);
      expect((await h.get(item.thumbnail_url!)).statusCode).toBe(404);
      expect((await h.get(item.url)).headers['content-type']).toBe('image/jpeg');

      // A stale version: 409 with the current item, nothing changed.
      const stale = await upload(h, admin, await image('png'), { url: `/api/media/${item.id}/file`, method: 'PUT', data: { version: 1 } });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ detail: expect.any(String), current: { id: item.id, version: 2, name: 'new.jpg' } });
      // A refused replacement changes nothing.
      expectDetail(await upload(h, admin, exe(), { url: `/api/media/${item.id}/file`, method: 'PUT' }), 415);
      expect((await storedBytes(h, item.url))?.equals(jpeg)).toBe(true);
      expect(stagingFiles(h)).toEqual([]);
    });
  },
  { stores: BOTH_STORES },
);

describeEachDialect(
  'media upload size limit',
  (h) => {
    it('answers 413 over MEDIA_MAX_UPLOAD_MB, whether declared or streamed, and keeps nothing', async () => {
      const admin = await h.login('admin');
      const limit = h.config.media.maxUploadBytes;
      expect(limit).toBe(Math.floor(0.05 * 1024 * 1024));
      // Within the allowance for framing, so only the streamed byte count can catch it.
      const over = Buffer.concat([pdf(), Buffer.alloc(limit, 0x20)]);
      expectDetail(await upload(h, admin, over, { filename: 'big.pdf' }), 413);
      // Declared far over the limit: refused before reading.
      const huge = Buffer.concat([pdf(), Buffer.alloc(limit + 1024 * 1024 + 10, 0x20)]);
      const res = await upload(h, admin, huge, { filename: 'huge.pdf' });
      expectDetail(res, 413);
      expect(res.json().detail).toMatch(/51\.2 KB/);
      expect(await storedFiles(h)).toEqual([]);
      expect(stagingFiles(h)).toEqual([]);
      expect((await h.db.selectFrom('media').selectAll().execute()).length).toBe(0);
      // Just under the limit is fine.
      await uploaded(h, admin, Buffer.concat([pdf(), Buffer.alloc(limit - 200, 0x20)]), { filename: 'ok.pdf' });
    });
  },
  { env: { MEDIA_MAX_UPLOAD_MB: '0.05' }, stores: BOTH_STORES },
);
