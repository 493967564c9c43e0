/**
 * A list keeps its search plans under the site's data version (server/list/planMemo.ts,
 * docs/decisions.md §64): the same search under the same version counts its words once, and
 * a write that moves the version has them counted again, so a word that became frequent
 * is walked, not driven.
 */
import { type Kysely, sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { product } from '../../entities/product.js';
import { indexingLog } from '../../entities/indexingLog.js';
import { bumpDataVersion, dataVersionOf } from '../../server/cache/dataVersions.js';
import { contextForSite, type EngineContext } from '../../server/entities/context.js';
import { planList } from '../../server/entities/list/listRecords.js';
import { parseListQuery } from '../../server/entities/list/query.js';
import { queryTokens } from '../../server/entities/search.js';
import { DRIVER_CAP } from '../../server/list/caps.js';
import { type ListOptions, listMedia, parseFltr } from '../../server/services/media/library.js';
import { findTenantByHost } from '../../server/services/tenants.js';
import { describeEachDialect } from './harness.js';
import { recording } from './recordedQueries.js';

/** The statement counting each search word's index rows (server/list/searchIndex.ts wordEstimates). */
const isEstimate = (text: string) => /^select \(select count\(\*\) from \(select 1 as one from/.test(text);
const isMediaEstimate = (text: string) => isEstimate(text) && text.includes('from media_terms');

describeEachDialect('search plans kept per data version', (h) => {
  let site = 0;
  let word = '';
  // One database object for every plan: plans are kept per database (the server's one Kysely).
  let db: Kysely<any>;
  let take: () => Array<{ sql: string }>;
  beforeAll(async () => {
    ({ db, take } = recording(h.db));
    site = (await findTenantByHost(h.db, 'rossi.localhost'))!.id;
    await bumpDataVersion(h.db, site);
    const { name } = await (h.db as Kysely<any>).selectFrom('products').select('name').where('tenant_id', '=', site).orderBy('id').executeTakeFirstOrThrow();
    word = queryTokens(String(name))[0]!;
  });

  /** Plans a product search for `search` in rossi's site as a request at `version` would, and the estimates it counted. */
  async function plan(version: string | undefined) {
    const ctx: EngineContext = { ...(await contextForSite(db, site, { media: true }))!, dataVersion: version };
    const { plan } = await planList(ctx, product, parseListQuery(product, { search: word }).query);
    return { drives: plan!.drives, estimates: take().filter((q) => isEstimate(q.sql)).length };
  }

  it('counts the words of a search once per version', async () => {
    const version = (await dataVersionOf(h.db, site))!;
    expect(await plan(version)).toEqual({ drives: true, estimates: 1 });
    expect(await plan(version)).toEqual({ drives: true, estimates: 0 });
    // Outside a request (no version) a plan is always counted.
    expect(await plan(undefined)).toEqual({ drives: true, estimates: 1 });
    expect(await plan(undefined)).toEqual({ drives: true, estimates: 1 });
  });

  it('counts them again once a write moved the version: a word grown frequent is walked', async () => {
    const before = (await dataVersionOf(h.db, site))!;
    expect((await plan(before)).drives).toBe(true);
    // DRIVER_CAP more words starting with it, on the site's products, written as a write of the site's rows is.
    const ids = (await (h.db as Kysely<any>).selectFrom('products').select('id').where('tenant_id', '=', site).execute()).map((r) => Number(r.id));
    await h.db.transaction().execute(async (trx) => {
      await bumpDataVersion(trx, site);
      const rows = Array.from({ length: DRIVER_CAP }, (_, i) => sql`(${site}, ${`${word}${i}`}, ${ids[i % ids.length]})`);
      await sql`insert into products_search (tenant_id, token, entity_id) values ${sql.join(rows)}`.execute(trx);
    });
    try {
      const after = (await dataVersionOf(h.db, site))!;
      expect(await plan(after)).toEqual({ drives: false, estimates: 1 });
      expect(await plan(after)).toEqual({ drives: false, estimates: 0 });
    } finally {
      const added = Array.from({ length: DRIVER_CAP }, (_, i) => `${word}${i}`);
      await (h.db as Kysely<any>).deleteFrom('products_search').where('tenant_id', '=', site).where('token', 'in', added).execute();
    }
  });

  it("keeps the media library's search plans per version, folder and type", async () => {
    const version = (await dataVersionOf(h.db, site))!;
    const media = async (opts: Partial<ListOptions>) => {
      await listMedia(db, {
        tenantId: site,
        folderId: null,
        all: true,
        words: ['trattore'],
        page: 1,
        pageSize: 10,
        language: 'it',
        dataVersion: version,
        ...opts,
      });
      return take().filter((q) => isMediaEstimate(q.sql)).length;
    };
    expect(await media({})).toBe(1);
    expect(await media({})).toBe(0);
    // Another scope (a folder, a type) or another version is counted anew.
    expect(await media({ all: false })).toBe(1);
    expect(await media({ filter: parseFltr('mime_type=image/*') })).toBe(1);
    expect(await media({ dataVersion: `${version}0` })).toBe(1);
    expect(await media({ dataVersion: undefined })).toBe(1);
  });

  it('keeps no plan of an entity whose rows are not the site alone', async () => {
    const master = (await findTenantByHost(h.db, 'localhost'))!.id;
    const version = (await dataVersionOf(h.db, master)) ?? '1';
    const ctx: EngineContext = { ...(await contextForSite(db, master, { media: true }))!, dataVersion: version };
    // The indexing log: master-scoped, written by every site's saves, which move their own versions.
    const actions = parseListQuery(indexingLog, { search: 'rossi' }).query;
    for (let i = 0; i < 2; i++) await planList(ctx, indexingLog, actions);
    expect(take().filter((q) => isEstimate(q.sql))).toHaveLength(2);
  });
});
