/**
 * The declarations themselves: sound, matching the spec's models and routes, importable
 * by the browser, and the shared validation they drive (no database needed).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { declarationProblems } from '../../entities/declarationProblems.js';
import { defineEntity, type EntityDef } from '../../entities/define.js';
import { slugify } from '../../entities/formats.js';
import { i18nKeys } from '../../entities/i18nKeys.js';
import { ENTITIES, entityAtPath, entityNamed } from '../../entities/index.js';
import { MODELS } from '../../entities/permissions.js';
import { validateValue } from '../../entities/fieldTypes/index.js';
import { type Errors, INVALID } from '../../entities/problems.js';
import { validateRecord } from '../../entities/validateRecord.js';
import { ROUTES } from '../../src/routing/routes.js';

const CATALOG: Array<Pick<EntityDef, 'name' | 'model' | 'scope' | 'path' | 'table'>> = [
  { name: 'brand', model: 'brand', scope: 'dealer', path: '/brand', table: 'brands' },
  { name: 'brandService', model: 'brandservice', scope: 'dealer', path: '/brand/services', table: 'brand_services' },
  { name: 'product', model: 'product', scope: 'dealer', path: '/products', table: 'products' },
  { name: 'category', model: 'category', scope: 'dealer', path: '/products/category', table: 'categories' },
  { name: 'tag', model: 'tag', scope: 'dealer', path: '/products/tag', table: 'tags' },
  { name: 'featuredProduct', model: 'featuredProducts', scope: 'dealer', path: '/featuredProducts', table: 'featured_products' },
];

describe('entity declarations', () => {
  it('declare the catalog of issue 5 with the spec models, scopes and paths', () => {
    for (const want of CATALOG) {
      const e = entityNamed(want.name)!;
      expect({ name: e.name, model: e.model, scope: e.scope, path: e.path, table: e.table }).toEqual(want);
      expect(entityAtPath(want.path)).toBe(e);
    }
  });

  it('are sound', () => {
    expect(ENTITIES.flatMap((e) => declarationProblems(e, ENTITIES))).toEqual([]);
    expect(new Set(ENTITIES.map((e) => e.name)).size).toBe(ENTITIES.length);
    expect(new Set(ENTITIES.map((e) => e.table)).size).toBe(ENTITIES.length);
    expect(new Set(ENTITIES.map((e) => e.path)).size).toBe(ENTITIES.length);
  });

  it('use permission models of spec §3, with their scope', () => {
    for (const e of ENTITIES) {
      expect(Object.keys(MODELS), e.name).toContain(e.model);
      // An entity the master also serves across sites holds its permissions on both kinds.
      if (e.model !== 'category') expect(MODELS[e.model].scope, e.name).toBe(e.acrossSites ? 'both' : e.scope);
    }
  });

  it('sit at the SPA route of the same path and model (DESIGN.md §4)', () => {
    for (const e of ENTITIES) {
      const route = ROUTES.find((r) => r.path === e.path);
      expect(route, e.path).toBeDefined();
      expect(route!.model, e.path).toBe(e.model);
    }
  });

  it('name every label with an i18n key, fields as fields.<entity>.<field>', () => {
    for (const e of ENTITIES) {
      for (const key of i18nKeys(e)) expect(key, e.name).toMatch(/^[a-z][A-Za-z]*(\.[A-Za-z0-9_]+)+$/);
      // The twelve site pages share one set of field labels.
      const family = e.path.startsWith('/sitePages/') ? 'sitePage' : e.name;
      for (const [name, f] of Object.entries(e.fields)) expect(f.label).toBe(`fields.${family}.${name}`);
    }
  });

  it('import nothing from Node or the server, so the SPA can bundle them', () => {
    const dir = path.resolve(__dirname, '../../entities');
    const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    for (const file of files) {
      const src = fs.readFileSync(path.join(dir, file), 'utf8');
      const imports = [...src.matchAll(/^(?:import|export)\b[^;]*?from\s+'([^']+)'/gm)].map((m) => m[1]);
      // Siblings, a sub-folder of entities/, entities/ itself from a sub-folder, or the UI language list (plain data).
      for (const i of imports) expect(i, `${file} imports ${i}`).toMatch(/^((\.\/([A-Za-z]+\/)?|\.\.\/)[A-Za-z]+|(\.\.\/)+locales\/languages)\.js$/);
      expect(src, file).not.toMatch(/\bprocess\.|\brequire\(|\bBuffer\b/);
    }
  });

  it('keep a field shownWhen hides out of the public sorts and filters: their order would tell what it hides', () => {
    const priced = ENTITIES.find((e) => e.name === 'product')!;
    const sorted = { ...priced, public: { ...priced.public!, sortable: [...(priced.public!.sortable ?? []), 'price'] } };
    expect(declarationProblems(sorted, ENTITIES)).toContain('product: public sort price may be hidden (shownWhen): its order would show it');
  });

  it('catch a broken declaration', () => {
    const broken = defineEntity({
      name: 'Broken',
      model: 'product',
      scope: 'dealer',
      path: 'no-slash',
      table: 'Broken',
      label: { one: 'x.one', many: 'x.many' },
      titleField: 'nope',
      fields: {
        version: { type: 'text', label: 'x' },
        ref: { type: 'fk', label: 'x', target: 'ghost', translated: true },
        tags: { type: 'm2m', label: 'x', target: 'tag' },
        rows: { type: 'repeater', label: 'x', fields: { inner: { type: 'repeater', label: 'y', fields: {} } } },
      },
      list: { columns: ['ghost'], sort: '-nope', sortable: ['rows'], search: ['tags'], filters: [{ field: 'tags', kind: 'boolean' }] },
      form: { tabs: [{ label: 't', groups: [{ fields: ['version', 'version', 'ghost'] }] }] },
    });
    const problems = declarationProblems(broken, [...ENTITIES, broken]).join('\n');
    for (const bit of [
      'name must be camelCase',
      'table must be snake_case',
      'bad path',
      'titleField nope',
      'field name version is reserved',
      'cannot be translated',
      'unknown target ghost',
      'repeaters do not nest',
      'list column ghost',
      'cannot sort by a repeater',
      'default sort nope',
      'search tags must be a text field',
      'kind boolean does not fit a m2m',
      'form field ghost',
      'form places version 2 times',
      'form places ref 0 times',
    ]) {
      expect(problems).toContain(bit);
    }
  });
});

describe('slugify', () => {
  it('folds accents and case, joins words with hyphens, drops the rest', () => {
    expect(slugify('Trattore DF 5080 Ultra!')).toBe('trattore-df-5080-ultra');
    expect(slugify('  Città   dell’Agricoltura  ')).toBe('citta-dell-agricoltura');
    expect(slugify('Новости')).toBe('');
    expect(slugify('a'.repeat(50) + ' b', 20)).toBe('a'.repeat(20));
  });
});

describe('shared validation', () => {
  const product = entityNamed('product')!;
  const opts = { languages: ['en', 'it'], defaultLanguage: 'en' } as const;

  it('normalises values of each type', () => {
    const e: Errors = {};
    expect(validateValue({ type: 'datetime', label: 'x' }, '2026-05-01T11:30+02:00', 'd', e)).toBe('2026-05-01T09:30:00.000Z');
    expect(validateValue({ type: 'time', label: 'x' }, '07:05', 't', e)).toBe('07:05:00');
    expect(validateValue({ type: 'color', label: 'x' }, ' #A1B2C3 ', 'c', e)).toBe('#a1b2c3');
    expect(validateValue({ type: 'number', label: 'x' }, '12.50', 'n', e)).toBe(12.5);
    expect(validateValue({ type: 'm2m', label: 'x', target: 'tag' }, [3, '4', 3], 'm', e)).toEqual([3, 4]);
    expect(validateValue({ type: 'text', label: 'x' }, '  padded  ', 's', e)).toBe('padded');
    expect(validateValue({ type: 'select', label: 'x', options: [{ value: 'a', label: 'a' }] }, '', 's', e)).toBeNull();
    expect(e).toEqual({});
  });

  it('refuses what does not fit, on nested paths', () => {
    const e: Errors = {};
    expect(validateValue({ type: 'date', label: 'x' }, '2025-02-29', 'day', e)).toBe(INVALID);
    expect(validateValue({ type: 'map', label: 'x' }, { lat: 91, lng: 'x' }, 'place', e)).toBe(INVALID);
    expect(validateValue({ type: 'menuTree', label: 'x', maxDepth: 1 }, [{ label: 'a', children: [{ label: 'b' }] }], 'menu', e)).toBe(INVALID);
    expect(validateValue({ type: 'url', label: 'x' }, 'javascript:alert(1)', 'site', e)).toBe(INVALID);
    expect(Object.keys(e).sort()).toEqual(['day', 'menu.0.children', 'place.lat', 'place.lng', 'site']);
  });

  it('merges a patch per language and keeps languages it does not name', () => {
    const existing = {
      values: { status: 'draft', brand: 1, tags: [2] },
      translations: { en: { name: 'Tractor', summary: 'Big' }, it: { name: 'Trattore', summary: 'Grande' } },
    };
    const { record, errors, touched } = validateRecord(product, { translations: { it: { summary: 'Enorme' } } }, { ...opts, mode: 'patch', existing });
    expect(errors).toEqual({});
    expect([...touched]).toEqual(['summary']);
    expect(record.values.status).toBe('draft');
    expect(record.translations.en).toMatchObject({ name: 'Tractor', summary: 'Big' });
    expect(record.translations.it).toMatchObject({ name: 'Trattore', summary: 'Enorme' });
  });

  it('writes flat values into language_code, where translations.<lang> wins over them', () => {
    const existing = { values: { status: 'draft', brand: 1 }, translations: { en: { name: 'Tractor' } } };
    const { record } = validateRecord(
      product,
      { name: 'Flat', summary: 'Flat summary', translations: { it: { name: 'Explicit' } } },
      { ...opts, mode: 'patch', existing, languageCode: 'it' },
    );
    expect(record.translations.it).toMatchObject({ name: 'Explicit', summary: 'Flat summary' });
    expect(record.translations.en?.name).toBe('Tractor');
  });

  it('asks for required translated fields in the default language, and drops empty languages', () => {
    const { record, errors } = validateRecord(
      product,
      { brand: 1, translations: { it: { name: 'Solo italiano' }, en: { name: '' } } },
      { ...opts, mode: 'create' },
    );
    expect(errors).toEqual({ 'translations.en.name': [{ code: 'blank' }] });
    expect(Object.keys(record.translations)).toEqual(['it']);
  });

  it('runs the cross-field checks of the declaration', () => {
    const featured = entityNamed('featuredProduct')!;
    const { errors } = validateRecord(featured, { product: 1, valid_from: '2026-05-02', valid_to: '2026-05-01' }, { ...opts, mode: 'create' });
    expect(errors).toEqual({ valid_to: [{ code: 'endBeforeStart' }] });
  });
});
