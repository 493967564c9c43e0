/**
 * Where a row of public content lives on its dealer's website: `https://<primary domain>`
 * plus the declaration's `urlPattern` per site language (entities/define.ts PublicDef), with
 * its segments in that language.
 */
import type { Kysely } from 'kysely';
import type { EntityDef, PublicDef } from '../../../entities/define.js';
import { publicPath } from '../../../entities/publicPaths.js';
import type { RecordValues } from '../../../entities/validateRecord.js';

/** Whether the row is shown on the public site; content without a status field always is. */
export function isPublic(def: PublicDef, record: RecordValues | undefined): boolean {
  if (!record) return false;
  if (!def.statusField) return true;
  return (def.publicValues ?? []).includes(record.values[def.statusField] as string | boolean);
}

const slugFieldOf = (entity: EntityDef) => Object.entries(entity.fields).find(([, f]) => f.type === 'slug');

/**
 * The row's public path in each language of the site, on the language's own path
 * (entities/publicPaths.ts), as `[language, path]`. A pattern with `{slug}` gives no path in a
 * language where the row has no slug (it has no page there); content without a pattern has none.
 */
export function publicPathsOf(entity: EntityDef, def: PublicDef, id: number, record: RecordValues, languages: readonly string[]): Array<[string, string]> {
  const pattern = def.urlPattern;
  if (pattern === undefined) return [];
  const slug = slugFieldOf(entity);
  const paths: Array<[string, string]> = [];
  for (const lang of languages) {
    let value = '';
    if (slug) {
      const [name, field] = slug;
      const raw = field.translated ? record.translations[lang]?.[name] : record.values[name];
      value = typeof raw === 'string' ? raw : '';
    }
    if (pattern.includes('{slug}') && !value) continue;
    const path = publicPath(pattern, lang, { slug: value, id });
    paths.push([lang, path.startsWith('/') ? path : `/${path}`]);
  }
  return paths;
}

/** The row's public URLs on `origin` (publicPathsOf), each once. */
export function publicUrls(entity: EntityDef, def: PublicDef, id: number, record: RecordValues, origin: string, languages: readonly string[]): string[] {
  return [...new Set(publicPathsOf(entity, def, id, record, languages).map(([, path]) => `${origin}${path}`))];
}

/** The site's primary domain (any of its domains when none is marked primary). */
export async function primaryDomain(db: Kysely<any>, tenantId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('tenant_domains')
    .select('domain')
    .where('tenant_id', '=', tenantId)
    .orderBy('is_primary', 'desc')
    .orderBy('domain')
    .limit(1)
    .executeTakeFirst();
  return row?.domain as string | undefined;
}
