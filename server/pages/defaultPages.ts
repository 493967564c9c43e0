/**
 * A new site gets its twelve pages in the same transaction that creates it (issue 6):
 * a write hook on the `tenant` entity. Sites made another way (the demo seed, sites older
 * than the pages) get them on first read, see server/entities/singleton.ts.
 */
import { type EngineContext, loadSite } from '../entities/context.js';
import { onEntityWrite } from '../entities/hooks.js';
import { ensureSingletons } from '../entities/singleton.js';

/** Makes every page of the site `tenantId` that it lacks, in ctx's transaction. */
export async function createDefaultPages(ctx: EngineContext, tenantId: number): Promise<void> {
  const site = await loadSite(ctx.db, tenantId);
  if (site) await ensureSingletons({ ...ctx, site });
}

onEntityWrite('tenant', async (ctx, event) => {
  if (event.op === 'create') await createDefaultPages(ctx, event.id);
});
