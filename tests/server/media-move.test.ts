import { expect, it } from 'vitest';
import { recountMedia } from '../../server/services/media/indexes.js';
import { exactly, type Tuple } from '../tuples.js';
import { image, pdf } from './fixtures/media.js';
import { call, folder, type FolderJson, list, type MediaJson, uploaded } from './fixtures/mediaApi.js';
import { BOTH_STORES, describeEachDialect, expectDetail, expectFieldErrors, type Harness, type Session } from './harness.js';

/** Folder and version of each media, straight from the table. */
async function placeOf(h: Harness, ids: number[]) {
  const rows = await h.db.selectFrom('media').select(['id', 'folder_id', 'version']).where('id', 'in', ids).orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, folder: r.folder_id, version: Number(r.version) }));
}

/** The paginator's counters equal a real count. */
async function expectCountersTrue(h: Harness) {
  const read = async () =>
    (await h.db.selectFrom('media_counts').select(['tenant_id', 'folder_id', 'mime_type', 'n']).where('n', '!=', 0).execute())
      .map((r) => `${r.tenant_id}/${r.folder_id}/${r.mime_type}=${Number(r.n)}`)
      .sort();
  const before = await read();
  await recountMedia(h.db);
  expect(before).toEqual(await read());
}

describeEachDialect(
  'media: moving many into a folder (POST /api/media/move)',
  (h) => {
    const items = async <N extends number>(s: Session, n: N, folderId: number | null = null): Promise<Tuple<MediaJson, N>> => {
      const out: MediaJson[] = [];
      for (let i = 0; i < n; i++) out.push(await uploaded(h, s, await image('png', 10 + i, 10), { filename: `move-${i}.png`, data: { folder: folderId } }));
      return exactly(out, n);
    };

    it('moves media of several folders into one, and back to the root, in one request', async () => {
      const rossi = await h.login('rossi', 'rossi.localhost');
      const from = await folder(h, rossi, 'Move from');
      const to = await folder(h, rossi, 'Move to');
      const [a, b] = await items(rossi, 2, from.id);
      const [c] = await items(rossi, 1);
      const doc = await uploaded(h, rossi, pdf(), { filename: 'Listino trattori.pdf' });

      const res = await call(h, rossi, 'POST', '/backoffice/api/media/move/', { ids: [a.id, b.id, c.id, doc.id], folder: to.id });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ moved: 4, folder: to.id });
      expect((await placeOf(h, [a.id, b.id, c.id, doc.id])).map((r) => [r.folder, r.version])).toEqual([
        [to.id, 2],
        [to.id, 2],
        [to.id, 2],
        [to.id, 2],
      ]);
      // Lists (cached until a write) and searches scoped to a folder see the move at once.
      expect((await list(h, rossi, '', to.id)).media.items.map((m) => m.id).sort()).toEqual([a.id, b.id, c.id, doc.id].sort());
      expect((await list(h, rossi, '', from.id)).media.items).toEqual([]);
      expect((await list(h, rossi, 'search=listino', to.id)).media.items.map((m) => m.id)).toEqual([doc.id]);
      expect((await list(h, rossi, 'search=listino')).media.items).toEqual([]);
      await expectCountersTrue(h);

      // Back to the root; one already there is left alone (no new version).
      await call(h, rossi, 'PATCH', `/api/media/${c.id}`, { folder: null });
      const back = await call(h, rossi, 'POST', '/api/media/move', { ids: [a.id, c.id, a.id], folder: null });
      expect(back.json()).toEqual({ moved: 2, folder: null });
      expect(await placeOf(h, [a.id, c.id])).toEqual([
        { id: a.id, folder: null, version: 3 },
        { id: c.id, folder: null, version: 3 },
      ]);
      expect((await list(h, rossi, 'search=move')).media.items.map((m) => m.id).sort()).toEqual([a.id, c.id].sort());
      await expectCountersTrue(h);
    });

    it("refuses ids of another site and moves nothing, not even the site's own", async () => {
      const rossi = await h.login('rossi', 'rossi.localhost');
      const verdi = await h.login('verdi', 'verdi.localhost');
      const target = await folder(h, rossi, 'Rossi target');
      const [own] = await items(rossi, 1);
      const [theirs] = await items(verdi, 1);
      const before = await placeOf(h, [own.id, theirs.id]);

      const res = await call(h, rossi, 'POST', '/api/media/move', { ids: [own.id, theirs.id], folder: target.id });
      const body = expectFieldErrors(res, ['ids.1']);
      expect(body).not.toHaveProperty('ids.0');
      // An id that names nothing anywhere, too.
      expectFieldErrors(await call(h, rossi, 'POST', '/api/media/move', { ids: [own.id, 2_147_483_000], folder: null }), ['ids.1']);
      // The superuser on the master site cannot reach a dealer's media either.
      expectFieldErrors(await call(h, await h.login('admin'), 'POST', '/api/media/move', { ids: [own.id], folder: null }), ['ids.0']);
      expect(await placeOf(h, [own.id, theirs.id])).toEqual(before);
      await expectCountersTrue(h);
    });

    it('refuses a folder of another site and moves nothing', async () => {
      const rossi = await h.login('rossi', 'rossi.localhost');
      const verdi = await h.login('verdi', 'verdi.localhost');
      const theirFolder: FolderJson = await folder(h, verdi, 'Verdi only');
      const own = await items(rossi, 2);
      const res = await call(h, rossi, 'POST', '/api/media/move', { ids: own.map((m) => m.id), folder: theirFolder.id });
      expectFieldErrors(res, ['folder']);
      expect(
        (
          await placeOf(
            h,
            own.map((m) => m.id),
          )
        ).map((r) => [r.folder, r.version]),
      ).toEqual([
        [null, 1],
        [null, 1],
      ]);
      expect((await list(h, verdi, '', theirFolder.id)).media.items).toEqual([]);
    });

    it('refuses a malformed body, naming the field, and needs change_media', async () => {
      const rossi = await h.login('rossi', 'rossi.localhost');
      const [m] = await items(rossi, 1);
      expectFieldErrors(await call(h, rossi, 'POST', '/api/media/move', { ids: [], folder: null }), ['ids']);
      expectFieldErrors(await call(h, rossi, 'POST', '/api/media/move', { ids: 'all', folder: null }), ['ids']);
      expectFieldErrors(await call(h, rossi, 'POST', '/api/media/move', { ids: [m.id, -1], folder: null }), ['ids.1']);
      expectFieldErrors(await call(h, rossi, 'POST', '/api/media/move', { ids: [m.id] }), ['folder']);
      expectFieldErrors(await call(h, rossi, 'POST', '/api/media/move', { ids: [m.id], folder: 'root' }), ['folder']);
      expectFieldErrors(await call(h, rossi, 'POST', '/api/media/move', { ids: Array.from({ length: 1001 }, (_, i) => i + 1), folder: null }), ['ids']);
      const viewer = await h.login('rossi.viewer', 'rossi.localhost');
      expectDetail(await call(h, viewer, 'POST', '/api/media/move', { ids: [m.id], folder: null }), 403);
      expectDetail(await h.post('/api/media/move', { host: 'rossi.localhost', body: { ids: [m.id], folder: null } }), 401);
      expect((await placeOf(h, [m.id]))[0]?.version).toBe(1);
    });

    it('lists every folder of the site, and only of the site, for the folder picker', async () => {
      const rossi = await h.login('rossi', 'rossi.localhost');
      const verdi = await h.login('verdi', 'verdi.localhost');
      const top = await folder(h, rossi, 'Tree top');
      const inner = await folder(h, rossi, 'Tree inner', top.id);
      const theirs = await folder(h, verdi, 'Tree verdi');
      const res = await call(h, rossi, 'GET', '/backoffice/api/media-folders/tree/');
      expect(res.statusCode, res.body).toBe(200);
      const folders = (res.json() as { folders: FolderJson[] }).folders;
      expect(folders.find((f) => f.id === inner.id)).toMatchObject({ parent: top.id, path: inner.path, title: 'Tree inner' });
      expect(folders.map((f) => f.id)).toContain(top.id);
      expect(folders.map((f) => f.id)).not.toContain(theirs.id);
      // A new folder shows at once (the cached answer follows the site's data version).
      const late = await folder(h, rossi, 'Tree late');
      expect(((await call(h, rossi, 'GET', '/api/media-folders/tree')).json() as { folders: FolderJson[] }).folders.map((f) => f.id)).toContain(late.id);
    });
  },
  { stores: BOTH_STORES },
);
