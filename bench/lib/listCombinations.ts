/**
 * Every list request a screen can make, enumerated from the declarations (issue 20): for each
 * listed entity, no filter or one filter in each kind of value it takes × the declaration's
 * default sort and each sortable column in both directions × search off and on. Pages
 * (first, middle, last) are added by whoever runs them, once a first answer says how many
 * there are. The media library is listed by its own screen: its type filters are the
 * screen's virtual folders, its order newest first. Used by the scale benchmark
 * (bench/scale.ts) and the plan test (tests/server/list-plans.test.ts).
 */
import type { EntityDef, FilterDef } from '../../entities/define.js';
import { ACCOUNT_ENTITIES, ENTITIES } from '../../entities/index.js';
import { VIRTUAL_FOLDERS } from '../../machines/mediaManager.helpers.js';

/** Values seen in the data, by field name (ids, dates, exact values), first the most common. */
export type Samples = (field: string) => Array<string | number>;

export interface Combination {
  /** Entity name, or `media`. */
  entity: string;
  filter: string;
  sort: string;
  search: boolean;
  /** The query string without `page` (`fltr=…&sort=…&search=…`). */
  query: string;
}

/** Entities with a list screen: every declaration but the singletons. */
export const LISTED: readonly EntityDef[] = [...ENTITIES, ...ACCOUNT_ENTITIES].filter((e) => !e.singleton);

/** The kinds of value a filter takes, each as `[label, fltr value]`; none when the data has no sample. */
export function filterValues(entity: EntityDef, def: FilterDef, samples: Samples): Array<[string, string]> {
  const field = entity.fields[def.field];
  const seen = samples(def.field).map(String);
  switch (def.kind) {
    case 'select': {
      const options = field?.type === 'select' ? field.options.map((o) => o.value) : [];
      const out: Array<[string, string]> = options.map((v) => [`=${v}`, v]);
      if (options.length > 1) out.push(['several', options.slice(0, 2).join(',')]);
      return out;
    }
    case 'boolean':
      return [
        ['true', 'true'],
        ['false', 'false'],
      ];
    case 'fk': {
      const out: Array<[string, string]> = [];
      if (seen[0] !== undefined) out.push(['one id', seen[0]]);
      if (seen.length > 1) out.push(['several ids', seen.slice(0, 2).join(',')]);
      if (field?.type === 'fk' && !field.required) out.push(['null', 'null']);
      return out;
    }
    case 'exact':
      return seen[0] !== undefined ? [['one value', seen[0]]] : [];
    case 'dateRange': {
      if (seen[0] === undefined) return [];
      const day = seen[0].slice(0, 10);
      return [
        ['one day', `${day}..${day}`],
        ['from', `${day}..`],
        ['until', `..${day}`],
      ];
    }
  }
}

/** The sort parameters a screen offers: the default (none given) and each sortable column both ways. */
export function sortValues(entity: EntityDef): string[] {
  return ['', ...entity.list.sortable.flatMap((c) => [c, `-${c}`])];
}

const param = (key: string, value: string) => (value === '' ? [] : [`${key}=${encodeURIComponent(value)}`]);

export function entityCombinations(entity: EntityDef, samples: Samples, searchWord: string | undefined): Combination[] {
  const filters: Array<[string, string]> = [['none', '']];
  for (const def of entity.list.filters)
    for (const [label, value] of filterValues(entity, def, samples)) filters.push([`${def.field} ${label}`, `${def.field}=${value}`]);
  const searches = entity.list.search.length && searchWord ? ['', searchWord] : [''];
  const out: Combination[] = [];
  for (const [filter, fltr] of filters) {
    for (const sort of sortValues(entity)) {
      for (const search of searches) {
        out.push({
          entity: entity.name,
          filter,
          sort: sort || `default (${entity.list.sort})`,
          search: search !== '',
          query: [...param('fltr', fltr), ...param('sort', sort), ...param('search', search)].join('&'),
        });
      }
    }
  }
  return out;
}

/** The media screen's lists: root folder, each virtual folder, search off and on (on across folders too). */
export function mediaCombinations(searchWord: string): Combination[] {
  const out: Combination[] = [];
  for (const [filter, fltr] of [['none', ''], ...VIRTUAL_FOLDERS.map((v) => [v.key, `mime_type=${v.mimeType}`])] as Array<[string, string]>) {
    for (const [search, extra] of [
      ['off', []],
      ['in folder', param('search', searchWord)],
      ['everywhere', [...param('search', searchWord), 'all=true']],
    ] as Array<[string, string[]]>) {
      out.push({
        entity: 'media',
        filter: `${filter}${search === 'everywhere' ? ' (all folders)' : ''}`,
        sort: 'newest first',
        search: search !== 'off',
        query: [...param('fltr', fltr), ...extra].join('&'),
      });
    }
  }
  return out;
}
