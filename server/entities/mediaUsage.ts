/**
 * Tells the media library which rows of declared entities use a media item, so the
 * media editor lists them (`used_by`) and a media in use cannot be deleted.
 */
import { registerMediaUsageProvider } from '../services/media/usage.js';
import { contextForSite } from './context.js';
import { mediaUsages } from './references.js';

registerMediaUsageProvider(async ({ db, tenantId, mediaIds }) => {
  const ctx = await contextForSite(db, tenantId, { media: true });
  if (!ctx) return [];
  const uses = await mediaUsages(ctx, mediaIds);
  return uses.map((u) => {
    const entity = ctx.registry.get(u.entity);
    // A singleton (a site page) is edited at its own path, not at a row id.
    const use = { media: u.media, model: entity.model, id: u.id, label: u.title, path: entity.singleton ? entity.path : `${entity.path}/${u.id}` };
    return u.market === undefined ? use : { ...use, market: u.market };
  });
});
