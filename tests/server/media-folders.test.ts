import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rebuildMediaIndexes, recountMedia } from '../../server/services/media/indexes.js';
import { listMedia, type MimeFilter } from '../../server/services/media/library.js';
import { searchWords } from '../../server/list/words.js';
import { MEDIA_WORDS } from '../../server/services/media/terms.js';
import { image, mp4, pdf, svg } from './fixtures/media.js';
import { call, folder, isStored, list, type MediaJson, uploaded } from './fixtures/mediaApi.js';
import { BOTH_STORES, describeEachDialect, expectDetail, expectFieldErrors, type Harness, type Session } from './harness.js';

/** The counters behind the paginator must equal a real count after every change. */
async function expectCountersTrue(h: Harness) {
  const before = await h.db.selectFrom('media_counts').select(['tenant_id', 'folder_id', 'mime_type', 'n']).where('n', '!=', 0).execute();
  await recountMedia(h.db);
  const after = await h.db.selectFrom('media_counts').select(['tenant_id', 'folder_id', 'mime_type', 'n']).execute();
  const key = (r: { tenant_id: number; folder_id: number; mime_type: string }) => `${r.tenant_id}/${r.folder_id}/${r.mime_type}`;
  const sort = (rows: typeof after) => rows.map((r) => `${key(r)}=${Number(r.n)}`).sort();
  expect(sort(before)).toEqual(sort(after));
}

