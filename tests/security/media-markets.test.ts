/**
 * Issue 13 point 8: the master site's media library is shared by the staff of every market,
 * and a dealer site of any market may show one of its images as its logo. A market
 * administrator may change or delete such a media item only when nothing outside its market
 * uses it (403 otherwise, nothing changed), and `used_by` names only the records the reader
 * may see, counting the others in `used_by_hidden`.
 */
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { fixtures } from '../server/entity-fixtures.js';
import { image } from '../server/fixtures/media.js';
import { call, folder, isStored, type MediaJson, upload, uploaded } from '../server/fixtures/mediaApi.js';
import { BOTH_STORES, describeEachDialect, expectDetail, type Session } from '../server/harness.js';
import { changedTables, fingerprint } from './checksum.js';

describeEachDialect(
  'master media used in other markets',
  (h) => {
    let admin: Session;
    let italyMA: Session;
    /** Used by a Spanish dealer site, in a folder of its own. */
    let shared: MediaJson;
    let sharedFolder: number;
    /** Used by an Italian dealer site only. */
    let italian: MediaJson;
    let spanishSite: number;
    let italianSite: number;

    const marketId = async (code: string) => (await h.db.selectFrom('markets').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

    beforeAll(async () => {
      admin = await h.login('admin');
      sharedFolder = (await folder(h, admin, 'Loghi condivisi')).id;
      shared = await uploaded(h, admin, await image('png'), { filename: 'logo-es.png', data: { folder: sharedFolder } });
      italian = await uploaded(h, admin, await image('png'), { filename: 'logo-it.png' });
      const fx = fixtures(h);
      spanishSite = await fx.create('tenant', 'master', { name: 'Tractores Sevilla', market: await marketId('ES'), logo: shared.id });
      italianSite = await fx.create('tenant', 'master', { name: 'Trattori Bergamo', market: await marketId('IT'), logo: italian.id });
    });
    // The harness ends every session between tests.
    beforeEach(async () => {
      admin = await h.login('admin');
      italyMA = await h.login('market');
    });

    it('names to a market administrator only the records of its market, and counts the others', async () => {
      const seen = (await call(h, italyMA, 'GET', `/api/media/${shared.id}`)).json();
      expect(JSON.stringify(seen.used_by)).not.toContain('Sevilla');
      expect(seen.used_by).toEqual([]);
      expect(seen.used_by_hidden).toBe(1);
      const own = (await call(h, italyMA, 'GET', `/api/media/${italian.id}`)).json();
      expect(own.used_by).toEqual([expect.objectContaining({ model: 'tenant', id: italianSite, label: 'Trattori Bergamo' })]);
      expect(own.used_by_hidden).toBe(0);
      // Staff see every record.
      const all = (await call(h, admin, 'GET', `/api/media/${shared.id}`)).json();
      expect(all.used_by).toEqual([expect.objectContaining({ model: 'tenant', id: spanishSite, label: 'Tractores Sevilla' })]);
      expect(all.used_by_hidden).toBe(0);
    });

    it('refuses a market administrator every change to media another market uses, changing nothing', async () => {
      const before = await fingerprint(h);
      const attempts = [
        await call(h, italyMA, 'PATCH', `/api/media/${shared.id}`, { title: 'Nuovo titolo' }),
        await call(h, italyMA, 'PUT', `/api/media/${shared.id}`, { alt_text: 'Nuovo testo' }),
        await upload(h, italyMA, await image('jpeg'), { filename: 'altro.jpg', method: 'PUT', url: `/api/media/${shared.id}/file` }),
        await upload(h, italyMA, await image('jpeg'), { filename: 'altro.jpg', method: 'POST', url: `/backoffice/api/media/${shared.id}/file` }),
        await call(h, italyMA, 'DELETE', `/api/media/${shared.id}`),
        await call(h, italyMA, 'DELETE', `/api/media-folders/${sharedFolder}`),
        await call(h, italyMA, 'POST', '/api/media/move/', { ids: [shared.id], folder: null }),
      ];
      for (const res of attempts) {
        const body = expectDetail(res, 403);
        expect(JSON.stringify(body)).not.toContain('Sevilla');
      }
      expect(changedTables(before, await fingerprint(h))).toEqual([]);
      expect(await isStored(h, shared.url)).toBe(true);
    });

    it('lets a market administrator change media used only in its market, and staff change any', async () => {
      const mine = await call(h, italyMA, 'PATCH', `/api/media/${italian.id}`, { title: 'Logo Bergamo' });
      expect(mine.statusCode, mine.body).toBe(200);
      const staff = await call(h, admin, 'PATCH', `/api/media/${shared.id}`, { title: 'Logo Sevilla' });
      expect(staff.statusCode, staff.body).toBe(200);
      expect(staff.json().used_by).toEqual([expect.objectContaining({ id: spanishSite })]);
      // In use, so no one deletes it; staff are told by whom.
      const removal = await call(h, admin, 'DELETE', `/api/media/${shared.id}`);
      expectDetail(removal, 409);
      expect(JSON.stringify(removal.json().used_by)).toContain('Sevilla');
    });
  },
  { stores: BOTH_STORES },
);
