/**
 * Cached list answers (server/cache/): a dealer list is served from the process's cache
 * only while its site's data version stands, so every write — through the engine, the
 * media library or a dealer site's own row, on this instance or another one on the same
 * database — shows in the very next list answer.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { image } from './fixtures/media.js';
import { call as mediaCall, uploaded } from './fixtures/mediaApi.js';
import { bumpDataVersion } from '../../server/cache/dataVersions.js';
import { findTenantByHost } from '../../server/services/tenants.js';
import { describeEachDialect, type Session } from './harness.js';

interface BrandItem {
  id: number;
  name: string;
}

describeEachDialect('list cache', (h) => {
  const host = 'rossi.localhost';
  let rossi: Session;
  let other: FastifyInstance;
  beforeAll(async () => {
    other = await h.appWith({});
  });
  beforeEach(async () => {
    rossi = await h.login('rossi', host);
  });

  const list = async (query: string, app?: FastifyInstance) => {
    const res = await h.get(`/api/brand/?${query}`, { host, session: rossi, app });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: BrandItem[]; paginator: { count: number } };
  };
  const patch = async (id: number, body: Record<string, unknown>, app?: FastifyInstance) => {
    const version = (await h.get(`/api/brand/${id}/`, { host, session: rossi })).json().version;
    const res = await h.call('PATCH', `/api/brand/${id}/`, { host, session: rossi, body: { ...body, version }, app });
    expect(res.statusCode, res.body).toBe(200);
  };
  const create = async (code: string, name: string, extra: Record<string, unknown> = {}) => {
    const res = await h.call('POST', '/api/brand/', { host, session: rossi, body: { code, name, ...extra } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };

  it('answers a repeated list the same, and the next answer after a write shows it, on every instance', async () => {
    const id = await create('CACHEA', 'Cachea first');
    const query = 'search=cachea';
    for (const app of [undefined, other]) {
      const first = await list(query, app);
      expect(await list(query, app)).toEqual(first);
      expect(first.items.map((i) => i.name)).toEqual(['Cachea first']);
    }
    await patch(id, { name: 'Cachea renamed' });
    await h.settled();
    for (const app of [undefined, other]) expect((await list(query, app)).items.map((i) => i.name)).toEqual(['Cachea renamed']);
    // The other instance writes: this one's cached answer is outdated too, once it has heard of the write.
    await patch(id, { name: 'Cachea again' }, other);
    await h.settled();
    expect((await list(query)).items.map((i) => i.name)).toEqual(['Cachea again']);
  });

  it('shows creations and deletions in the next answer, counts included', async () => {
    const before = await list('search=cacheb');
    const id = await create('CACHEB', 'Cacheb one');
    const after = await list('search=cacheb');
    expect(after.paginator.count).toBe(before.paginator.count + 1);
    const res = await h.call('DELETE', `/api/brand/${id}/`, { host, session: rossi });
    expect(res.statusCode, res.body).toBe(204);
    expect(await list('search=cacheb')).toEqual(before);
  });

  it('shows every media library change in the next library answer', async () => {
    const library = async (query = 'search=cachemedia') => {
      const res = await h.get(`/api/media-folders?${query}`, { host, session: rossi });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { folders: Array<{ title: string }>; media: { items: Array<{ id: number; title?: string }>; paginator: { count: number } } };
    };
    const empty = await library();
    expect(await library()).toEqual(empty);
    const item = await uploaded(h, rossi, await image('png'), { filename: 'cachemedia.png' });
    expect((await library()).media.items.map((i) => i.id)).toEqual([item.id]);
    const edit = await mediaCall(h, rossi, 'PATCH', `/api/media/${item.id}`, { translations: { it: { title: 'Cachemedia titolo' } } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await library('search=cachemedia&language_code=it')).media.items[0]?.title).toBe('Cachemedia titolo');
    const folder = await mediaCall(h, rossi, 'POST', '/api/media-folders', { title: 'Cachemedia folder' });
    expect(folder.statusCode, folder.body).toBe(201);
    expect((await library()).folders.map((f) => f.title)).toEqual(['Cachemedia folder']);
    const gone = await mediaCall(h, rossi, 'DELETE', `/api/media/${item.id}`);
    expect(gone.statusCode, gone.body).toBe(204);
    expect((await library()).media.items).toEqual([]);
  });

  it('serves the stored answer while the version stands: a write around the engine shows once the version moves', async () => {
    const id = await create('CACHEE', 'Cachee stored');
    const first = await list('search=cachee');
    await h.db
      .updateTable('brands' as never)
      .set({ name: 'Cachee behind' } as never)
      .where('id' as never, '=', id as never)
      .execute();
    expect(await list('search=cachee')).toEqual(first);
    await bumpDataVersion(h.db, (await findTenantByHost(h.db, host))!.id);
    await h.settled();
    expect((await list('search=cachee')).items.map((i) => i.name)).toEqual(['Cachee behind']);
  });

  it('keeps answers of one site apart from another site and from another language', async () => {
    const verdi = await h.login('verdi', 'verdi.localhost');
    await create('CACHED', 'Cached rossi');
    const rossiList = await list('search=cached');
    const verdiList = (await h.get('/api/brand/?search=cached', { host: 'verdi.localhost', session: verdi })).json();
    expect(rossiList.items.map((i) => i.name)).toEqual(['Cached rossi']);
    expect(verdiList.items).toEqual([]);
  });
});
