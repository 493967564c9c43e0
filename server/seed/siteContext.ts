import type { Kysely } from 'kysely';
import { contextForSite, type EngineContext } from '../entities/context.js';

/**
 * The engine context of a demo site on the seed's transaction: seeds write through the
 * engine, so slugs, search words and list counters are as the API would leave them.
 * `media` says whether media ids are checked (they are once the seed filed pictures).
 */
export async function siteContext(db: Kysely<any>, id: number, opts: { media: boolean } = { media: false }): Promise<EngineContext> {
  const ctx = await contextForSite(db, id, opts);
  if (!ctx) throw new Error(`seed: no site ${id}`);
  return ctx;
}
