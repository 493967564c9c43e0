import type { Db } from './db.js';

/** A record that uses a media item (a product's gallery, a news image, …). */
export interface MediaUsage {
  /** Permission model of the record, e.g. `product`. */
  model: string;
  id: number | string;
  /** What the editor shows, e.g. the product's name. */
  label: string;
  /** Where the SPA opens it, e.g. `/products/12`; optional. */
  path?: string;
}

export type MediaUsageProvider = (ctx: { db: Db; tenantId: number; mediaId: number }) => Promise<MediaUsage[]>;

const providers = new Set<MediaUsageProvider>();

/**
 * Lets other code (the entity engine) report where media are used; `used_by` of
 * GET /api/media/<id> lists what every provider finds. Returns a function that removes it.
 */
export function registerMediaUsageProvider(provider: MediaUsageProvider): () => void {
  providers.add(provider);
  return () => providers.delete(provider);
}

/** The records of the tenant that use the media item; none until a provider is registered. */
export async function mediaUsedBy(db: Db, tenantId: number, mediaId: number): Promise<MediaUsage[]> {
  const lists = await Promise.all([...providers].map((p) => p({ db, tenantId, mediaId })));
  return lists.flat();
}
