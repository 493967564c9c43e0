import net from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { registerMediaUsageProvider } from '../../server/services/media/usage.js';
import { image, multipart, pdf } from './fixtures/media.js';
import { call, folder, isStored, type FolderJson, list, type MediaJson, stagingFiles, storedFiles, upload, uploaded } from './fixtures/mediaApi.js';
import { BOTH_STORES, describeEachDialect, expectDetail, expectFieldErrors, type Session } from './harness.js';

describeEachDialect(
  'media: permissions and tenant scope',
  (h) => {
    let rossiItem: MediaJson;
    let rossiFolder: FolderJson;
    let masterItem: MediaJson;
    beforeAll(async () => {
      const rossi = await h.login('rossi', 'rossi.localhost');
      rossiFolder = await folder(h, rossi, 'Rossi only');
      rossiItem = await uploaded(h, rossi, await image('png'), { filename: 'rossi-secret.png', data: { folder: rossiFolder.id } });
      masterItem = await uploaded(h, await h.login('admin'), pdf(), { filename: 'master.pdf' });
    });

    it('needs a signed-in user on a known site', async () => {
      expectDetail(await h.get('/api/media-folders/'), 401);
      expectDetail(await h.get(`/api/media/${masterItem.id}`), 401);
      expectDetail(await upload(h, undefined, pdf()), 401);
      expectDetail(await h.post('/api/media-folders/', { body: { title: 'x' } }), 401);
      expectDetail(await h.call('DELETE', `/api/media/${masterItem.id}`), 401);
      expectDetail(await h.get('/api/media-folders/', { host: 'nowhere.example' }), 404);
    });

    it('lets staff with only view_media look but not change anything (403)', async () => {
      const staff = await h.login('staff');
      expect((await list(h, staff)).media.items.map((m) => m.id)).toContain(masterItem.id);
      expect((await call(h, staff, 'GET', `/api/media/${masterItem.id}`)).statusCode).toBe(200);
      expectDetail(await upload(h, staff, pdf()), 403);
      expectDetail(await upload(h, staff, pdf(), { prefix: '/backoffice/api' }), 403);
      expectDetail(await call(h, staff, 'POST', '/api/media-folders/', { title: 'x' }), 403);
      expectDetail(await call(h, staff, 'PATCH', `/api/media/${masterItem.id}`, { title: 'x' }), 403);
      expectDetail(await upload(h, staff, pdf(), { url: `/api/media/${masterItem.id}/file`, method: 'PUT' }), 403);
      expectDetail(await call(h, staff, 'DELETE', `/api/media/${masterItem.id}`), 403);
      const f = await folder(h, await h.login('admin'), 'Staff cannot touch');
      expectDetail(await call(h, staff, 'PATCH', `/api/media-folders/${f.id}`, { title: 'y' }), 403);
      expectDetail(await call(h, staff, 'DELETE', `/api/media-folders/${f.id}`), 403);
      expect(stagingFiles(h)).toEqual([]);
    });

    it("answers 404 for another tenant's media and folders, whatever the verb", async () => {
      const verdi = await h.login('verdi', 'verdi.localhost');
      const admin = await h.login('admin');
      for (const s of [verdi, admin]) {
        expectDetail(await call(h, s, 'GET', `/api/media/${rossiItem.id}`), 404);
        expectDetail(await call(h, s, 'GET', `/backoffice/api/media/${rossiItem.id}`), 404);
        expectDetail(await call(h, s, 'PATCH', `/api/media/${rossiItem.id}`, { title: 'mine now' }), 404);
        expectDetail(await call(h, s, 'DELETE', `/api/media/${rossiItem.id}`), 404);
        expectDetail(await upload(h, s, pdf(), { url: `/api/media/${rossiItem.id}/file`, method: 'PUT' }), 404);
        expectDetail(await call(h, s, 'GET', `/api/media-folders/${rossiFolder.id}`), 404);
        expectDetail(await call(h, s, 'PATCH', `/api/media-folders/${rossiFolder.id}`, { title: 'mine' }), 404);
        expectDetail(await call(h, s, 'DELETE', `/api/media-folders/${rossiFolder.id}`), 404);
        // Naming the other tenant's folder in a body is an unknown folder.
        expectFieldErrors(await upload(h, s, pdf(), { data: { folder: rossiFolder.id } }), ['folder']);
        expectFieldErrors(await call(h, s, 'POST', '/api/media-folders/', { title: 'x', parent: rossiFolder.id }), ['parent']);
        const own = await uploaded(h, s, pdf());
        expectFieldErrors(await call(h, s, 'PATCH', `/api/media/${own.id}`, { folder: rossiFolder.id }), ['folder']);
        const ownFolder = await folder(h, s, `Own ${s.username}`);
        expectFieldErrors(await call(h, s, 'PATCH', `/api/media-folders/${ownFolder.id}`, { parent: rossiFolder.id }), ['parent']);
        // Lists and searches show only the site's own library.
        const everything = await list(h, s, 'all=true&search=rossi');
        expect(everything.media.items).toEqual([]);
        expect(everything.folders).toEqual([]);
        expect((await list(h, s, 'all=true')).media.items.map((m) => m.id)).not.toContain(rossiItem.id);
      }
      // Untouched.
      const rossi = await h.login('rossi', 'rossi.localhost');
      const still = await call(h, rossi, 'GET', `/api/media/${rossiItem.id}`);
      expect(still.json()).toMatchObject({ title: 'rossi-secret.png', version: 1, folder: rossiFolder.id });
      expect(await isStored(h, rossiItem.url)).toBe(true);
      expect((await list(h, rossi, '', rossiFolder.id)).media.items.map((m) => m.id)).toEqual([rossiItem.id]);
    });

    it("shows a dealer only its own library, and the master site's library is its own too", async () => {
      const rossi = await h.login('rossi', 'rossi.localhost');
      const ids = (await list(h, rossi, 'all=true')).media.items.map((m) => m.id);
      expect(ids).toContain(rossiItem.id);
      expect(ids).not.toContain(masterItem.id);
      const master = (await list(h, await h.login('admin'), 'all=true')).media.items.map((m) => m.id);
      expect(master).toContain(masterItem.id);
      expect(master).not.toContain(rossiItem.id);
      // A market administrator works on the master site and its market's dealer sites.
      const market = await h.login('market');
      expect((await list(h, market, 'all=true')).media.items.map((m) => m.id)).toContain(masterItem.id);
      const marketOnRossi = await h.login('market', 'rossi.localhost');
      expect((await list(h, marketOnRossi, 'all=true')).media.items.map((m) => m.id)).toContain(rossiItem.id);
    });
  },
  { stores: BOTH_STORES },
);

