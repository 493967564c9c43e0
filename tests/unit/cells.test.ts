import { describe, expect, it } from 'vitest';
import { cellColumns, cellsRecord, recordCells } from '../../entities/cells';
import { cellText } from '../../entities/fieldTypes/cellForms';
import type { CellInput, CellKeys } from '../../entities/fieldTypes/description';
import { FIELD_TYPES, fromCell, hasCell, sampleValue, toCell, validateValue } from '../../entities/fieldTypes/index';
import type { Field, FieldType } from '../../entities/fields';
import { DECLARED, product } from '../../entities/index';
import { type Errors, INVALID } from '../../entities/problems';

/** Keys as a site would have them: `<target>-<id>`, media `file-<id>.jpg`. */
const keys: CellKeys = {
  keyOf: (target, id) => (target ? `${target}-${id}` : `file-${id}.jpg`),
  idOf: (target, key) => {
    const m = (target ? new RegExp(`^${target}-(\\d+)$`) : /^file-(\d+)\.jpg$/).exec(key);
    return m ? Number(m[1]) : undefined;
  },
};

/** A cell read back as the value a write stores: the codec, then the validation a form runs. */
function valueOf(field: Field, cell: CellInput) {
  const errors: Errors = {};
  const raw = fromCell(field, cell, keys, 'f', errors);
  expect(errors).toEqual({});
  const value = validateValue(field, raw, 'f', errors);
  expect(errors).toEqual({});
  return value;
}

/** Every field of every declaration, nested ones too, by type. */
function declaredFields(): Map<FieldType, Field[]> {
  const out = new Map<FieldType, Field[]>();
  const add = (f: Field) => {
    out.set(f.type, [...(out.get(f.type) ?? []), f]);
    if (f.type === 'repeater') Object.values(f.fields).forEach(add);
  };
  for (const e of DECLARED) Object.values(e.fields).forEach(add);
  return out;
}

/** Values beyond the samples, where a spreadsheet is likely to change them. */
const EXTRA: Partial<Record<FieldType, unknown[]>> = {
  text: ['', 'a, "quoted"\nline', '=SUM(A1)', ' \u00e8 \u4e2d '.trim()],
  textarea: ['two\nlines', '+39 02 1234'],
  richtext: ['<p>a, b</p>\n<p>"c"</p>'],
  number: [null, 0, 12.25, 0.30000000000000004, 99_999_999.99],
  integer: [null, 0, 1900, 5000],
  boolean: [true, false],
  select: [null],
  color: [null],
  date: [null, '2026-02-28'],
  datetime: [null, '2026-11-26T18:45:16.123Z'],
  time: [null, '23:59:59'],
  media: [null, 7],
  file: [null, 12],
  mediaMany: [[], [3, 1, 2]],
  fk: [null, 4],
  m2m: [[], [9, 8]],
  map: [null, { lat: -33.8688, lng: 151.2093 }],
};

describe('spreadsheet cells of every field type', () => {
  const declared = declaredFields();

  it('every field type is declared somewhere, and every one but the password has a cell', () => {
    for (const type of Object.keys(FIELD_TYPES) as FieldType[]) {
      expect(declared.get(type)?.length, type).toBeGreaterThan(0);
      expect(hasCell(declared.get(type)![0]!), type).toBe(type !== 'password');
    }
  });

  for (const type of Object.keys(FIELD_TYPES) as FieldType[]) {
    if (type === 'password') continue;
    it(`${type}: value → cell → value, and cell → value → cell (as typed and as CSV text), unchanged`, () => {
      const tried = new Set<unknown>();
      for (const field of declared.get(type) ?? []) {
        const refs = { media: [5, 6], [(field as { target?: string }).target ?? '']: [11, 12] };
        const sample = sampleValue(field, 3, refs, 'Sample');
        for (const given of [sample, ...(EXTRA[type] ?? [])]) {
          // A value outside this field's own bounds or pattern is another field's.
          const value = validateValue(field, given, 'f', {});
          if (value === INVALID) continue;
          tried.add(given);
          const cell = toCell(field, value, keys);
          expect(valueOf(field, cell), `${type} ${JSON.stringify(cell)}`).toEqual(value);
          expect(toCell(field, valueOf(field, cell), keys)).toEqual(cell);
          // A CSV gives every cell back as text.
          expect(toCell(field, valueOf(field, cellText(cell)), keys)).toEqual(cell);
        }
      }
      expect(tried.size, type).toBeGreaterThan(0);
      for (const extra of EXTRA[type] ?? []) expect(tried.has(extra), `${type} ${JSON.stringify(extra)} fits no declared field`).toBe(true);
    });
  }

  it('a reference names its row by natural key, media by file name, one per line for many', () => {
    const brand = product.fields.brand;
    expect(toCell(brand, 4, keys)).toBe('brand-4');
    expect(toCell(product.fields.tags, [9, 8], keys)).toBe('tag-9\ntag-8');
    expect(toCell(product.fields.gallery, [3], keys)).toBe('file-3.jpg');
  });

  it('a key that names nothing is a problem on its entry, never a guess', () => {
    const errors: Errors = {};
    expect(fromCell(product.fields.tags, 'tag-1\nnope', keys, 'tags', errors)).toBe(INVALID);
    expect(errors).toEqual({ 'tags.1': [{ code: 'keyUnknown', params: { value: 'nope' } }] });
  });

  it('spreadsheet booleans, numbers and dates read as the field means them', () => {
    expect(valueOf(product.fields.show_price, 'yes')).toBe(true);
    expect(valueOf(product.fields.show_price, '0')).toBe(false);
    expect(valueOf(product.fields.price, '1.5e3')).toBe(1500);
    expect(valueOf(product.fields.price, 12)).toBe(12);
    const { valid_from } = DECLARED.find((e) => e.name === 'promotion')!.fields;
    expect(valueOf(valid_from!, new Date('2026-03-04T00:00:00.000Z'))).toBe('2026-03-04');
  });

  it("an entity's row: id, then each field, a translated one per language, and back", () => {
    const columns = cellColumns(product, ['it', 'en']);
    const headers = columns.map((c) => c.header);
    expect(headers.slice(0, 6)).toEqual(['id', 'name.it', 'name.en', 'slug.it', 'slug.en', 'sku']);
    expect(headers).toContain('seo.en');
    const record = {
      values: { sku: 'A-1', brand: 4, tags: [9], price: 10.5, show_price: true, status: 'published', category: null },
      translations: { it: { name: 'Trattore', slug: 'trattore' }, en: { name: 'Tractor' } },
    };
    const cells = recordCells(columns, 33, record, keys);
    expect(cells.slice(0, 6)).toEqual([33, 'Trattore', 'Tractor', 'trattore', null, 'A-1']);
    const { body, errors } = cellsRecord(columns, cells, keys);
    expect(errors).toEqual({});
    expect(body).toMatchObject({ sku: 'A-1', brand: 4, tags: [9], price: 10.5, show_price: true, status: 'published', category: '' });
    expect(body.translations).toMatchObject({ it: { name: 'Trattore', slug: 'trattore' }, en: { name: 'Tractor', slug: '' } });
  });
});
