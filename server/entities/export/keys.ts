/** The natural keys a batch of rows references (entities/define.ts naturalKey; media by folder path and file name), read once per target. */
import type { EntityDef } from '../../../entities/define.js';
import type { CellKeys } from '../../../entities/fieldTypes/description.js';
import type { Field } from '../../../entities/fields.js';
import { bounded, type EngineContext, rowBounds } from '../context.js';
import type { Loaded } from '../read.js';
import { MEDIA_TABLE } from '../references.js';

/** Where a field's ids point: an entity name, `''` for media, or nowhere. */
function targetOf(field: Field): string | undefined {
  if (field.type === 'fk' || field.type === 'm2m') return field.target;
  if (field.type === 'media' || field.type === 'file' || field.type === 'mediaMany') return '';
  return undefined;
}

export async function batchKeys(ctx: EngineContext, entity: EntityDef, rows: readonly Loaded[]): Promise<CellKeys> {
  const wanted = new Map<string, Set<number>>();
  for (const [name, field] of Object.entries(entity.fields)) {
    const target = targetOf(field);
    if (target === undefined) continue;
    const ids = wanted.get(target) ?? new Set<number>();
    for (const { record } of rows) {
      const v = record.values[name];
      for (const id of Array.isArray(v) ? v : [v]) if (typeof id === 'number') ids.add(id);
    }
    wanted.set(target, ids);
  }
  const found = new Map<string, Map<number, string>>();
  await Promise.all(
    [...wanted].map(async ([target, ids]) => {
      if (!ids.size) return;
      const rows = target === '' ? await mediaNames(ctx, [...ids]) : await naturalKeys(ctx, ctx.registry.get(target), [...ids]);
      found.set(target, new Map(rows.map((r) => [Number(r.id), String(r.key)])));
    }),
  );
  return {
    keyOf: (target, id) => found.get(target ?? '')?.get(id),
    // An export only writes keys.
    idOf: () => undefined,
  };
}

function naturalKeys(ctx: EngineContext, target: EntityDef, ids: number[]) {
  const key = target.naturalKey ?? 'id';
  return bounded(
    ctx.db
      .selectFrom(target.table)
      .select(['id', `${key} as key`])
      .where('id', 'in', ids),
    rowBounds(ctx, target, { market: false }),
  ).execute();
}

/** A file's cell: its library folder's path and its name (`tractors/red/front.jpg`), or the name alone at the library's root. */
export const mediaKey = (folderPath: string | null, name: string) => (folderPath ? `${folderPath.replace(/^\//, '')}/${name}` : name);

async function mediaNames(ctx: EngineContext, ids: number[]) {
  let q = ctx.db
    .selectFrom(`${MEDIA_TABLE} as m`)
    .leftJoin('media_folders as f', 'f.id', 'm.folder_id')
    .select(['m.id', 'm.name', 'f.path'])
    .where('m.id', 'in', ids);
  // Across sites (span), the rows' media are those of the sites reached: every one for null.
  if (ctx.span === undefined) q = q.where('m.tenant_id', '=', ctx.site.id);
  else if (ctx.span) q = q.where('m.tenant_id', 'in', ctx.span.length ? [...ctx.span] : [-1]);
  return (await q.execute()).map((r) => ({ id: r.id, key: mediaKey(r.path === null ? null : String(r.path), String(r.name)) }));
}
