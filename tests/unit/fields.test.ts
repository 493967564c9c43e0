import { describe, expect, it } from 'vitest';
import { product } from '../../entities/product';
import type { MenuNode } from '../../entities/fieldTypes/menuTree';
import { pathLabel, showValue } from '../../src/entity/diffText';
import { formDefaults, rowTitle, siteLanguages, toFormRow } from '../../src/entity/formValues';
import { formatColor, parseColor } from '../../src/fields/color';
import { labelText } from '../../src/fields/label';
import { canMove, heightOf, moveNode, nodeAt, removeNode, updateNode } from '../../src/fields/menuTree';
import { insertAt, move, removeAt } from '../../src/fields/rows';
import { dateOf, inputToTime, isoToLocalInput, localInputToIso, timeToInput } from '../../src/fields/temporal';
import { draftStorageKey, resourceUrl } from '../../src/http/entityActors';

const node = (label: string, children: MenuNode[] = []): MenuNode => ({ label, children });

describe('menu tree operations', () => {
  const tree = [node('A', [node('A1'), node('A2')]), node('B'), node('C', [node('C1', [node('C1a')])])];
  const labels = (t: MenuNode[]): unknown => t.map((n) => (n.children.length ? [n.label, labels(n.children)] : n.label));

  it('measures, finds, updates and removes by index path', () => {
    expect(heightOf(tree[2]!)).toBe(3);
    expect(nodeAt(tree, [0, 1])?.label).toBe('A2');
    expect(labels(updateNode(tree, [0, 1], { label: 'A2!' }))).toEqual([['A', ['A1', 'A2!']], 'B', ['C', [['C1', ['C1a']]]]]);
    expect(labels(removeNode(tree, [0, 0]))).toEqual([['A', ['A2']], 'B', ['C', [['C1', ['C1a']]]]]);
    expect(labels(tree)).toEqual([['A', ['A1', 'A2']], 'B', ['C', [['C1', ['C1a']]]]]);
  });

  it('moves within a list, into a later sibling and out to the top, with indexes as before the move', () => {
    expect(labels(moveNode(tree, [0], { parent: [], index: 2 }))).toEqual(['B', ['A', ['A1', 'A2']], ['C', [['C1', ['C1a']]]]]);
    expect(labels(moveNode(tree, [1], { parent: [2], index: 0 }))).toEqual([
      ['A', ['A1', 'A2']],
      ['C', ['B', ['C1', ['C1a']]]],
    ]);
    expect(labels(moveNode(tree, [0], { parent: [1], index: 0 }))).toEqual([
      ['B', [['A', ['A1', 'A2']]]],
      ['C', [['C1', ['C1a']]]],
    ]);
    expect(labels(moveNode(tree, [0, 1], { parent: [], index: 0 }))).toEqual(['A2', ['A', ['A1']], 'B', ['C', [['C1', ['C1a']]]]]);
  });

  it('never into itself, never deeper than the declaration allows', () => {
    expect(canMove(tree, [0], { parent: [0, 0], index: 0 }, 5)).toBe(false);
    expect(canMove(tree, [0], { parent: [0], index: 0 }, 5)).toBe(false);
    expect(canMove(tree, [1], { parent: [0], index: 0 }, 2)).toBe(true);
    expect(canMove(tree, [0], { parent: [1], index: 0 }, 2)).toBe(false);
    expect(canMove(tree, [2], { parent: [1], index: 0 }, 3)).toBe(false);
    expect(canMove(tree, [2], { parent: [1], index: 0 }, 4)).toBe(true);
  });
});

describe('row operations', () => {
  it('insert, remove and move return new lists', () => {
    const list = ['a', 'b', 'c'];
    expect(insertAt(list, 1, 'x')).toEqual(['a', 'x', 'b', 'c']);
    expect(insertAt(list, 9, 'x')).toEqual(['a', 'b', 'c', 'x']);
    expect(removeAt(list, 1)).toEqual(['a', 'c']);
    expect(move(list, 2, 0)).toEqual(['c', 'a', 'b']);
    expect(move(list, 0, 2)).toEqual(['b', 'c', 'a']);
    expect(list).toEqual(['a', 'b', 'c']);
  });
});

describe('dates and times', () => {
  it('an ISO instant round-trips through the datetime-local box in the local zone', () => {
    const iso = '2026-05-01T07:30:00.000Z';
    const local = isoToLocalInput(iso);
    expect(local).toMatch(/^2026-05-01T\d\d:30$/);
    expect(localInputToIso(local)).toBe(iso);
    expect(localInputToIso('')).toBeNull();
    expect(isoToLocalInput('not a date')).toBe('');
  });

  it('times are stored with seconds and edited without', () => {
    expect(timeToInput('08:30:00')).toBe('08:30');
    expect(inputToTime('08:30')).toBe('08:30:00');
    expect(inputToTime('')).toBeNull();
  });

  it('a stored date is a local calendar day', () => {
    const d = dateOf('2026-03-01')!;
    expect([d.getFullYear(), d.getMonth(), d.getDate()]).toEqual([2026, 2, 1]);
    expect(dateOf('2026-02-30')).toBeNull();
  });
});

