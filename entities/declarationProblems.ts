/**
 * Mistakes an entity declaration can make, checked by the tests over every registered
 * entity and by the server at start-up.
 */
import { SITE_FIELD } from './acrossSites.js';
import { BUILTIN_DATES, BUILTIN_FIELDS, type EntityDef, type FilterKind } from './define.js';
import { FIELD_TYPES } from './fieldTypes/index.js';
import type { Field, FieldType } from './fields.js';
import { unknownSegments } from './publicPaths.js';

const FILTER_TYPES: Record<FilterKind, readonly FieldType[]> = {
  select: ['select'],
  fk: ['fk', 'm2m'],
  boolean: ['boolean'],
  dateRange: ['date', 'datetime'],
  exact: ['text', 'email', 'url', 'slug'],
};

/** The mistakes of a declaration, as sentences for its author (empty when sound). */
export function declarationProblems(entity: EntityDef, all: readonly EntityDef[]): string[] {
  const p: string[] = [];
  const names = Object.keys(entity.fields);
  const builtin = new Set<string>(BUILTIN_FIELDS);
  const has = (n: string) => names.includes(n) || builtin.has(n);
  const at = (what: string) => `${entity.name}: ${what}`;
  if (!/^[a-z][a-zA-Z0-9]*$/.test(entity.name)) p.push(at('name must be camelCase letters and digits'));
  if (!/^[a-z][a-z0-9_]*$/.test(entity.table)) p.push(at('table must be snake_case'));
  if (!/^(\/[A-Za-z0-9_]+)+$/.test(entity.path)) p.push(at(`bad path ${entity.path}`));
  if (!names.includes(entity.titleField)) p.push(at(`titleField ${entity.titleField} is not a field`));
  for (const n of names) {
    if (!/^[a-z][a-z0-9_]*$/.test(n)) p.push(at(`field name ${n} must be snake_case`));
    if (builtin.has(n) || n === 'translations' || n === 'tenant_id' || n.startsWith('_')) p.push(at(`field name ${n} is reserved`));
  }
  if (entity.singleton && entity.scope === 'master') p.push(at('a singleton belongs to a site: scope dealer or both'));
  if (entity.acrossSites && (entity.scope !== 'dealer' || entity.singleton)) p.push(at('acrossSites is for a dealer entity with rows'));
  if (entity.acrossSites && names.includes(SITE_FIELD)) p.push(at(`acrossSites adds the field ${SITE_FIELD}: no field of that name`));
  for (const n of entity.bulkEdit ?? []) {
    const f = entity.fields[n];
    if (!f || f.translated || f.readOnly || !['select', 'boolean', 'fk', 'm2m', 'number'].includes(f.type))
      p.push(at(`bulkEdit ${n} is not a select, boolean, fk, m2m or number field`));
  }
  if (entity.bulkEdit?.length && (entity.readOnly || entity.singleton || entity.acrossSites))
    p.push(at('bulkEdit is for an entity with rows its own site writes'));
  if (entity.public?.statusField !== undefined && !names.includes(entity.public.statusField))
    p.push(at(`public statusField ${entity.public.statusField} is not a field`));
  if (entity.public) {
    const pub = entity.public;
    for (const n of [...pub.fields, ...(pub.from ? [pub.from] : []), ...(pub.to ? [pub.to] : [])])
      if (!names.includes(n)) p.push(at(`public field ${n} is not a field`));
    for (const n of pub.sortable ?? []) if (!entity.list.sortable.includes(n)) p.push(at(`public sort ${n} is not sortable`));
    for (const n of pub.filters ?? []) if (!entity.list.filters.some((f) => f.field === n)) p.push(at(`public filter ${n} is not a filter`));
    for (const n of unknownSegments(pub.urlPattern ?? '')) p.push(at(`public urlPattern has an unknown segment {${n}}`));
    for (const [n, flag] of Object.entries(pub.shownWhen ?? {})) {
      if (!pub.fields.includes(n)) p.push(at(`public shownWhen ${n} is not a public field`));
      if (entity.fields[flag]?.type !== 'boolean') p.push(at(`public shownWhen ${n} needs a boolean field, not ${flag}`));
      // Rows in the order of a hidden value, or picked by it, would tell the value.
      if (pub.sortable?.includes(n)) p.push(at(`public sort ${n} may be hidden (shownWhen): its order would show it`));
      if (pub.filters?.includes(n)) p.push(at(`public filter ${n} may be hidden (shownWhen): what it picks would show it`));
    }
  }
  const slugs = names.filter((n) => entity.fields[n]?.type === 'slug');
  if (slugs.length > 1) p.push(at('at most one slug field'));
  const checkField = (path: string, f: Field, nested: boolean) => {
    if (f.translated && FIELD_TYPES[f.type].relational && !nested) p.push(at(`${path}: a ${f.type} field cannot be translated`));
    if (nested && f.translated) p.push(at(`${path}: fields inside a repeater follow the repeater's language`));
    if ((f.type === 'fk' || f.type === 'm2m') && !all.some((e) => e.name === f.target)) p.push(at(`${path}: unknown target ${f.target}`));
    if (f.type === 'text' && f.unique && f.translated) p.push(at(`${path}: a translated field cannot be unique`));
    if (f.type === 'text' && f.pattern !== undefined) {
      try {
        new RegExp(f.pattern, 'u');
      } catch {
        p.push(at(`${path}: pattern does not compile`));
      }
    }
    if (f.type === 'slug' && f.from !== undefined) {
      const src = entity.fields[f.from];
      if (nested || !src) p.push(at(`${path}: from ${f.from} is not a field`));
      else if (f.translated && !src.translated) p.push(at(`${path}: a translated slug needs a translated source`));
    }
    if ((f.type === 'select' || f.type === 'list') && f.options?.some((o) => (o.label === undefined) === (o.name === undefined))) {
      p.push(at(`${path}: every option needs a label or a name, not both`));
    }
    if (f.type === 'select' && f.default !== undefined && !f.options.some((o) => o.value === f.default)) {
      p.push(at(`${path}: default is not an option`));
    }
    if (f.type === 'repeater') {
      if (nested) p.push(at(`${path}: repeaters do not nest`));
      for (const [k, sub] of Object.entries(f.fields)) {
        if (sub.type === 'm2m' || sub.type === 'slug') p.push(at(`${path}.${k}: ${sub.type} cannot sit in a repeater`));
        checkField(`${path}.${k}`, sub, true);
      }
      if (f.rowLabel && !f.fields[f.rowLabel]) p.push(at(`${path}: rowLabel is not a nested field`));
    }
    if (f.type === 'menuTree' && !(f.maxDepth >= 1)) p.push(at(`${path}: maxDepth must be at least 1`));
    if (f.type === 'list') {
      if (f.translated) p.push(at(`${path}: a list cannot be translated`));
      if ((f.options === undefined) === (f.pattern === undefined)) p.push(at(`${path}: a list needs options or a pattern, not both`));
      if (f.pattern !== undefined) {
        try {
          new RegExp(f.pattern, 'u');
        } catch {
          p.push(at(`${path}: pattern does not compile`));
        }
      }
      if (f.options && f.default?.some((v) => !f.options!.some((o) => o.value === v))) p.push(at(`${path}: default is not an option`));
    }
  };
  for (const [n, f] of Object.entries(entity.fields)) checkField(n, f, false);
  p.push(...keyProblems(entity, all).map(at));

  for (const c of entity.list.columns) if (!has(c)) p.push(at(`list column ${c} is not a field`));
  const sortable = new Set<string>(entity.list.sortable);
  for (const s of entity.list.sortable) {
    const f = entity.fields[s];
    if (!f && s !== 'created_at' && s !== 'updated_at' && s !== 'id') p.push(at(`sortable ${s} is not a field`));
    else if (f && !FIELD_TYPES[f.type].sortable) p.push(at(`sortable ${s}: cannot sort by a ${f.type}`));
    else if (f && f.translated && f.type !== 'text') p.push(at(`sortable ${s}: of translated fields only text sorts`));
  }
  for (const part of entity.list.sort.split(',')) {
    const key = part.replace(/^-/, '');
    if (!sortable.has(key) && key !== 'id') p.push(at(`default sort ${key} is not sortable`));
  }
  for (const s of entity.list.search) {
    const f = entity.fields[s];
    if (!f || !FIELD_TYPES[f.type].searchable) p.push(at(`search ${s} must be a text field`));
  }
  for (const fl of entity.list.filters) {
    const f = entity.fields[fl.field];
    if (!f && fl.kind === 'dateRange' && BUILTIN_DATES.includes(fl.field)) {
      if (!sortable.has(fl.field)) p.push(at(`filter ${fl.field}: a built-in date filters only when sortable (it needs the index)`));
    } else if (!f) p.push(at(`filter ${fl.field} is not a field`));
    else if (!FILTER_TYPES[fl.kind].includes(f.type)) p.push(at(`filter ${fl.field}: kind ${fl.kind} does not fit a ${f.type}`));
    else if (f.translated) p.push(at(`filter ${fl.field}: translated fields do not filter`));
  }
  for (const col of Object.keys(entity.fixed ?? {})) {
    if (!/^[a-z][a-z0-9_]*$/.test(col) || names.includes(col) || builtin.has(col))
      p.push(at(`fixed column ${col} must be a snake_case column outside the fields`));
  }
  if (entity.marketField !== undefined) {
    const f = entity.fields[entity.marketField];
    if (f?.type !== 'fk' || f.target !== 'market') p.push(at(`marketField ${entity.marketField} must be an fk to market`));
  }
  if (entity.addFrom) {
    const f = entity.fields[entity.addFrom.field];
    if (f?.type !== 'fk' || f.target !== entity.addFrom.entity) p.push(at(`addFrom: ${entity.addFrom.field} is not an fk to ${entity.addFrom.entity}`));
  }
  const placed = entity.form.tabs.flatMap((t) => t.groups.flatMap((g) => g.fields));
  for (const n of placed) if (!names.includes(n)) p.push(at(`form field ${n} is not a field`));
  for (const n of names) {
    const count = placed.filter((x) => x === n).length;
    if (count !== 1) p.push(at(`form places ${n} ${count} times`));
  }
  return p;
}