describeEachDialect(
  'media folders and the library list',
  (h) => {
    let admin: Session;
    beforeEach(async () => {
      admin = await h.login('admin');
    });

    it('answers the root listing with the DESIGN.md §5 shape', async () => {
      const body = await list(h, admin);
      expect(Object.keys(body).sort()).toEqual(['folders', 'media', 'parent_folder']);
      expect(body.parent_folder).toEqual({ id: null, ancestors: [] });
      expect(body.parent_folder).not.toHaveProperty('path');
      expect(body.media.paginator).toEqual({ count: 0, page: 1, pages: 1, page_size: 18, has_next: false, has_previous: false, count_exact: true });
      expect(body.media.items).toEqual([]);
      // Trailing slash optional, and the /backoffice/api alias answers the same.
      for (const url of ['/api/media-folders', '/backoffice/api/media-folders/', '/backoffice/api/media-folders']) {
        const res = await h.get(url, { session: admin });
        expect(res.statusCode, url).toBe(200);
        expect(res.json()).toEqual(body);
      }
    });

    describe('a folder tree', () => {
      it('creates folders with slug and path, and lists a folder with its trail', async () => {
        const a = await folder(h, admin, 'Trattori & Ricambi');
        expect(a).toMatchObject({ title: 'Trattori & Ricambi', slug: 'trattori-ricambi', path: '/trattori-ricambi', parent: null, version: 1 });
        const b = await folder(h, admin, 'Modelli 2024', a.id);
        const c = await folder(h, admin, 'Perché sì', b.id);
        expect(b.path).toBe('/trattori-ricambi/modelli-2024');
        expect(c.path).toBe('/trattori-ricambi/modelli-2024/perche-si');

        const inB = await list(h, admin, '', b.id);
        expect(inB.parent_folder).toMatchObject({ id: b.id, path: b.path, title: 'Modelli 2024', parent: a.id });
        expect(inB.parent_folder.ancestors.map((f) => f.id)).toEqual([a.id]);
        expect(inB.folders.map((f) => f.id)).toEqual([c.id]);
        const inC = await list(h, admin, '', c.id);
        expect(inC.parent_folder.ancestors.map((f) => f.path)).toEqual([a.path, b.path]);
        expect((await list(h, admin)).folders.map((f) => f.title)).toContain('Trattori & Ricambi');
      });

      it('refuses a duplicate name in the same place, a blank title and an unknown parent', async () => {
        const p = await folder(h, admin, 'Dup parent');
        await folder(h, admin, 'Foto', p.id);
        expectFieldErrors(await h.post('/api/media-folders/', { session: admin, body: { title: 'FOTO!', parent: p.id } }), ['title']);
        expectFieldErrors(await h.post('/api/media-folders/', { session: admin, body: { title: '   ' } }), ['title']);
        expectFieldErrors(await h.post('/api/media-folders/', { session: admin, body: {} }), ['title']);
        expectFieldErrors(await h.post('/api/media-folders/', { session: admin, body: { title: 'x', parent: 987654 } }), ['parent']);
        expectFieldErrors(await h.post('/api/media-folders/', { session: admin, body: { title: 'x', parent: 'abc' } }), ['parent']);
        // The same name elsewhere is fine.
        await folder(h, admin, 'Foto');
      });

      it('keeps scripts other than Latin in slugs', async () => {
        const ru = await folder(h, admin, 'Фото тракторов');
        const mk = await folder(h, admin, 'Видео');
        expect(ru.slug).toBe('фото-тракторов');
        expect(mk.slug).toBe('видео');
      });

      it('renames and moves a folder with everything below it, and refuses cycles', async () => {
        const x = await folder(h, admin, 'X');
        const y = await folder(h, admin, 'Y', x.id);
        const z = await folder(h, admin, 'Z', y.id);
        const other = await folder(h, admin, 'Other');

        const renamed = await call(h, admin, 'PATCH', `/api/media-folders/${y.id}/`, { title: 'Why' });
        expect(renamed.statusCode, renamed.body).toBe(200);
        expect(renamed.json()).toMatchObject({ id: y.id, title: 'Why', slug: 'why', path: '/x/why', version: 2 });
        const zRow = await h.db.selectFrom('media_folders').select('path').where('id', '=', z.id).executeTakeFirstOrThrow();
        expect(zRow.path).toBe('/x/why/z');

        const moved = await call(h, admin, 'PUT', `/api/media-folders/${y.id}`, { parent: other.id });
        expect(moved.json()).toMatchObject({ parent: other.id, path: '/other/why' });
        expect((await list(h, admin, '', z.id)).parent_folder).toMatchObject({ path: '/other/why/z' });
        expect((await list(h, admin, '', z.id)).parent_folder.ancestors.map((f) => f.id)).toEqual([other.id, y.id]);

        expectFieldErrors(await call(h, admin, 'PATCH', `/api/media-folders/${y.id}`, { parent: y.id }), ['parent']);
        expectFieldErrors(await call(h, admin, 'PATCH', `/api/media-folders/${y.id}`, { parent: z.id }), ['parent']);
        expectFieldErrors(await call(h, admin, 'PATCH', `/api/media-folders/${other.id}`, { parent: z.id }), ['parent']);

        const root = await call(h, admin, 'PATCH', `/api/media-folders/${z.id}`, { parent: null });
        expect(root.json()).toMatchObject({ parent: null, path: '/z' });
      });

      it('checks the version on update: 409 with the current folder', async () => {
        const f = await folder(h, admin, 'Versioned');
        expect((await call(h, admin, 'PATCH', `/api/media-folders/${f.id}`, { title: 'V2', version: 1 })).statusCode).toBe(200);
        const stale = await call(h, admin, 'PATCH', `/api/media-folders/${f.id}`, { title: 'V3', version: 1 });
        expect(stale.statusCode).toBe(409);
        expect(stale.json()).toMatchObject({ detail: expect.any(String), current: { id: f.id, title: 'V2', version: 2 } });
        const viaHeader = await call(h, admin, 'PATCH', `/api/media-folders/${f.id}`, { title: 'V3' }, { 'if-match': '"1"' });
        expect(viaHeader.statusCode).toBe(409);
        expect((await call(h, admin, 'PATCH', `/api/media-folders/${f.id}`, { title: 'V3' }, { 'if-match': '"2"' })).statusCode).toBe(200);
      });

      it('deletes a folder with its sub-folders, their media and the files', async () => {
        const top = await folder(h, admin, 'Doomed');
        const sub = await folder(h, admin, 'Sub', top.id);
        const keep = await folder(h, admin, 'Doomed too not');
        const a = await uploaded(h, admin, await image('png'), { data: { folder: top.id } });
        const b = await uploaded(h, admin, await image('jpeg'), { data: { folder: sub.id } });
        const c = await uploaded(h, admin, pdf(), { data: { folder: keep.id } });
        const files = [a.url, a.thumbnail_url!, a.web_url!, b.url, b.thumbnail_url!, b.web_url!];
        for (const f of files) expect(await isStored(h, f)).toBe(true);

        const res = await call(h, admin, 'DELETE', `/api/media-folders/${top.id}/`);
        expect(res.statusCode).toBe(204);
        for (const f of files) expect(await isStored(h, f), f).toBe(false);
        expect(await isStored(h, c.url)).toBe(true);
        expectDetail(await h.get(`/api/media-folders/${sub.id}`, { session: admin }), 404);
        expectDetail(await h.get(`/api/media/${a.id}`, { session: admin }), 404);
        expectDetail(await h.get(`/api/media/${b.id}`, { session: admin }), 404);
        expect((await h.get(`/api/media/${c.id}`, { session: admin })).statusCode).toBe(200);
        expect(await h.db.selectFrom('media_translations').selectAll().where('media_id', 'in', [a.id, b.id]).execute()).toEqual([]);
        expect(await h.db.selectFrom('media_terms').selectAll().where('media_id', 'in', [a.id, b.id]).execute()).toEqual([]);
        await expectCountersTrue(h);
        expectDetail(await call(h, admin, 'DELETE', `/api/media-folders/${top.id}/`), 404);
      });

      it('answers 404 for a folder id that is not a number or does not exist', async () => {
        for (const id of ['abc', '0', '-1', '1.5', '99999999999999', '999999']) {
          expectDetail(await h.get(`/api/media-folders/${id}`, { session: admin }), 404);
          expectDetail(await call(h, admin, 'PATCH', `/api/media-folders/${id}`, { title: 'x' }), 404);
          expectDetail(await call(h, admin, 'DELETE', `/api/media-folders/${id}`), 404);
        }
      });
    });

    describe('paging, search and type filter', () => {
      let lib: number;
      let items: MediaJson[];
      // 20 PDFs, 3 PNGs, 1 SVG, 1 MP4 in one folder; 2 PNGs at the root of that tenant's library.
      let session: Session;
      beforeAll(async () => {
        session = await h.login('verdi', 'verdi.localhost');
        lib = (await folder(h, session, 'Catalogo')).id;
        items = [];
        for (let i = 1; i <= 20; i++) {
          items.push(await uploaded(h, session, pdf(), { filename: `brochure-${String(i).padStart(2, '0')}.pdf`, data: { folder: lib } }));
        }
        for (const name of ['red-tractor.png', 'blue-tractor.png', 'harvester.png']) {
          items.push(await uploaded(h, session, await image('png'), { filename: name, data: { folder: lib } }));
        }
        items.push(await uploaded(h, session, svg(), { filename: 'logo.svg', data: { folder: lib, title: 'Logo aziendale' } }));
        items.push(await uploaded(h, session, mp4(), { filename: 'demo.mp4', data: { folder: lib, title: 'Trattore in azione' } }));
        await uploaded(h, session, await image('png'), { filename: 'tractor-at-root.png' });
        await uploaded(h, session, await image('png'), { filename: 'other.png' });
      });
      beforeEach(async () => {
        session = await h.login('verdi', 'verdi.localhost');
      });

      it('pages 18 at a time, newest first; an out-of-range page answers the last page', async () => {
        const p1 = await list(h, session, '', lib);
        expect(p1.media.paginator).toEqual({ count: 25, page: 1, pages: 2, page_size: 18, has_next: true, has_previous: false, count_exact: true });
        expect(p1.media.items.map((m) => m.id)).toEqual(
          [...items]
            .reverse()
            .slice(0, 18)
            .map((m) => m.id),
        );
        const p2 = await list(h, session, 'page=2', lib);
        expect(p2.media.paginator).toMatchObject({ page: 2, has_next: false, has_previous: true });
        expect(p2.media.items).toHaveLength(7);
        const far = await list(h, session, 'page=99', lib);
        expect(far.media.paginator.page).toBe(2);
        expect(far.media.items.map((m) => m.id)).toEqual(p2.media.items.map((m) => m.id));
        // The root of this library holds only its two root files.
        expect((await list(h, session)).media.paginator.count).toBe(2);
        expect((await list(h, session, 'items=5', lib)).media.paginator).toMatchObject({ page_size: 5, pages: 5 });
      });

      it('filters by a type wildcard or an exact type', async () => {
        const images = await list(h, session, `fltr=${encodeURIComponent('mime_type=image/*')}`, lib);
        expect(images.media.paginator.count).toBe(4);
        expect(images.media.items.every((m) => m.mime_type.startsWith('image/'))).toBe(true);
        const svgs = await list(h, session, `fltr=${encodeURIComponent('mime_type=image/svg+xml')}`, lib);
        expect(svgs.media.items.map((m) => m.name)).toEqual(['logo.svg']);
        expect((await list(h, session, 'fltr=mime_type=video/*', lib)).media.paginator.count).toBe(1);
        expect((await list(h, session, 'fltr=mime_type=audio/*', lib)).media.paginator.count).toBe(0);
        const docs = await list(h, session, 'fltr=mime_type=application/*', lib);
        expect(docs.media.paginator).toMatchObject({ count: 20, pages: 2 });
        expect((await list(h, session, 'fltr=mime_type=application/pd*', lib)).media.paginator.count).toBe(20);
        expect((await list(h, session, 'fltr=mime_type=*', lib)).media.paginator.count).toBe(25);
        // Across folders.
        expect((await list(h, session, 'all=true&fltr=mime_type=image/*')).media.paginator.count).toBe(6);
      });

      it('searches names and titles by word prefix, in the folder or everywhere with all=true', async () => {
        const inFolder = await list(h, session, 'search=tract', lib);
        expect(inFolder.media.items.map((m) => m.name).sort()).toEqual(['blue-tractor.png', 'red-tractor.png']);
        const everywhere = await list(h, session, 'search=TRACT&all=true');
        expect(everywhere.media.items.map((m) => m.name).sort()).toEqual(['blue-tractor.png', 'red-tractor.png', 'tractor-at-root.png']);
        // Titles, accents and several words.
        expect((await list(h, session, 'search=aziend', lib)).media.items.map((m) => m.name)).toEqual(['logo.svg']);
        expect((await list(h, session, `search=${encodeURIComponent('trattòre aziend')}`, lib)).media.items.map((m) => m.name)).toEqual([]);
        expect((await list(h, session, `search=${encodeURIComponent('trattòre azione')}`, lib)).media.items.map((m) => m.name)).toEqual(['demo.mp4']);
        // With a type filter and paging.
        const pdfs = await list(h, session, 'search=brochure&fltr=mime_type=application/pdf&page=2', lib);
        expect(pdfs.media.paginator).toMatchObject({ count: 20, page: 2, pages: 2 });
        expect(pdfs.media.items).toHaveLength(2);
        expect((await list(h, session, 'search=brochure-07', lib)).media.items.map((m) => m.name)).toEqual(['brochure-07.pdf']);
        expect((await list(h, session, 'search=nothing-like-this', lib)).media.paginator).toMatchObject({ count: 0, page: 1, pages: 1 });
        // Symbols only: no words, no filter.
        expect((await list(h, session, `search=${encodeURIComponent('%_*')}`, lib)).media.paginator.count).toBe(25);
      });

      it('finds the same page whether a search collects its matches or scans the folder', async () => {
        const tenant = await h.db.selectFrom('tenant_domains').select('tenant_id').where('domain', '=', 'verdi.localhost').executeTakeFirstOrThrow();
        const queries: Array<{ search: string; all?: boolean; filter?: MimeFilter; page?: number }> = [
          { search: 'tractor' },
          { search: 'tractor', all: true },
          { search: 'brochure', page: 2 },
          { search: 'brochure 1', all: true },
          { search: 'tractor red' },
          { search: 'tract', filter: { kind: 'group', group: 'image' } },
          { search: 'logo', filter: { kind: 'exact', mime: 'image/svg+xml' } },
          { search: 'azione trattore', all: true },
          { search: 'nothing' },
        ];
        for (const q of queries) {
          const base = {
            tenantId: tenant.tenant_id,
            folderId: q.all ? null : lib,
            all: q.all ?? false,
            filter: q.filter,
            words: searchWords(q.search, MEDIA_WORDS),
            page: q.page ?? 1,
            pageSize: 18,
            language: 'en',
          };
          const terms = await listMedia(h.db, { ...base, plan: 'terms' });
          const scan = await listMedia(h.db, { ...base, plan: 'scan' });
          expect(scan, q.search).toEqual(terms);
          expect(await listMedia(h.db, base)).toEqual(terms);
        }
        const two = await listMedia(h.db, {
          tenantId: tenant.tenant_id,
          folderId: lib,
          all: false,
          words: searchWords('tractor red', MEDIA_WORDS),
          page: 1,
          pageSize: 18,
          language: 'en',
          plan: 'terms',
        });
        expect(two.items.map((m) => m.name)).toEqual(['red-tractor.png']);
      });

      it('searches folders by title too', async () => {
        const root = await list(h, session, 'search=catal');
        expect(root.folders.map((f) => f.title)).toEqual(['Catalogo']);
        expect((await list(h, session, 'search=zzz')).folders).toEqual([]);
      });

      it('refuses bad query values with field errors', async () => {
        const get = (q: string) => h.get(`/api/media-folders/?${q}`, { host: 'verdi.localhost', session });
        expectFieldErrors(await get('page=abc'), ['page']);
        expectFieldErrors(await get('page=0'), ['page']);
        expectFieldErrors(await get('page=1&page=2'), ['page']);
        expectFieldErrors(await get('items=1000'), ['items']);
        expectFieldErrors(await get('all=maybe'), ['all']);
        expectFieldErrors(await get('fltr=name=x'), ['fltr']);
        expectFieldErrors(await get(`fltr=${encodeURIComponent("mime_type=image/%' OR 1=1 --")}`), ['fltr']);
        expectFieldErrors(await get(`search=${'x'.repeat(201)}`), ['search']);
        expectFieldErrors(await get('language_code=zz'), ['language_code']);
      });

      it('keeps the counters true after uploads, moves and deletes', async () => {
        const other = await folder(h, session, 'Archivio');
        const moved = await call(h, session, 'PATCH', `/api/media/${items[0]!.id}`, { folder: other.id });
        expect(moved.statusCode, moved.body).toBe(200);
        expect((await list(h, session, '', lib)).media.paginator.count).toBe(24);
        expect((await list(h, session, '', other.id)).media.items.map((m) => m.id)).toEqual([items[0]!.id]);
        expect((await call(h, session, 'DELETE', `/api/media/${items[1]!.id}`)).statusCode).toBe(204);
        expect((await list(h, session, 'fltr=mime_type=application/*', lib)).media.paginator.count).toBe(18);
        await expectCountersTrue(h);
        // Rebuilding the search index from scratch gives the same index.
        const terms = async () => (await h.db.selectFrom('media_terms').selectAll().execute()).map((t) => JSON.stringify({ ...t })).sort();
        const before = await terms();
        await h.db.deleteFrom('media_terms').execute();
        await rebuildMediaIndexes(h.db);
        expect(await terms()).toEqual(before);
        // Back as it was for the other tests.
        await call(h, session, 'PATCH', `/api/media/${items[0]!.id}`, { folder: lib });
        items[1] = await uploaded(h, session, pdf(), { filename: 'brochure-02.pdf', data: { folder: lib } });
      });
    });
  },
  { stores: BOTH_STORES },
);
