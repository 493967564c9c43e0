/**
 * Tells the media library which rows of declared entities use a media item, so the
 * media editor lists them (`used_by`) and a media in use cannot be deleted.
 */
import { ENTITIES } from '../../entities/index.js';
import { dialectOf, loadSite } from './context.js';
import { registerMediaUsageProvider } from '../services/media/usage.js';
import { mediaUsages } from './references.js';
import { Registry } from './registry.js';

let registry: Registry | undefined;

registerMediaUsageProvider(async ({ db, tenantId, mediaIds }) => {
  const site = await loadSite(db, tenantId);
  if (!site) return [];
  registry ??= new Registry(ENTITIES);
  const uses = await mediaUsages({ db, dialect: dialectOf(db), registry, site, media: true }, mediaIds);
  return uses.map((u) => {
    const entity = registry!.get(u.entity);
    // A singleton (a site page) is edited at its own path, not at a row id.
    return { media: u.media, model: entity.model, id: u.id, label: u.title, path: entity.singleton ? entity.path : `${entity.path}/${u.id}` };
  });
});
