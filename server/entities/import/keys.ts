/**
 * What an import's rows name, read once per batch and always within the site: the rows
 * referenced by their natural key (entities/define.ts naturalKey) and media by folder path
 * and file name (export/keys.ts writes them), and the existing rows the import's key column finds.
 */
import type { CellColumn } from '../../../entities/cells.js';
import { cellsRecord } from '../../../entities/cells.js';
import type { EntityDef } from '../../../entities/define.js';
import type { CellInput, CellKeys } from '../../../entities/fieldTypes/description.js';
import { bounded, type EngineContext, rowBounds, tenantKey } from '../context.js';
import { loadRecords, type Loaded } from '../read.js';
import { mediaKey } from '../export/keys.js';
import { MEDIA_TABLE } from '../references.js';
import { columnOf, SLUGS_TABLE } from '../schema.js';

const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * The keys a batch's cells reference, resolved: each row read through the cell codecs once
 * with a recorder that notes every key asked, then one query per referenced entity. A key
 * that names nothing of the site stays unknown (the cell's problem `keyUnknown`); a file name
 * several media share names the oldest.
 */
export async function referencedKeys(ctx: EngineContext, columns: readonly CellColumn[], rows: readonly CellInput[][]): Promise<CellKeys> {
  const asked = new Map<string, Set<string>>();
  const recorder: CellKeys = {
    keyOf: () => undefined,
    idOf: (target, key) => {
      const set = asked.get(target ?? '') ?? new Set<string>();
      set.add(key);
      asked.set(target ?? '', set);
      return undefined;
    },
  };
  for (const cells of rows) cellsRecord(columns, cells, recorder);
  const found = new Map<string, Map<string, number>>();
  for (const [target, keys] of asked) {
    const ids = new Map<string, number>();
    found.set(target, ids);
    for (const part of chunks([...keys])) {
      const rows = target === '' ? await mediaByName(ctx, part) : await byNaturalKey(ctx, ctx.registry.get(target), part);
      for (const r of rows) if (!ids.has(String(r.key))) ids.set(String(r.key), Number(r.id));
    }
  }
  return { keyOf: () => undefined, idOf: (target, key) => found.get(target ?? '')?.get(key) };
}

function byNaturalKey(ctx: EngineContext, target: EntityDef, keys: string[]) {
  const key = target.naturalKey ?? 'id';
  const q = ctx.db
    .selectFrom(target.table)
    .select(['id', `${key} as key`])
    .where(key, 'in', keys)
    .orderBy('id');
  return bounded(q, rowBounds(ctx, target, { market: false })).execute();
}

/**
 * Media by the cell's key: `folder/sub/file.jpg` names a file of the library folder at that
 * path (export/keys.ts writes it so), a bare file name any file of that name in the site;
 * a key with a slash that names no folder's file is tried as a whole file name, as files
 * exported before folders were written read.
 */
async function mediaByName(ctx: EngineContext, keys: string[]) {
  if (!ctx.media) return [];
  const inFolder = keys.flatMap((key) => {
    const cut = key.lastIndexOf('/');
    return cut > 0 ? [{ key, path: `/${key.slice(0, cut)}`, name: key.slice(cut + 1) }] : [];
  });
  const out: Array<{ id: unknown; key: unknown }> = [];
  if (inFolder.length) {
    const rows = await ctx.db
      .selectFrom(`${MEDIA_TABLE} as m`)
      .innerJoin('media_folders as f', 'f.id', 'm.folder_id')
      .select(['m.id', 'm.name', 'f.path'])
      .where('m.tenant_id', '=', ctx.site.id)
      .where('f.path', 'in', [...new Set(inFolder.map((k) => k.path))])
      .where('m.name', 'in', [...new Set(inFolder.map((k) => k.name))])
      .orderBy('m.id')
      .execute();
    for (const r of rows) out.push({ id: r.id, key: mediaKey(String(r.path), String(r.name)) });
  }
  const byName = await ctx.db
    .selectFrom(MEDIA_TABLE)
    .select(['id', 'name as key'])
    .where('tenant_id', '=', ctx.site.id)
    .where('name', 'in', keys)
    .orderBy('id')
    .execute();
  return [...out, ...byName];
}

/** The rows of the site each key value names (several when a non-unique field such as a SKU repeats). */
export async function rowsByKey(ctx: EngineContext, entity: EntityDef, key: CellColumn, values: readonly string[]): Promise<Map<string, Loaded[]>> {
  const wanted = [...new Set(values.filter((v) => v !== ''))];
  const pairs: Array<[string, number]> = [];
  for (const part of chunks(wanted)) {
    if (!key.field) {
      for (const v of part) if (/^[1-9]\d{0,9}$/.test(v)) pairs.push([v, Number(v)]);
    } else if (key.field.def.type === 'slug') {
      const rows = await ctx.db
        .selectFrom(SLUGS_TABLE)
        .select(['entity_id', 'slug'])
        .where('entity', '=', entity.name)
        .where('tenant_id', '=', tenantKey(ctx, entity))
        .where('language', '=', key.field.language ?? '')
        .where('slug', 'in', part)
        .execute();
      for (const r of rows) pairs.push([String(r.slug), Number(r.entity_id)]);
    } else {
      const column = columnOf(key.field.name, key.field.def);
      const q = ctx.db
        .selectFrom(entity.table)
        .select(['id', `${column} as key`])
        .where(column, 'in', part);
      for (const r of await bounded(q, rowBounds(ctx, entity)).execute()) pairs.push([String(r.key), Number(r.id)]);
    }
  }
  // Loaded within the site's bounds: an id or slug of another site's row finds nothing.
  const loaded = await loadRecords(ctx, entity, [...new Set(pairs.map(([, id]) => id))]);
  const out = new Map<string, Loaded[]>();
  for (const [value, id] of pairs) {
    const row = loaded.get(id);
    if (row) out.set(value, [...(out.get(value) ?? []), row]);
  }
  return out;
}
