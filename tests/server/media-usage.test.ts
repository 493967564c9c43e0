import { beforeAll, beforeEach, expect, it } from 'vitest';
import { image } from './fixtures/media.js';
import { call, folder, isStored, type MediaJson, uploaded } from './fixtures/mediaApi.js';
import { BOTH_STORES, describeEachDialect, expectDetail, type Session } from './harness.js';

describeEachDialect(
  'media: in use by content',
  (h) => {
    let rossi: Session;
    let logo: MediaJson;
    let folderId: number;
    let brandId: number;
    beforeAll(async () => {
      rossi = await h.login('rossi', 'rossi.localhost');
      folderId = (await folder(h, rossi, 'Logos')).id;
      logo = await uploaded(h, rossi, await image('png'), { filename: 'logo.png', data: { folder: folderId } });
      const brand = await call(h, rossi, 'POST', '/api/brand/', { code: 'USAGE', name: 'Usage Brand', logo: logo.id });
      expect(brand.statusCode).toBe(201);
      brandId = brand.json().id;
    });
    // The harness ends every session between tests.
    beforeEach(async () => {
      rossi = await h.login('rossi', 'rossi.localhost');
    });

    it('lists the rows that use a media item in its detail', async () => {
      const detail = (await call(h, rossi, 'GET', `/api/media/${logo.id}`)).json();
      expect(detail.used_by).toEqual([{ model: 'brand', id: brandId, label: 'Usage Brand', path: `/brand/${brandId}` }]);
    });

    it('refuses to delete it, alone or with its folder, with 409 naming the user, and keeps its files', async () => {
      const single = await call(h, rossi, 'DELETE', `/api/media/${logo.id}`);
      expectDetail(single, 409);
      expect(single.json().used_by).toEqual([expect.objectContaining({ media: logo.id, model: 'brand', id: brandId })]);
      const tree = await call(h, rossi, 'DELETE', `/api/media-folders/${folderId}`);
      expectDetail(tree, 409);
      expect((await call(h, rossi, 'GET', `/api/media/${logo.id}`)).statusCode).toBe(200);
      expect((await call(h, rossi, 'GET', `/api/media-folders/${folderId}`)).statusCode).toBe(200);
      expect(await isStored(h, logo.url)).toBe(true);
    });

    it('deletes it once nothing uses it any more', async () => {
      const version = (await call(h, rossi, 'GET', `/api/brand/${brandId}/`)).json().version;
      expect((await call(h, rossi, 'PATCH', `/api/brand/${brandId}/`, { logo: null, version })).statusCode).toBe(200);
      expect((await call(h, rossi, 'GET', `/api/media/${logo.id}`)).json().used_by).toEqual([]);
      expect((await call(h, rossi, 'DELETE', `/api/media-folders/${folderId}`)).statusCode).toBeLessThan(300);
      expect(await isStored(h, logo.url)).toBe(false);
    });
  },
  { stores: BOTH_STORES },
);
