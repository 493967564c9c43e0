import { HttpError } from '../../errors.js';
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

/** The usages of some media items of a tenant, each with the media id it uses. */
export type MediaUsageProvider = (ctx: { db: Db; tenantId: number; mediaIds: readonly number[] }) => Promise<Array<MediaUsage & { media: number }>>;

const providers = new Set<MediaUsageProvider>();

/**
 * Lets other code (the entity engine) report where media are used; `used_by` of
 * GET /api/media/<id> lists what every provider finds, and a media in use cannot be
 * deleted. Returns a function that removes it.
 */
export function registerMediaUsageProvider(provider: MediaUsageProvider): () => void {
  providers.add(provider);
  return () => providers.delete(provider);
}

async function usagesOf(db: Db, tenantId: number, mediaIds: readonly number[]) {
  if (!mediaIds.length) return [];
  const lists = await Promise.all([...providers].map((p) => p({ db, tenantId, mediaIds })));
  return lists.flat();
}

/** The records of the tenant that use the media item. */
export async function mediaUsedBy(db: Db, tenantId: number, mediaId: number): Promise<MediaUsage[]> {
  return (await usagesOf(db, tenantId, [mediaId])).map(({ media: _, ...use }) => use);
}

/** 409 with `used_by` when any of the media is used by a record: deleting it would leave that record pointing at nothing. */
export async function assertMediaUnused(db: Db, tenantId: number, mediaIds: readonly number[]): Promise<void> {
  const uses = await usagesOf(db, tenantId, mediaIds);
  if (!uses.length) return;
  const count = new Set(uses.map((u) => u.media)).size;
  const detail =
    mediaIds.length === 1
      ? `This media is used by ${uses.length === 1 ? uses[0].label : `${uses.length} records`} and cannot be deleted.`
      : `${count} of these media are in use and cannot be deleted.`;
  throw new HttpError(409, { detail, used_by: uses });
}
