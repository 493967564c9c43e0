/**
 * The `site` and `pages/<key>` answers: what every page of a dealer's website shows (name,
 * languages, brands, contacts, logo, colours, social links, menu, opening hours) and the
 * twelve site pages, each from the site's own rows, with their public fields only.
 */
import type { EntityDef, PublicDef } from '../../entities/define.js';
import { tenant as tenantEntity } from '../../entities/index.js';
import { publicPath } from '../../entities/publicPaths.js';
import { sitePageEntityName } from '../../entities/sitePages/page.js';
import { type SitePageKey, sitePageInfo } from '../../entities/sitePages/keys.js';
import type { EngineContext } from '../entities/context.js';
import { loadRecord } from '../entities/read.js';
import { singletonId } from '../entities/singleton.js';
import type { Tenant } from '../services/tenants.js';
import type { PreviewGrant } from '../services/previewTokens.js';
import { publicPresenter } from './present.js';
import { previewed } from './preview.js';
import type { Moment } from './visibility.js';

// The site's own row is no public entity: these are the fields of it a website reads.
export const TENANT_PUBLIC: PublicDef = { fields: ['contact_email', 'phone', 'address', 'location', 'logo'] };

const pageEntity = (ctx: EngineContext, key: SitePageKey) => ctx.registry.get(sitePageEntityName(key)) as EntityDef & { public: PublicDef };

/** A site page's public fields and path in `lang`, with its path in every site language; undefined when the site has no such row. */
export async function publicPage(
  ctx: EngineContext,
  key: SitePageKey,
  lang: string,
  at: Moment,
  grant?: PreviewGrant,
): Promise<Record<string, unknown> | undefined> {
  const entity = pageEntity(ctx, key);
  const id = await singletonId(ctx, entity);
  // A preview of this page (preview.ts) shows its pending draft.
  const shown = grant && grant.id === id ? await previewed(ctx, entity, grant) : undefined;
  const loaded = shown ?? (id === undefined ? undefined : await loadRecord(ctx, entity, id));
  if (!loaded) return undefined;
  const show = await publicPresenter(ctx, entity, entity.public, [loaded], lang, at);
  const url = sitePageInfo(key).url;
  const alternates = Object.fromEntries(ctx.site.languages.map((l) => [l, publicPath(url, l)]));
  // The presenter names the page's path in `lang` (its declared urlPattern).
  return { key, ...show(loaded), alternates };
}

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

export async function publicSite(ctx: EngineContext, site: Tenant, lang: string, at: Moment, grant?: PreviewGrant) {
  const own = await loadRecord(ctx, tenantEntity, site.id);
  const [settings, contacts, details] = await Promise.all([
    publicPage(ctx, 'settings', lang, at, grant),
    publicPage(ctx, 'contacts', lang, at, grant),
    own ? publicPresenter(ctx, tenantEntity, TENANT_PUBLIC, [own], lang, at).then((show) => show(own)) : undefined,
  ]);
  const s = (settings ?? {}) as Record<string, unknown>;
  const c = (contacts ?? {}) as Record<string, unknown>;
  const d = (details ?? {}) as Record<string, unknown>;
  return {
    language: lang,
    name: site.name,
    domain: site.domain,
    languages: ctx.site.languages,
    default_language: ctx.site.default_language,
    brand_list: site.brand_list,
    contacts: {
      email: text(c.email) ?? text(d.contact_email),
      phone: text(c.phone) ?? text(d.phone),
      address: text(c.address) ?? text(d.address),
    },
    location: c.location ?? d.location ?? null,
    logo: s.logo ?? d.logo ?? null,
    colours: { primary: s.primary_color ?? null, secondary: s.secondary_color ?? null },
    social_links: s.social_links ?? [],
    menu: s.menu ?? [],
    footer_text: s.footer_text ?? null,
    opening_hours: c.opening_hours ?? [],
    fallback: [...new Set([...((s.fallback as string[]) ?? []), ...((c.fallback as string[]) ?? [])])],
  };
}
