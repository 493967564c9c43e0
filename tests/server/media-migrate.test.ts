import { Readable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StoreKind } from '../../server/config.js';
import { migrateMedia } from '../../server/services/media/migrate.js';
import { type MediaStorage, openStore } from '../../server/storage/index.js';
import { image, pdf } from './fixtures/media.js';
import { keyOf, type MediaJson, upload, uploaded } from './fixtures/mediaApi.js';
import { BOTH_STORES, describeEachDialect } from './harness.js';

async function bytes(body: Readable | undefined) {
  if (!body) return undefined;
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** The store with one call replaced; everything else as it is. */
function wrapped<K extends keyof MediaStorage>(store: MediaStorage, name: K, fn: MediaStorage[K]): MediaStorage {
  return new Proxy(store, {
    get(target, prop) {
      if (prop === name) return fn;
      const value = Reflect.get(target, prop) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

const keysOf = (m: MediaJson) => [m.url, m.thumbnail_url, m.web_url].filter((u): u is string => !!u).map(keyOf);

describeEachDialect(
  'media: moving the library to the other store with no downtime',
  (h) => {
    let other: StoreKind;
    let from: MediaStorage;
    let to: MediaStorage;

    beforeAll(() => {
      other = h.store === 'local' ? 's3' : 'local';
      from = openStore(h.config, h.store);
      to = openStore(h.config, other);
    });
    afterAll(async () => {
      await Promise.all([from.close(), to.close()]);
    });

    it('reads through to the old store, writes to the new one, copies resumably with checksums, then needs only the new store', async () => {
      const admin = await h.login('admin');
      const old = [
        await uploaded(h, admin, await image('png')),
        await uploaded(h, admin, pdf(), { filename: 'a.pdf' }),
        await uploaded(h, admin, await image('jpeg')),
      ];
      const replaced = await uploaded(h, admin, pdf(), { filename: 'b.pdf' });
      const oldKeys = [...old, replaced].flatMap(keysOf);

      // Every server now writes to the new store and reads through to the old one.
      const moving = await h.appWith({ MEDIA_STORAGE: other, MEDIA_STORAGE_FALLBACK: h.store });
      for (const key of oldKeys) expect((await h.get(`/media/${key}`, { app: moving })).statusCode, key).toBe(200);
      const ranged = await h.get(old[1]!.url, { app: moving, headers: { range: 'bytes=0-3' } });
      expect([ranged.statusCode, ranged.body]).toEqual([206, '%PDF']);

      // New uploads, and a file replaced under its URL, land in the new store only.
      const fresh = await upload(h, admin, await image('webp'), { app: moving });
      expect(fresh.statusCode, fresh.body).toBe(201);
      const freshKeys = keysOf(fresh.json() as MediaJson);
      const edition = Buffer.concat([pdf(), Buffer.from('% second edition\n')]);
      const res = await upload(h, admin, edition, { app: moving, url: `/api/media/${replaced.id}/file`, method: 'PUT' });
      expect(res.statusCode, res.body).toBe(200);
      for (const key of [...freshKeys, keyOf(replaced.url)])
        expect([await to.exists(key), await from.exists(key)], key).toEqual([true, key === keyOf(replaced.url)]);

      // A pass stopped after its first copy…
      const stop = new AbortController();
      const first = await migrateMedia(
        h.db,
        from,
        wrapped(to, 'put', async (...args) => {
          const done = await to.put(...args);
          stop.abort();
          return done;
        }),
        { signal: stop.signal, concurrency: 1 },
      );
      expect(first).toMatchObject({ copied: 1, missing: [], mismatched: [] });

      // …and a pass whose read-back of one copy differs from what was sent: that copy is removed.
      const spoiled = oldKeys.find((k) => k.endsWith('.web.webp'))!;
      const second = await migrateMedia(
        h.db,
        from,
        wrapped(to, 'get', async (key, range) => (key === spoiled ? Readable.from([Buffer.from('bit rot')]) : to.get(key, range))),
      );
      expect(second.mismatched).toEqual([spoiled]);
      expect(await to.exists(spoiled)).toBe(false);

      // The next pass copies what is left; the replaced file keeps its new bytes.
      const third = await migrateMedia(h.db, from, to);
      expect(third).toMatchObject({ copied: 1, missing: [], mismatched: [] });
      expect(third.present).toBe(oldKeys.length + freshKeys.length - 1);
      expect((await bytes(await to.get(keyOf(replaced.url))))?.equals(edition)).toBe(true);
      for (const key of oldKeys.filter((k) => k !== keyOf(replaced.url))) {
        expect((await bytes(await to.get(key)))?.equals((await bytes(await from.get(key)))!), key).toBe(true);
      }

      // Done: the new store alone serves the whole library.
      const moved = await h.appWith({ MEDIA_STORAGE: other });
      for (const key of [...oldKeys, ...freshKeys]) expect((await h.get(`/media/${key}`, { app: moved })).statusCode, key).toBe(200);
      expect((await h.get(replaced.url, { app: moved })).rawPayload.equals(edition)).toBe(true);
    });
  },
  { stores: BOTH_STORES, withS3: true },
);