describeEachDialect(
  'media: edit, translations, versions, delete',
  (h) => {
    let admin: Session;
    let item: MediaJson;
    beforeEach(async () => {
      admin = await h.login('admin');
      item = await uploaded(h, admin, await image('png'), { filename: 'field.png', data: { title: 'Field', alt_text: 'A field' } });
    });

    it('reads flat fields in the site language by default and in language_code when asked', async () => {
      const en = (await call(h, admin, 'GET', `/api/media/${item.id}`)).json();
      expect(en).toMatchObject({ title: 'Field', alt_text: 'A field', description: '' });
      expect(en.translations).toEqual({ en: { title: 'Field', alt_text: 'A field', description: '' } });
      const it = (await call(h, admin, 'GET', `/api/media/${item.id}?language_code=it`)).json();
      expect(it).toMatchObject({ title: '', alt_text: '', description: '' });
      expectFieldErrors(await call(h, admin, 'GET', `/api/media/${item.id}?language_code=xx`), ['language_code']);
    });

    it('writes flat fields for language_code and translations.<lang> in one PATCH', async () => {
      const res = await call(h, admin, 'PATCH', `/api/media/${item.id}?language_code=it`, {
        alt_text: 'Un campo',
        title: 'Campo',
        translations: { de: { title: 'Feld' }, en: { description: 'Wide' } },
        version: 1,
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as MediaJson;
      expect(body).toMatchObject({ title: 'Campo', alt_text: 'Un campo', version: 2 });
      expect(body.translations).toEqual({
        en: { title: 'Field', alt_text: 'A field', description: 'Wide' },
        it: { title: 'Campo', alt_text: 'Un campo', description: '' },
        de: { title: 'Feld', alt_text: '', description: '' },
      });
      // After reload, in Italian.
      expect((await call(h, admin, 'GET', `/api/media/${item.id}?language_code=it`)).json()).toMatchObject({ alt_text: 'Un campo' });
      // language_code in the body works the same; null removes a language.
      const again = await call(h, admin, 'PATCH', `/api/media/${item.id}`, { language_code: 'de', alt_text: 'Ein Feld', translations: { it: null } });
      expect(Object.keys(again.json().translations).sort()).toEqual(['de', 'en']);
      expect(again.json()).toMatchObject({ title: 'Feld', alt_text: 'Ein Feld', version: 3 });
      // The new titles are searchable, the removed ones not.
      expect((await list(h, admin, 'all=true&search=feld')).media.items.map((m) => m.id)).toContain(item.id);
      expect((await list(h, admin, 'all=true&search=campo')).media.items.map((m) => m.id)).not.toContain(item.id);
    });

    it('answers 409 with the current item for a stale version, in the body or If-Match', async () => {
      expect((await call(h, admin, 'PATCH', `/api/media/${item.id}`, { title: 'One', version: 1 })).statusCode).toBe(200);
      const stale = await call(h, admin, 'PATCH', `/api/media/${item.id}`, { title: 'Two', version: 1 });
      expectDetail(stale, 409);
      expect(stale.json().current).toMatchObject({ id: item.id, title: 'One', version: 2, translations: { en: { title: 'One' } } });
      expect((await call(h, admin, 'PATCH', `/api/media/${item.id}`, { title: 'Two' }, { 'if-match': '"1"' })).statusCode).toBe(409);
      expect((await call(h, admin, 'PATCH', `/api/media/${item.id}`, { title: 'Two' }, { 'if-match': 'W/"2"' })).statusCode).toBe(200);
      expectDetail(await call(h, admin, 'PATCH', `/api/media/${item.id}`, { title: 'x' }, { 'if-match': 'garbage' }), 400);
    });

    it('moves media between folders and back to the root', async () => {
      const f = await folder(h, admin, `Moves ${item.id}`);
      const moved = await call(h, admin, 'PATCH', `/api/media/${item.id}`, { folder: f.id });
      expect(moved.json()).toMatchObject({ folder: f.id, version: 2 });
      expect((await list(h, admin, '', f.id)).media.items.map((m) => m.id)).toEqual([item.id]);
      expect((await call(h, admin, 'PATCH', `/api/media/${item.id}`, { folder: null })).json()).toMatchObject({ folder: null });
      expect((await call(h, admin, 'PATCH', `/api/media/${item.id}`, { folder: String(f.id) })).json()).toMatchObject({ folder: f.id });
    });

    it('refuses bad PATCH bodies and ids without a 500', async () => {
      expectFieldErrors(await call(h, admin, 'PATCH', `/api/media/${item.id}`, { translations: { xx: { title: 'x' } } }), ['translations.xx']);
      expectFieldErrors(await call(h, admin, 'PATCH', `/api/media/${item.id}`, { translations: { it: { title: 5 } } }), ['translations.it.title']);
      expectFieldErrors(await call(h, admin, 'PATCH', `/api/media/${item.id}`, { translations: [] }), ['translations']);
      expectFieldErrors(await call(h, admin, 'PATCH', `/api/media/${item.id}`, { version: 'one' }), ['version']);
      expectFieldErrors(await call(h, admin, 'PATCH', `/api/media/${item.id}`, { folder: -3 }), ['folder']);
      expectFieldErrors(await call(h, admin, 'PATCH', `/api/media/${item.id}`, { alt_text: 'x'.repeat(1001) }), ['alt_text']);
      const badJson = await h.call('PATCH', `/api/media/${item.id}`, { session: admin, payload: '{"title":', headers: { 'content-type': 'application/json' } });
      expectDetail(badJson, 400);
      for (const id of ['abc', '0', '1e3', '%2e%2e', '99999999']) {
        expectDetail(await call(h, admin, 'GET', `/api/media/${id}`), 404);
        expectDetail(await call(h, admin, 'PATCH', `/api/media/${id}`, { title: 'x' }), 404);
        expectDetail(await call(h, admin, 'DELETE', `/api/media/${id}`), 404);
      }
      expect((await call(h, admin, 'GET', `/api/media/${item.id}`)).json()).toMatchObject({ version: 1, title: 'Field' });
    });

    it('deletes the row and its files; a second delete is 404', async () => {
      const files = [item.url, item.thumbnail_url!, item.web_url!];
      for (const f of files) expect(await isStored(h, f)).toBe(true);
      const res = await call(h, admin, 'DELETE', `/backoffice/api/media/${item.id}/`);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      for (const f of files) expect(await isStored(h, f)).toBe(false);
      expectDetail(await h.get(item.url), 404);
      expectDetail(await call(h, admin, 'DELETE', `/api/media/${item.id}`), 404);
    });

    it('lists the records that use a media item from registered providers', async () => {
      const remove = registerMediaUsageProvider(async ({ tenantId, mediaIds }) =>
        mediaIds.includes(item.id) ? [{ media: item.id, model: 'product', id: 7, label: `Tractor of tenant ${tenantId}` }] : [],
      );
      try {
        const body = (await call(h, admin, 'GET', `/api/media/${item.id}`)).json();
        expect(body.used_by).toEqual([{ model: 'product', id: 7, label: expect.stringMatching(/^Tractor of tenant \d+$/) }]);
      } finally {
        remove();
      }
      expect((await call(h, admin, 'GET', `/api/media/${item.id}`)).json().used_by).toEqual([]);
    });
  },
  { stores: BOTH_STORES },
);

describeEachDialect(
  'media: an upload cut off mid-stream on a real connection',
  (h) => {
    let port: number;
    beforeAll(async () => {
      await h.app.listen({ host: '127.0.0.1', port: 0 });
      port = (h.app.server.address() as net.AddressInfo).port;
    });
    afterAll(async () => {
      await h.app.close();
    });

    it('leaves no row, no stored file and no staged file', async () => {
      const admin = await h.login('admin');
      const rows = async () => (await h.db.selectFrom('media').select('id').execute()).length;
      const before = await rows();
      const { payload, contentType } = multipart([{ name: 'file', filename: 'big.pdf', body: Buffer.concat([pdf(), Buffer.alloc(2_000_000, 0x20)]) }]);
      const socket = net.connect(port, '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', resolve));
      socket.write(
        `POST /api/media/ HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost\r\nCookie: ${admin.cookie}\r\n` +
          `Content-Type: ${contentType}\r\nContent-Length: ${payload.length}\r\n\r\n`,
      );
      socket.write(payload.subarray(0, 600_000));
      // The server has started staging the file: then the client goes away.
      await vi.waitFor(() => expect(stagingFiles(h).length).toBe(1), { timeout: 5000, interval: 10 });
      socket.destroy();
      await vi.waitFor(() => expect(stagingFiles(h)).toEqual([]), { timeout: 5000, interval: 10 });
      expect(await rows()).toBe(before);
      expect(await storedFiles(h)).toEqual([]);
    });
  },
  { stores: BOTH_STORES },
);
