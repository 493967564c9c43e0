import { forbidden, HttpError } from '../../errors.js';
import { type Principal, userMarketOf } from '../principal.js';
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

/** A usage as a provider finds it: with the media id it uses and, for a record of a market (a dealer site), that market. */
export type FoundUsage = MediaUsage & { media: number; market?: number | null };

/** The usages of some media items of a tenant. */
export type MediaUsageProvider = (ctx: { db: Db; tenantId: number; mediaIds: readonly number[] }) => Promise<FoundUsage[]>;

/**
 * Who reads or changes a media item. `market` is set for a market administrator
 * (principal.ts `userMarketOf`): records of other markets are not theirs to see, and a
 * media item they use is not theirs to change.
 */
export interface MediaReader {
  market?: number | null;
}

/** Everyone but a market administrator sees every record. */
const EVERY_RECORD: MediaReader = {};

export function readerOf(user: Pick<Principal, 'role' | 'is_superuser' | 'market_id'>): MediaReader {
  const market = userMarketOf(user);
  return market === undefined ? EVERY_RECORD : { market };
}

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

const sees = (reader: MediaReader, use: FoundUsage) =>
  reader.market === undefined || use.market === undefined || (reader.market !== null && use.market === reader.market);

/** The usages of the media items, split into those the reader may see and the others. */
async function usagesOf(db: Db, tenantId: number, mediaIds: readonly number[], reader: MediaReader) {
  const seen: FoundUsage[] = [];
  let hidden = 0;
  if (!mediaIds.length) return { seen, hidden };
  const lists = await Promise.all([...providers].map((p) => p({ db, tenantId, mediaIds })));
  for (const use of lists.flat()) {
    if (sees(reader, use)) seen.push(use);
    else hidden++;
  }
  return { seen, hidden };
}

const shown = ({ media: _, market: __, ...use }: FoundUsage): MediaUsage => use;

/** The records of the tenant that use the media item and the reader may see; how many others do. */
export async function mediaUsedBy(db: Db, tenantId: number, mediaId: number, reader: MediaReader) {
  const { seen, hidden } = await usagesOf(db, tenantId, [mediaId], reader);
  return { used_by: seen.map(shown), used_by_hidden: hidden };
}

const usedElsewhere = () => forbidden('This media is used by records outside your market: you may not change or delete it.');

/** 403 when a record the reader may not see uses any of the media: changing the file or its texts would change that record. */
export async function assertMediaYours(db: Db, tenantId: number, mediaIds: readonly number[], reader: MediaReader): Promise<void> {
  if (reader.market === undefined) return;
  if ((await usagesOf(db, tenantId, mediaIds, reader)).hidden) throw usedElsewhere();
}

/**
 * 409 with `used_by` when any of the media is used by a record: deleting it would leave
 * that record pointing at nothing; 403 first when the reader may not see one of them.
 */
export async function assertMediaUnused(db: Db, tenantId: number, mediaIds: readonly number[], reader: MediaReader): Promise<void> {
  const { seen: uses, hidden } = await usagesOf(db, tenantId, mediaIds, reader);
  if (hidden) throw usedElsewhere();
  if (!uses.length) return;
  const count = new Set(uses.map((u) => u.media)).size;
  const detail =
    mediaIds.length === 1
      ? `This media is used by ${uses.length === 1 && uses[0] ? uses[0].label : `${uses.length} records`} and cannot be deleted.`
      : `${count} of these media are in use and cannot be deleted.`;
  throw new HttpError(409, { detail, used_by: uses.map(({ market: _, ...use }) => use) });
}
