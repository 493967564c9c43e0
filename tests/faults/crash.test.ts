/**
 * kill -9 in the middle of concurrent writes and uploads, then a restart on the same data:
 * the database is intact, every write the server acknowledged is there, every media row
 * has its files, and the debris of the interrupted uploads is swept on start.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../server/db/database.js';
import { newMediaKey } from '../../server/storage/keys.js';
import { multipart, SiteClient } from './lib/client.js';
import { alive, backends, makeStore, startInstance, type Store, stopAll } from './lib/instances.js';
import { createProduct, editProduct, firstBrandId, type ProductLedger, uploadPng, type UploadLedger, waitUntil } from './lib/workload.js';

const WRITERS = 8;
const UPLOADERS = 3;
const ACKED_WRITES_BEFORE_KILL = 40;
const ACKED_UPLOADS_BEFORE_KILL = 6;
/** Older than the default upload timeout (30 minutes): debris, if nothing names it. */
const LONG_AGO = new Date(Date.now() - 2 * 3600_000);

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => fs.statSync(path.join(dir, f)).isFile());
}

for (const backend of backends()) {
  describe(`kill -9 during writes and uploads [${backend}]`, () => {
    const bundle = inject('serverBundle');
    let store: Store;

    beforeAll(async () => {
      store = await makeStore(backend);
    });
    afterAll(async () => {
      await stopAll();
      await store?.dispose();
    });

    it('keeps every acknowledged write, every media file with its row, and sweeps the debris on restart', async () => {
      const first = await startInstance(`crash-1-${backend}`, bundle, store);
      const products: ProductLedger[] = [];
      const uploads: UploadLedger[] = [];
      const owners = new Map<ProductLedger | UploadLedger, SiteClient>();
      const failures: string[] = [];
      let killed = false;
      let acked = 0;

      const rossi = new SiteClient(first.url, 'rossi.localhost');
      const verdi = new SiteClient(first.url, 'verdi.localhost');
      await Promise.all([rossi.login('rossi'), verdi.login('verdi')]);
      const brands = new Map([
        [rossi, await firstBrandId(rossi)],
        [verdi, await firstBrandId(verdi)],
      ]);

      /** Runs a loop until the kill; an error before it is a failure, after it the expected end. */
      const untilKilled = async (body: () => Promise<void>) => {
        while (!killed) {
          try {
            await body();
          } catch (error) {
            if (!killed) failures.push((error as Error).message);
            return;
          }
        }
      };
      const writer = (w: number) => {
        const client = w % 2 ? verdi : rossi;
        let product: ProductLedger | undefined;
        let n = 0;
        return untilKilled(async () => {
          n++;
          if (!product || n % 4 === 0) {
            product = await createProduct(client, brands.get(client)!, `fault-${w}-${n}-${randomBytes(3).toString('hex')}`);
            products.push(product);
            owners.set(product, client);
          } else {
            const res = await editProduct(client, product, `w${w}-n${n}`);
            if (res.status !== 200) throw new Error(`edit: ${res.status} ${res.body}`);
          }
          acked++;
        });
      };
      const uploader = (u: number) => {
        let n = 0;
        const client = u % 2 ? verdi : rossi;
        return untilKilled(async () => {
          const upload = await uploadPng(client, u * 1000 + ++n);
          uploads.push(upload);
          owners.set(upload, client);
        });
      };

      // An upload whose body stops half way: its staged file is on disk when the process dies.
      const { body: bigBody, contentType } = multipart(randomBytes(1024 * 1024), 'half.bin', 'application/octet-stream');
      const halfUpload = rossi
        .request('POST', '/api/media/', {
          headers: { 'content-type': contentType, 'content-length': String(bigBody.length) },
          stream: (req) => req.write(bigBody.subarray(0, bigBody.length / 2)),
        })
        .then(
          (res) => failures.push(`the half upload was answered ${res.status}`),
          () => undefined,
        );

      const loops = [...Array.from({ length: WRITERS }, (_, w) => writer(w)), ...Array.from({ length: UPLOADERS }, (_, u) => uploader(u))];
      const staging = path.join(store.dataDir, 'tmp', 'uploads');
      await waitUntil(
        () =>
          failures.length > 0 ||
          (acked >= ACKED_WRITES_BEFORE_KILL &&
            uploads.length >= ACKED_UPLOADS_BEFORE_KILL &&
            filesUnder(staging).some((f) => fs.statSync(path.join(staging, f)).size > 0)),
        60_000,
        'enough acknowledged writes and a half-received upload',
      );
      killed = true;
      // Its image workers too: one living on could write into the staging folder after the crash.
      const processes = first.processTree();
      expect(processes.length).toBeGreaterThan(1);
      await first.kill9();
      expect(processes.filter(alive)).toEqual([]);
      await Promise.all([...loops, halfUpload]);
      expect(failures).toEqual([]);

      if (backend === 'sqlite') {
        const sqlite = new Database(path.join(store.dataDir, 'backoffice.sqlite'));
        expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(sqlite.pragma('foreign_key_check')).toEqual([]);
        sqlite.close();
      }

      // Debris as a crash leaves it, made old: a stored file whose row never came, a copy's
      // .part file, a staged upload. And the same, fresh: another instance's upload in flight.
      const mediaDir = path.join(store.dataDir, 'media');
      const plant = (dir: string, rel: string, old: boolean) => {
        const file = path.join(dir, rel);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, randomBytes(64));
        if (old) fs.utimesSync(file, LONG_AGO, LONG_AGO);
        return rel;
      };
      // Every file there is now, those with rows included, is old: none of those may go.
      for (const f of filesUnder(mediaDir)) fs.utimesSync(path.join(mediaDir, f), LONG_AGO, LONG_AGO);
      for (const f of filesUnder(staging)) fs.utimesSync(path.join(staging, f), LONG_AGO, LONG_AGO);
      const oldOrphan = plant(mediaDir, newMediaKey('png'), true);
      const oldPart = plant(mediaDir, `${newMediaKey('jpg')}.0a1b2c3d4e5f.part`, true);
      const freshOrphan = plant(mediaDir, newMediaKey('png'), false);
      const freshStaged = plant(staging, `${randomBytes(16).toString('hex')}.upload`, false);
      plant(staging, `${randomBytes(16).toString('hex')}.upload`, true);

      const second = await startInstance(`crash-2-${backend}`, bundle, store);
      await second.waitForOutput(/removed media debris/);
      const db = openDatabase({ databaseUrl: store.directUrl, dataDir: store.dataDir }).db;
      try {
        const clients = [rossi, verdi];
        for (const c of clients) c.base = second.url;

        for (const p of products) {
          const res = await owners.get(p)!.get(`/api/products/${p.id}/`);
          expect(res.status, `acknowledged product ${p.id} ${p.name}: ${res.body}`).toBe(200);
          const row = res.json<{ name: string; sku: string; version: number }>();
          expect(row.name).toBe(p.name);
          const asAcknowledged = row.sku === p.sku && row.version === p.version;
          const unansweredLanded = p.pendingSku !== undefined && row.sku === p.pendingSku && row.version === p.version + 1;
          expect(asAcknowledged || unansweredLanded, `product ${p.id}: ${JSON.stringify(row)} vs ${JSON.stringify(p)}`).toBe(true);
        }
        expect(products.filter((p) => p.version > 1).length).toBeGreaterThan(0);

        for (const u of uploads) {
          const client = owners.get(u)!;
          const detail = await client.get(`/api/media/${u.id}/`);
          expect(detail.status, `acknowledged upload ${u.id}`).toBe(200);
          const file = await client.get(u.url);
          expect(file.status).toBe(200);
          expect(file.body.length).toBe(u.size);
        }

        // The lists' counts (counters kept in the write transactions) still match the rows.
        for (const c of clients) {
          const tenant = await db.selectFrom('tenant_domains').select('tenant_id').where('domain', '=', c.host).executeTakeFirstOrThrow();
          const count = async (table: 'products' | 'media') => {
            const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where tenant_id = ${tenant.tenant_id}`.execute(db);
            return Number(rows[0]?.n);
          };
          expect((await c.get('/api/products/')).json<{ paginator: { count: number } }>().paginator.count).toBe(await count('products'));
          const library = await c.get('/api/media-folders/?all=1');
          expect(library.json<{ media: { paginator: { count: number } } }>().media.paginator.count).toBe(await count('media'));
        }

        // Uploads the crash caught before their variants existed are made by the restarted
        // server's runner (once the dead one's lease runs out): no row stays processing.
        await expect
          .poll(
            async () =>
              Number(
                (
                  await db
                    .selectFrom('media')
                    .select((eb) => eb.fn.countAll().as('n'))
                    .where('processing', 'is not', null)
                    .executeTakeFirst()
                )?.n,
              ),
            { timeout: 100_000, interval: 500 },
          )
          .toBe(0);

        // No media row without its files.
        const referenced = new Set<string>();
        for (const row of await db.selectFrom('media').select(['id', 'file_key', 'thumb_key', 'web_key']).execute()) {
          for (const key of [row.file_key, row.thumb_key, row.web_key]) {
            if (!key) continue;
            referenced.add(key);
            expect(fs.existsSync(path.join(mediaDir, key)), `media ${row.id}: ${key}`).toBe(true);
          }
        }
        // No old file without a row, no .part left; the fresh upload of "another instance" stays.
        const left = filesUnder(mediaDir);
        expect(left).not.toContain(oldOrphan);
        expect(left).not.toContain(oldPart);
        expect(left).toContain(freshOrphan);
        expect(left.filter((f) => !referenced.has(f))).toEqual([freshOrphan]);
        expect(filesUnder(staging)).toEqual([freshStaged]);

        // And the restarted server takes writes again.
        const again = await createProduct(rossi, brands.get(rossi)!, `after-restart-${randomBytes(3).toString('hex')}`);
        expect(again.id).toBeGreaterThan(0);
      } finally {
        await db.destroy();
        await second.stop();
      }
    });
  });
}
