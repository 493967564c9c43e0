/**
 * The platform at scale (issue 20): SCALE_SITES dealer sites made one by one through the
 * entity engine's site creation (insertRecord on `tenant`: domains, default pages, search
 * words, counters, write hooks — as the API makes them), then set-based:
 *   - a million products and a million media in one site (bulkProducts.ts, bulkMedia.ts);
 *   - a million indexing actions spread over every site, with the search words the engine
 *     derives from their URL (checked on a few rows) and the counters rebuilt by the engine;
 *   - 100,000 dealer users spread over every site, with the search words server/users/words.ts
 *     derives (checked on a few rows).
 * Sizes: BENCH_SCALE_SITES (3000), BENCH_SCALE_ROWS (1,000,000), BENCH_SCALE_USERS (100,000).
 */
import { sql, type Kysely } from 'kysely';
import { indexingLog } from '../../entities/indexingLog.js';
import type { Dialect } from '../../server/db/database.js';
import { rebuildCounts } from '../../server/entities/counts.js';
import { rowTokens } from '../../server/entities/search.js';
import { decodeRecord } from '../../server/entities/storage.js';
import { insertRecord } from '../../server/entities/write.js';
import '../../server/services/siteWrites.js';
import { siteContext } from '../../server/seed/siteContext.js';
import { accountWords, scopesOf } from '../../server/users/words.js';
import { seedMedia } from './bulkMedia.js';
import { seedProducts } from './bulkProducts.js';

export const SCALE_SITES = Number(process.env.BENCH_SCALE_SITES ?? 3000);
export const SCALE_ROWS = Number(process.env.BENCH_SCALE_ROWS ?? 1_000_000);
export const SCALE_USERS = Number(process.env.BENCH_SCALE_USERS ?? 100_000);
/** The dealer site holding the million products and media. */
export const BIG_SITE = 'rossi.localhost';

const SITES_PER_TRANSACTION = 100;

/** Every site, made through the engine's site creation: one transaction per hundred sites. */
async function seedSites(db: Kysely<any>, count: number) {
  const master = await db.selectFrom('tenants').select('id').where('kind', '=', 'default').executeTakeFirstOrThrow();
  const markets = (await db.selectFrom('markets').select('id').orderBy('id').execute()).map((m) => Number(m.id));
  for (let start = 1; start <= count; start += SITES_PER_TRANSACTION) {
    await db.transaction().execute(async (trx) => {
      const ctx = await siteContext(trx, Number(master.id));
      const tenant = ctx.registry.get('tenant');
      for (let k = start; k < Math.min(start + SITES_PER_TRANSACTION, count + 1); k++) {
        await insertRecord(ctx, tenant, {
          name: `Dealer ${k}`,
          domain: `dealer${k}.example.com`,
          aliases: [],
          market: markets[k % markets.length],
          brand_list: k % 4 === 0 ? ['DF', 'SA'] : ['DF'],
          languages: ['en', 'it'],
          default_language: 'en',
          is_active: k % 20 !== 0,
        });
      }
    });
  }
}

/** bench_sites (k, tenant_id, domain): the k-th dealer site, for set-based inserts that spread rows over sites. */
async function numberSites(db: Kysely<any>): Promise<number> {
  const sites = await db
    .selectFrom('tenant_domains')
    .innerJoin('tenants', 'tenants.id', 'tenant_domains.tenant_id')
    .select(['tenant_domains.tenant_id as id', 'tenant_domains.domain as domain'])
    .where('tenants.kind', '=', 'dealer')
    .where('tenant_domains.is_primary', '=', 1)
    .where('tenant_domains.domain', 'like', 'dealer%.example.com')
    .orderBy('tenant_domains.tenant_id')
    .execute();
  const n = sites.length;
  // A plain table (PostgreSQL's pool may run each statement on another connection), dropped at the end.
  await sql.raw(`create table bench_sites (k integer primary key, tenant_id integer not null, domain text not null)`).execute(db);
  for (let i = 0; i < n; i += 500) {
    await db
      .insertInto('bench_sites')
      .values(sites.slice(i, i + 500).map((s, j) => ({ k: i + j, tenant_id: Number(s.id), domain: String(s.domain) })))
      .execute();
  }
  return n;
}

