import { type EntityDef, fieldOf } from '../../entities/define.js';
import { type EngineContext } from './context.js';
import { columnOf, isScoped, isShadowed } from './schema.js';
import { parseJson } from './storage.js';

/**
 * What names each row: its title field, in `language` when translated (falling back to the
 * default-language copy), through one reference when the title is an fk (a featured
 * product is named by its product).
 */
export async function titlesOf(ctx: EngineContext, entity: EntityDef, ids: readonly number[], language?: string, depth = 0): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const unique = [...new Set(ids)];
  if (!unique.length) return out;
  const name = entity.titleField;
  const field = fieldOf(entity, name);
  let q = ctx.db.selectFrom(entity.table).select('id').where('id', 'in', unique);
  if (isScoped(entity)) q = q.where('tenant_id', '=', ctx.site.id);

  if (field.type === 'fk') {
    const col = columnOf(name, field);
    const rows = await q.select(col).execute();
    const targets =
      depth < 2 ? await titlesOf(ctx, ctx.registry.get(field.target), rows.map((r) => Number(r[col])).filter(Boolean), language, depth + 1) : new Map();
    for (const r of rows) out.set(Number(r.id), targets.get(Number(r[col])) ?? `#${r[col] ?? r.id}`);
    return out;
  }
  if (field.translated) {
    const rows = await q.select(isShadowed(field) ? [name, 'translations'] : ['translations']).execute();
    for (const r of rows) {
      const t = parseJson<Record<string, Record<string, unknown>>>(r.translations, {});
      const own = language ? t[language]?.[name] : undefined;
      const fallback = isShadowed(field)
        ? r[name]
        : Object.values(t)
            .map((v) => v[name])
            .find((v) => typeof v === 'string' && v);
      out.set(Number(r.id), String((typeof own === 'string' && own) || fallback || `#${r.id}`));
    }
    return out;
  }
  const col = columnOf(name, field);
  const rows = await q.select(col).execute();
  for (const r of rows) out.set(Number(r.id), r[col] === null || r[col] === '' ? `#${r.id}` : String(r[col]));
  return out;
}
