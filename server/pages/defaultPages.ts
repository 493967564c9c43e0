/**
 * A new site gets its twelve pages in the same transaction that creates it (issue 6):
 * a write hook on the `tenant` entity. Sites made another way (the demo seed, sites older
 * than the pages) get them on first read, see server/entities/singleton.ts.
 */
import type { Kysely } from 'kysely';
import type { EngineContext, Site } from '../entities/context.js';
import { onEntityWrite } from '../entities/hooks.js';
import { ensureSingletons } from '../entities/singleton.js';
import { parseJson } from '../entities/storage.js';

/** A site as the engine needs it, read inside the caller's transaction (the row may not be committed yet). */
export async function siteById(db: Kysely<any>, id: number): Promise<Site | undefined> {
  const row = await db.selectFrom('tenants').select(['id', 'kind', 'languages', 'default_language']).where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const languages = parseJson<string[]>(row.languages, []);
  return {
    id: Number(row.id),
    kind: row.kind === 'default' ? 'default' : 'dealer',
    languages: languages.length ? languages : [String(row.default_language)],
    default_language: String(row.default_language),
  };
}

/** Makes every page of the site `tenantId` that it lacks, in ctx's transaction. */
export async function createDefaultPages(ctx: EngineContext, tenantId: number): Promise<void> {
  const site = await siteById(ctx.db, tenantId);
  if (site) await ensureSingletons({ ...ctx, site });
}

onEntityWrite('tenant', async (ctx, event) => {
  if (event.op === 'create') await createDefaultPages(ctx, event.id);
});