/**
 * SCALE_ROWS indexing actions over every dealer site, newest last: 90 % updated, 10 %
 * deleted; 2 % failed, 3 % pending, the rest sent — the proportions of the issue's report.
 * The URL `https://dealer<k>.example.com/en/products/<i>` gives the words https, dealer<k>,
 * example, com, en, products and <i>.
 */
async function seedIndexing(db: Kysely<any>, dialect: Dialect, count: number, n: number) {
  const pg = dialect === 'postgres';
  const before = Number(
    (
      await db
        .selectFrom('indexing_actions')
        .select((eb) => eb.fn.max('id').as('m'))
        .executeTakeFirst()
    )?.m ?? 0,
  );
  const stamp = pg
    ? `to_char(timestamp '2023-01-01' + i * interval '60 second', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : `strftime('%Y-%m-%dT%H:%M:%fZ', '2023-01-01', '+' || (i * 60) || ' seconds')`;
  const series = pg
    ? `select i from generate_series(1, ${count}) as i`
    : `with recursive seq(i) as (select 1 union all select i + 1 from seq limit ${count}) select i from seq`;
  const status = `case when i % 50 = 7 then 'failed' when i % 100 < 3 then 'pending' else 'sent' end`;
  await db.transaction().execute(async (trx) => {
    await sql
      .raw(
        `insert into indexing_actions (url, action, status, site, entity, entity_id, attempts, next_attempt_at, response, version, created_at, updated_at, tenant_id)
         select 'https://' || s.domain || '/en/products/' || i, case when i % 10 = 3 then 'deleted' else 'updated' end, ${status},
                s.domain, 'product', i, case ${status} when 'failed' then 5 when 'pending' then 0 else 1 end, null,
                case ${status} when 'failed' then 'HTTP 503' else '' end, 1, ${stamp}, ${stamp}, s.tenant_id
         from (${series}) as g join bench_sites s on s.k = i % ${n} order by i`,
      )
      .execute(trx);
    // rowTokens of the url; master scope: tenant 0.
    const host = pg ? `split_part(site, '.', 1)` : `substr(site, 1, instr(site, '.') - 1)`;
    await sql
      .raw(
        `insert into indexing_actions_search (tenant_id, token, entity_id)
         select 0, token, id from (
           ${['https', 'example', 'com', 'en', 'products'].map((w) => `select '${w}' as token, id from indexing_actions where id > ${before}`).join('\n           union all ')}
           union all select ${host}, id from indexing_actions where id > ${before}
           union all select cast(entity_id as text), id from indexing_actions where id > ${before}
         ) as w order by 1, 2`,
      )
      .execute(trx);
  });
  await rebuildCounts(db, indexingLog);
  for (const id of [before + 1, before + Math.ceil(count / 2), before + count]) {
    const row = await db.selectFrom('indexing_actions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const want = rowTokens(indexingLog, decodeRecord(indexingLog, row)).sort();
    const got = (await db.selectFrom('indexing_actions_search').select('token').where('entity_id', '=', id).execute()).map((r) => String(r.token)).sort();
    if (want.join(' ') !== got.join(' ')) throw new Error(`bulk indexing: row ${id} has words [${got}] but the engine derives [${want}]`);
  }
}

/** SCALE_USERS dealer users (role DE) over every dealer site, signing in with the demo password. */
async function seedUsers(db: Kysely<any>, dialect: Dialect, count: number, n: number) {
  const pg = dialect === 'postgres';
  const { password_hash: hash } = await db.selectFrom('users').select('password_hash').where('username', '=', 'rossi').executeTakeFirstOrThrow();
  const series = pg
    ? `select i from generate_series(1, ${count}) as i`
    : `with recursive seq(i) as (select 1 union all select i + 1 from seq limit ${count}) select i from seq`;
  const stamp = pg
    ? `to_char(timestamp '2024-01-01' + i * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : `strftime('%Y-%m-%dT%H:%M:%fZ', '2024-01-01', '+' || i || ' seconds')`;
  const names = `(array['Anna','Marco','Luca','Sara','Paolo','Giulia','Franco','Elena'])`;
  const pick = (i: string) =>
    pg ? `${names}[1 + ${i} % 8]` : `json_extract('["Anna","Marco","Luca","Sara","Paolo","Giulia","Franco","Elena"]', '$[' || (${i} % 8) || ']')`;
  const before = Number(
    (
      await db
        .selectFrom('users')
        .select((eb) => eb.fn.max('id').as('m'))
        .executeTakeFirst()
    )?.m ?? 0,
  );
  await sql
    .raw(
      `insert into users (username, email, password_hash, first_name, last_name, role, is_superuser, is_active, tenant_id, market_id, created_at, updated_at, version)
       select 'dealer.user' || i, 'user' || i || '@' || s.domain, '${hash}', ${pick('i')}, ${pick('(i / 8)')} || 'son', 'DE', 0,
              case when i % 25 = 0 then 0 else 1 end, s.tenant_id, null, ${stamp}, ${stamp}, 1
       from (${series}) as g join bench_sites s on s.k = i % ${n} order by i`,
    )
    .execute(db);
  // accountWords of 'dealer.user<i>', 'user<i>@dealer<k>.example.com' and the names, in the site's roster and in every site's.
  const host = pg ? `split_part(s.domain, '.', 1)` : `substr(s.domain, 1, instr(s.domain, '.') - 1)`;
  const fresh = `from users u join bench_sites s on s.tenant_id = u.tenant_id where u.id > ${before}`;
  const wordsOf = [`'dealer'`, `'example'`, `'com'`, `substr(u.username, 8)`, host, `lower(u.first_name)`, `lower(u.last_name)`]
    .map((w) => `select u.id as user_id, u.tenant_id as tenant_id, ${w} as token ${fresh}`)
    .join(' union ');
  await sql
    .raw(
      `insert into users_search (roster, tenant_id, token, user_id)
       select 'site', tenant_id, token, user_id from (${wordsOf}) as w
       union all select 'dealers', 0, token, user_id from (${wordsOf}) as w
       order by 1, 2, 3, 4`,
    )
    .execute(db);
  for (const id of [before + 1, before + Math.ceil(count / 2), before + count]) {
    const row = (await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as Parameters<typeof accountWords>[0] &
      Parameters<typeof scopesOf>[0];
    const want = scopesOf(row)
      .flatMap(([roster, tenant]) => accountWords(row).map((w) => `${roster}/${tenant}/${w}`))
      .sort();
    const got = (await db.selectFrom('users_search').selectAll().where('user_id', '=', id).execute())
      .map((r) => `${r.roster}/${r.tenant_id}/${r.token}`)
      .sort();
    if (want.join(' ') !== got.join(' ')) throw new Error(`bulk users: user ${id} has words [${got}] but server/users/words.ts derives [${want}]`);
  }
}

export interface ScaleSizes {
  sites: number;
  rows: number;
  users: number;
}

export async function seedScale(
  db: Kysely<any>,
  dialect: Dialect,
  log: (line: string) => void,
  size: ScaleSizes = { sites: SCALE_SITES, rows: SCALE_ROWS, users: SCALE_USERS },
) {
  const step = async (what: string, fn: () => Promise<unknown>) => {
    const t = performance.now();
    await fn();
    log(`    ${what}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  await step(`${size.sites} sites through the engine`, () => seedSites(db, size.sites));
  await step(`${size.rows} products`, () => seedProducts(db, dialect, BIG_SITE, size.rows));
  await step(`${size.rows} media`, () => seedMedia(db, dialect, BIG_SITE, size.rows));
  const n = await numberSites(db);
  await step(`${size.rows} indexing actions`, () => seedIndexing(db, dialect, size.rows, n));
  await step(`${size.users} dealer users`, () => seedUsers(db, dialect, size.users, n));
  await sql`drop table bench_sites`.execute(db);
  // As autovacuum leaves loaded tables; SQLite gets no statistics, as the server never gathers them.
  if (dialect === 'postgres') await sql`vacuum analyze`.execute(db);
}
