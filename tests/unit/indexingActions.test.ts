/**
 * Which indexing actions a write of public content asks for, from any declaration with
 * `public` (issue 6) — and the engine options the indexing log itself uses.
 */
import { describe, expect, it } from 'vitest';
import { declarationProblems } from '../../entities/declarationProblems.js';
import { defineEntity, entityActions, type EntityDef } from '../../entities/define.js';
import { ENTITIES, indexingLog, product } from '../../entities/index.js';
import type { RecordValues } from '../../entities/validateRecord.js';
import type { WriteEvent } from '../../server/entities/hooks.js';
import { plannedActions } from '../../server/services/indexing/actions.js';

const ORIGIN = 'https://rossi.example';
const LANGS = ['it', 'en'];
const row = (status: string, slugs: Record<string, string>): RecordValues => ({
  values: { status },
  translations: Object.fromEntries(Object.entries(slugs).map(([l, slug]) => [l, { slug }])),
});
const plan = (event: Omit<WriteEvent, 'id' | 'entity' | 'version'>, entity: EntityDef = product) =>
  plannedActions({ id: 7, version: 1, ...event, entity }, ORIGIN, LANGS).map((a) => `${a.action} ${a.url}`);

/** A page-like entity: no status field (always public), its URL made from its id. */
const page = defineEntity({
  name: 'staticPage',
  model: 'page',
  scope: 'both',
  path: '/staticPages',
  table: 'static_pages',
  label: { one: 'x.one', many: 'x.many' },
  titleField: 'title',
  public: { publicValues: [], urlPattern: '/{lang}/p/{id}', fields: [] },
  fields: { title: { type: 'text', label: 'fields.staticPage.title', translated: true } },
  list: { columns: ['title'], sort: '-id', sortable: [], search: [], filters: [] },
  form: { tabs: [{ label: 'tabs.general', groups: [{ fields: ['title'] }] }] },
});

describe('indexing actions of a write', () => {
  it('a draft asks for nothing; publishing asks for an update per language with a slug', () => {
    expect(plan({ op: 'create', after: row('draft', { it: 'a', en: 'b' }) })).toEqual([]);
    expect(plan({ op: 'update', before: row('draft', { it: 'a', en: 'b' }), after: row('published', { it: 'a', en: '' }) })).toEqual([
      `updated ${ORIGIN}/it/prodotti/a`,
    ]);
  });

  it('a changed slug of a published row announces the new URL only (a 301 covers the old one); unpublishing and deleting delete', () => {
    const before = row('published', { it: 'a', en: 'b' });
    expect(plan({ op: 'update', before, after: row('published', { it: 'a', en: 'c' }) })).toEqual([
      `updated ${ORIGIN}/it/prodotti/a`,
      `updated ${ORIGIN}/en/products/c`,
    ]);
    // A language the row left has no new URL to redirect to: its old one is deleted.
    expect(plan({ op: 'update', before, after: row('published', { it: 'a', en: '' }) })).toEqual([
      `updated ${ORIGIN}/it/prodotti/a`,
      `deleted ${ORIGIN}/en/products/b`,
    ]);
    expect(plan({ op: 'update', before, after: row('archived', { it: 'a', en: 'b' }) })).toEqual([
      `deleted ${ORIGIN}/it/prodotti/a`,
      `deleted ${ORIGIN}/en/products/b`,
    ]);
    expect(plan({ op: 'delete', before })).toEqual([`deleted ${ORIGIN}/it/prodotti/a`, `deleted ${ORIGIN}/en/products/b`]);
    expect(plan({ op: 'delete', before: row('draft', { it: 'a' }) })).toEqual([]);
  });

  it('content without a status field is always public, and {id} fills in', () => {
    const r: RecordValues = { values: {}, translations: {} };
    expect(plan({ op: 'create', after: r }, page)).toEqual([`updated ${ORIGIN}/it/p/7`, `updated ${ORIGIN}/en/p/7`]);
    expect(plan({ op: 'delete', before: r }, page)).toEqual([`deleted ${ORIGIN}/it/p/7`, `deleted ${ORIGIN}/en/p/7`]);
  });

  it('an entity that is not public content asks for nothing', () => {
    expect(plan({ op: 'create', after: row('published', { it: 'a' }) }, indexingLog)).toEqual([]);
  });
});

describe('read-only entities', () => {
  it('are only ever viewed, even by a superuser', () => {
    expect([...entityActions({ is_superuser: true, all_permissions: [] }, indexingLog)]).toEqual(['view']);
    expect([...entityActions({ is_superuser: true, all_permissions: [] }, product)].sort()).toEqual(['add', 'change', 'delete', 'view']);
    expect(entityActions({ is_superuser: false, all_permissions: [{ codename: 'change_indexingactionlog' }] }, indexingLog).size).toBe(0);
  });

  it('may filter by a built-in date only when it is sortable', () => {
    const unsorted = { ...indexingLog, list: { ...indexingLog.list, sortable: ['status'] } };
    expect(declarationProblems(unsorted, ENTITIES).join('\n')).toMatch(/created_at.*sortable/);
    expect(declarationProblems(indexingLog, ENTITIES)).toEqual([]);
  });
});