/** Natural keys (entities/define.ts naturalKey): a plain text field, declared by every entity an exportable one references. */
function keyProblems(entity: EntityDef, all: readonly EntityDef[]): string[] {
  const p: string[] = [];
  if (entity.naturalKey !== undefined) {
    const f = entity.fields[entity.naturalKey];
    if (!f || f.translated || !['text', 'slug', 'email', 'url'].includes(f.type)) p.push(`naturalKey ${entity.naturalKey} must be a plain text field`);
  }
  for (const n of entity.importKeys ?? []) {
    const f = entity.fields[n];
    if (!f || !['text', 'slug', 'email'].includes(f.type) || (f.type !== 'slug' && f.translated))
      p.push(`importKeys ${n} must be a slug or a plain text field`);
  }
  if (entity.importKeys && (!entity.exportable || entity.readOnly || entity.singleton || entity.acrossSites))
    p.push('importKeys is for an exportable entity with rows its own site writes');
  if (!entity.exportable) return p;
  for (const [n, f] of Object.entries(entity.fields)) {
    if (f.type !== 'fk' && f.type !== 'm2m') continue;
    const target = all.find((e) => e.name === f.target);
    if (target && target.naturalKey === undefined) p.push(`${n}: ${target.name} needs a naturalKey, which a file names its rows by`);
  }
  return p;
}
