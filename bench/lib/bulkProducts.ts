/**
 * A million products in one site in seconds: set-based inserts (a recursive CTE on SQLite,
 * generate_series on PostgreSQL) into the engine's own tables — rows, their search words
 * in `products_search`, and the list counters rebuilt from the rows with the engine's
 * rebuildCounts — instead of a million API calls. Every row is a valid product: a name
 * "<Series> <n>" in every language of the site, SKU "P<n>", the site's brand, one of its
 * categories, a status (80 % published, 10 % draft, 10 % archived), and the slug the engine
 * would give it ("<series>-<n>") in every language, in its translations and in
 * `entity_slugs`, so each row has its public URLs (the sitemap benchmark lists them).
 * checkConsistency then compares a few rows' stored words with what the engine derives.
 */
import { sql, type Kysely } from 'kysely';
import { product } from '../../entities/product.js';
import type { Dialect } from '../../server/db/database.js';
import { rebuildCounts } from '../../server/entities/counts.js';
import { rowTokens } from '../../server/entities/search.js';
import { decodeRecord } from '../../server/entities/storage.js';

export const SERIES = ['Agrotron', 'Agrofarm', 'Agrokid', 'Agrolux', 'Topliner', 'Cinque', 'Sette', 'Nove'];

export interface SeededSite {
  tenantId: number;
  host: string;
  /** Ids of the rows added, first and last. */
  firstId: number;
  lastId: number;
}

async function siteOf(db: Kysely<any>, host: string) {
  const d = await db.selectFrom('tenant_domains').select('tenant_id').where('domain', '=', host).executeTakeFirstOrThrow();
  const tenantId = Number(d.tenant_id);
  const t = await db.selectFrom('tenants').select('languages').where('id', '=', tenantId).executeTakeFirstOrThrow();
  const refs = async (column: string) =>
    (await db.selectFrom('products').select(column).distinct().where('tenant_id', '=', tenantId).where(column, 'is not', null).execute()).map((r) =>
      Number(r[column]),
    );
  return { tenantId, languages: JSON.parse(t.languages) as string[], brands: await refs('brand_id'), categories: await refs('category_id') };
}

const list = (values: Array<string | number>) => values.map((v) => (typeof v === 'number' ? String(v) : `'${v}'`)).join(', ');

