/**
 * Demo pictures in the dealer sites' media libraries, in their products' galleries. Run
 * after the demo seed's transaction (a media upload is a transaction of its own, with its
 * files stored first), through the same path as an upload, so variants, search words and
 * counters are what the API makes.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { joinTableOf } from '../entities/schema.js';
import { product } from '../../entities/product.js';
import { createMedia, type MediaContext } from '../services/media/files.js';
import { createFolder } from '../services/media/folders.js';
import { LocalDiskStorage } from '../storage/index.js';
import { BRANDS } from './catalog.js';
import { demoPictures } from './demoImages.js';

const PICTURES_PER_BRAND = 3;

export async function seedDemoMedia(database: Database, config: Config): Promise<void> {
  const { db, dialect } = database;
  const ctx: MediaContext = {
    db,
    dialect,
    storage: new LocalDiskStorage(config.media.dir),
    log: { error: (obj: object, msg: string) => console.error(msg, obj) },
  };
  await fs.mkdir(config.media.stagingDir, { recursive: true });
  const sites = await db
    .selectFrom('tenants')
    .innerJoin('tenant_domains', 'tenant_domains.tenant_id', 'tenants.id')
    .select(['tenants.id', 'tenants.default_language'])
    .where('tenant_domains.domain', 'in', ['rossi.localhost', 'verdi.localhost'])
    .execute();
  for (const site of sites) {
    const italian = site.default_language === 'it';
    const folder = await createFolder(db, dialect, site.id, { title: italian ? 'Catalogo' : 'Catalog', parent: null });
    const brands = await (db as any).selectFrom('brands').select(['id', 'code']).where('tenant_id', '=', site.id).execute() as Array<{ id: number; code: keyof typeof BRANDS }>;
    const pictures = new Map<number, number[]>();
    for (const brand of brands) {
      const ids: number[] = [];
      for (const picture of demoPictures({ code: brand.code, name: BRANDS[brand.code].name, color: BRANDS[brand.code].color }, PICTURES_PER_BRAND)) {
        const staged = path.join(config.media.stagingDir, `${randomBytes(16).toString('hex')}.upload`);
        const bytes = await picture.jpeg;
        await fs.writeFile(staged, bytes);
        try {
          const row = await createMedia(ctx, site.id, { path: staged, size: bytes.length, name: picture.name }, {
            folder: folder.id,
            language: site.default_language,
            title: italian ? picture.title.it : picture.title.en,
            alt_text: italian ? picture.title.it : picture.title.en,
          });
          ids.push(row.id);
        } finally {
          await fs.rm(staged, { force: true });
        }
      }
      pictures.set(Number(brand.id), ids);
    }
    const products = (await (db as any).selectFrom(product.table).select(['id', 'brand_id']).where('tenant_id', '=', site.id).orderBy('id').execute()) as Array<{ id: number; brand_id: number }>;
    const links = products.flatMap((p, i) => {
      const own = pictures.get(Number(p.brand_id)) ?? [];
      if (!own.length) return [];
      const first = own[i % own.length];
      const second = own[(i + 1) % own.length];
      return [first, second].filter((id, k, all) => all.indexOf(id) === k).map((target_id, position) => ({ source_id: p.id, target_id, position }));
    });
    if (links.length) await (db as any).insertInto(joinTableOf(product, 'gallery')).values(links).execute();
  }
}