describe('colours', () => {
  it('hex with alpha', () => {
    expect(parseColor('#3B82F6')).toEqual({ rgb: '#3b82f6', alpha: 1 });
    expect(parseColor('#3b82f680')?.alpha).toBeCloseTo(128 / 255);
    expect(parseColor('blue')).toBeNull();
    expect(formatColor('#3b82f6', 0.5)).toBe('#3b82f680');
    expect(formatColor('#3B82F6', 1)).toBe('#3b82f6');
  });
});

describe('form values from the API', () => {
  const detail = {
    id: 7,
    version: 3,
    name: 'Trattore',
    slug: 'trattore',
    brand: 1,
    tags: [2],
    specs: [{ name: 'Peso', value: '4 t' }],
    translations: { it: { name: 'Trattore', slug: 'trattore', summary: '', description: '', seo: { title: 't', description: '', slug: '' } } },
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-02T00:00:00.000Z',
    _refs: { brand: { id: 1, title: 'Deutz-Fahr' }, tags: [{ id: 2, title: '4RM' }], category: null },
  };

  it('keeps id, version, plain fields and every site language; drops flat copies, timestamps and refs', () => {
    const row = toFormRow(product, detail, ['it', 'en']);
    expect(row).not.toHaveProperty('name');
    expect(row).not.toHaveProperty('_refs');
    expect(row).not.toHaveProperty('updated_at');
    expect(row).toMatchObject({ id: 7, version: 3, brand: 1, tags: [2], category: null, status: 'draft', specs: [{ name: 'Peso', value: '4 t' }] });
    const translations = row.translations as Record<string, Record<string, unknown>>;
    expect(Object.keys(translations)).toEqual(['it', 'en']);
    expect(translations.it?.seo).toEqual({ title: 't', description: '', slug: '' });
    expect(translations.en).toEqual({ name: '', slug: '', summary: '', description: '', seo: { title: '', description: '', slug: '' } });
  });

  it('a new row starts from the declared defaults', () => {
    const values = formDefaults(product, ['it', 'en']);
    expect(values).toMatchObject({ status: 'draft', show_price: true, tags: [], specs: [], brand: null });
    expect(Object.keys(values.translations as object)).toEqual(['it', 'en']);
  });

  it('the site default language comes first', () => {
    expect(siteLanguages(['en', 'it'], 'it')).toEqual(['it', 'en']);
    expect(siteLanguages(undefined, undefined)).toEqual(['en']);
  });

  it('a row names itself by its title field', () => {
    expect(rowTitle(product, { id: 7, name: 'Trattore' })).toBe('Trattore');
    expect(rowTitle(product, { id: 7, name: '' })).toBe('#7');
  });
});

describe('labels and paths', () => {
  const t = (key: string) => ({ 'fields.product.specs._': 'Specifications', 'fields.product.specs.value': 'Value', 'fields.product.name': 'Name' })[key] ?? key;

  it('a label key that is also a group reads its `_`', () => {
    expect(labelText(t, 'fields.product.name')).toBe('Name');
    expect(labelText(t, 'fields.product.specs')).toBe('Specifications');
    expect(labelText(t, 'fields.nope')).toBe('fields.nope');
  });

  it('a conflict path reads as a person would say it', () => {
    expect(pathLabel(product, 'translations.it.name', t)).toBe('Name (IT)');
    expect(pathLabel(product, 'specs.2.value', t)).toBe('Specifications › 3 › Value');
    expect(showValue('<p>Hello <b>you</b></p>')).toBe('Hello you');
    expect(showValue([])).toBe('—');
    expect(showValue(null)).toBe('—');
  });

  it('API paths and draft keys', () => {
    expect(resourceUrl('products/category')).toBe('/api/products/category/');
    expect(resourceUrl('/brand/', 3)).toBe('/api/brand/3/');
    expect(draftStorageKey('rossi.localhost', { resource: 'products', id: 'new' })).toBe('backoffice.draft:rossi.localhost:products:new');
  });
});

describe('field messages', () => {
  it('problems read through their locale keys; the server’s own problems and the SPA’s keys as they came', async () => {
    const { fieldMessage } = await import('../../src/fields/messages');
    const t = (key: string, params?: Record<string, unknown>) => `${key}${params ? JSON.stringify(params) : ''}`;
    expect(fieldMessage(t, { code: 'required' })).toBe('validation.required');
    // A blank field is an empty one to the user: one wording (the Italian UI had two).
    expect(fieldMessage(t, { code: 'blank' })).toBe('validation.required');
    expect(fieldMessage(t, { code: 'maxLength', params: { count: 200 } })).toBe('validation.maxLength{"count":200}');
    expect(fieldMessage(t, { code: 'choice', params: { value: 'x' } })).toBe('validation.choice{"value":"x"}');
    expect(fieldMessage(t, { code: 'endBeforeStart' })).toBe('validation.endBeforeStart');
    expect(fieldMessage(t, 'form.invalid')).toBe('form.invalid');
    expect(fieldMessage(t, { code: 'slugTaken', text: 'This slug is already used by another row of this site.' })).toBe(
      'This slug is already used by another row of this site.',
    );
  });
});