export async function seedProducts(db: Kysely<any>, dialect: Dialect, host: string, count: number): Promise<SeededSite> {
  const site = await siteOf(db, host);
  if (!site.brands.length || !site.categories.length) throw new Error(`${host} has no demo products to take a brand and categories from`);
  const before = Number(
    (
      await db
        .selectFrom('products')
        .select((eb) => eb.fn.max('id').as('m'))
        .executeTakeFirst()
    )?.m ?? 0,
  );
  const pick = (values: Array<string | number>, i: string) =>
    dialect === 'postgres'
      ? `(array[${list(values)}])[1 + ${i} % ${values.length}]`
      : `json_extract('${JSON.stringify(values)}', '$[' || (${i} % ${values.length}) || ']')`;
  const name = `${pick(SERIES, 'i')} || ' ' || i`;
  const status = `case i % 10 when 0 then 'draft' when 1 then 'archived' else 'published' end`;
  const stamp =
    dialect === 'postgres'
      ? `to_char(timestamp '2020-01-01' + i * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : `strftime('%Y-%m-%dT%H:%M:%fZ', '2020-01-01', '+' || i || ' seconds')`;
  const obj = dialect === 'postgres' ? 'json_build_object' : 'json_object';
  const slug = (column: string) => `lower(replace(${column}, ' ', '-'))`;
  const translations = `${obj}(${site.languages.map((l) => `'${l}', ${obj}('name', nm, 'slug', ${slug('nm')})`).join(', ')})${dialect === 'postgres' ? '::text' : ''}`;
  const series =
    dialect === 'postgres'
      ? `select i, ${name} as nm from generate_series(1, ${count}) as i`
      : `with recursive seq(i) as (select 1 union all select i + 1 from seq limit ${count}) select i, ${name} as nm from seq`;
  await db.transaction().execute((trx) =>
    withoutSecondaryIndexes(trx, dialect, ['products', 'products_search', 'entity_slugs'], async () => {
      await sql
        .raw(
          `insert into products (tenant_id, name, sku, brand_id, category_id, status, price, show_price, model_year, power_hp, specs, video_url, translations, version, created_at, updated_at)
         select ${site.tenantId}, nm, 'P' || i, ${pick(site.brands, 'i')}, ${pick(site.categories, '(i / 7)')}, ${status},
                10000 + i % 90000, 1, 1990 + i % 36, 20 + i % 300, '[]', '', ${translations}, 1, ${stamp}, ${stamp}
         from (${series}) as g order by i`,
        )
        .execute(trx);
      // The words rowTokens finds: the series and the number from the name (the same in
      // every language), and the SKU. Inserted in key order.
      const word =
        dialect === 'postgres'
          ? (n: 1 | 2) => `split_part(name, ' ', ${n})`
          : (n: 1 | 2) => (n === 1 ? `substr(name, 1, instr(name, ' ') - 1)` : `substr(name, instr(name, ' ') + 1)`);
      await sql
        .raw(
          `insert into products_search (tenant_id, token, entity_id)
         select tenant_id, token, id from (
           select tenant_id, lower(${word(1)}) as token, id from products where id > ${before}
           union all select tenant_id, ${word(2)}, id from products where id > ${before}
           union all select tenant_id, lower(sku), id from products where id > ${before}
         ) as w order by 1, 2, 3`,
        )
        .execute(trx);
      // The slug → row lookup of the public site, one row per language, in key order.
      for (const lang of [...site.languages].sort()) {
        await sql
          .raw(
            `insert into entity_slugs (entity, tenant_id, language, slug, entity_id)
           select 'product', tenant_id, '${lang}', ${slug('name')}, id from products where id > ${before} order by 4`,
          )
          .execute(trx);
      }
    }),
  );
  await rebuildCounts(db, product);
  if (dialect === 'postgres') await sql`analyze`.execute(db);
  const last = Number(
    (
      await db
        .selectFrom('products')
        .select((eb) => eb.fn.max('id').as('m'))
        .executeTakeFirst()
    )?.m ?? 0,
  );
  await checkConsistency(db, site.tenantId, [before + 1, before + Math.ceil(count / 2), last]);
  return { tenantId: site.tenantId, host, firstId: before + 1, lastId: last };
}

/**
 * Runs a bulk insert with the tables' secondary indexes dropped and built again after:
 * building an index from sorted rows is several times cheaper than a million inserts
 * into it. The indexes come back exactly as the migrations made them.
 */
async function withoutSecondaryIndexes(trx: Kysely<any>, dialect: Dialect, tables: string[], insert: () => Promise<void>) {
  const names = tables.map((t) => `'${t}'`).join(', ');
  const { rows } =
    dialect === 'postgres'
      ? await sql<{ name: string; ddl: string }>`select indexname as name, indexdef as ddl from pg_indexes
          where schemaname = current_schema() and tablename in (${sql.raw(names)})
          and indexname not in (select conname from pg_constraint)`.execute(trx)
      : await sql<{ name: string; ddl: string }>`select name, sql as ddl from sqlite_master
          where type = 'index' and tbl_name in (${sql.raw(names)}) and sql is not null`.execute(trx);
  for (const { name } of rows) await sql`drop index ${sql.id(name)}`.execute(trx);
  await insert();
  for (const { ddl } of rows) await sql.raw(ddl).execute(trx);
}

/** The stored search words of some rows are exactly those the engine derives from them. */
async function checkConsistency(db: Kysely<any>, tenantId: number, ids: number[]) {
  for (const id of ids) {
    const row = await db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const want = rowTokens(product, decodeRecord(product, row)).sort();
    const got = (await db.selectFrom('products_search').select('token').where('tenant_id', '=', tenantId).where('entity_id', '=', id).execute())
      .map((r) => String(r.token))
      .sort();
    if (want.join(' ') !== got.join(' ')) throw new Error(`bulk products: row ${id} has words [${got}] but the engine derives [${want}]`);
  }
}
