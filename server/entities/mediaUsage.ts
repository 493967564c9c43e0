/**
 * Tells the media library which rows of declared entities use a media item, so the
 * media editor lists them (`used_by`) and a media in use cannot be deleted.
 */
import { ENTITIES } from '../../entities/index.js';
import { dialectOf } from './context.js';
import { registerMediaUsageProvider } from '../services/media/usage.js';
import { mediaUsages } from './references.js';
import { Registry } from './registry.js';

let registry: Registry | undefined;

registerMediaUsageProvider(async ({ db, tenantId, mediaIds }) => {
  const tenant = await db.selectFrom('tenants').select(['id', 'kind', 'languages', 'default_language']).where('id', '=', tenantId).executeTakeFirst();
  if (!tenant) return [];
  registry ??= new Registry(ENTITIES);
  const languages = JSON.parse(tenant.languages) as string[];
  const site = { id: tenant.id, kind: tenant.kind, languages: languages.length ? languages : [tenant.default_language], default_language: tenant.default_language };
  const uses = await mediaUsages({ db, dialect: dialectOf(db), registry, site, media: true }, mediaIds);
  return uses.map((u) => {
    const entity = registry!.get(u.entity);
    return { media: u.media, model: entity.model, id: u.id, label: u.title, path: `${entity.path}/${u.id}` };
  });
});
