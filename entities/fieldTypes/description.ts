import type { Field, FieldOf, FieldType } from '../fields.js';
import type { Errors, ProblemCode } from '../problems.js';

/** The table's functions over any field, for a type whose value holds fields (a repeater's rows). */
export interface Nested {
  validate: (field: Field, raw: unknown, path: string, errors: Errors) => unknown;
  refs: (field: Field, value: unknown, path: string, out: RefSite[]) => void;
  sample: (field: Field, n: number, refs: SampleRefs, label: string) => unknown;
  invalid: (field: Field) => InvalidSample[];
  defaultValue: (field: Field) => unknown;
  isEmptyValue: (field: Field, value: unknown) => boolean;
  requiredCode: (field: Field, given: boolean) => ProblemCode;
}

/**
 * How a value sits in a column of the entity's table (server/entities/schema.ts makes the
 * column, server/entities/storage.ts encodes and decodes it): text0 is text defaulting to
 * '', text may be null, json/jsonList/jsonSeo are JSON text, ref is `<field>_id`.
 */
export type ColumnKind = 'text0' | 'text' | 'json' | 'jsonList' | 'jsonSeo' | 'real' | 'integer' | 'boolean' | 'ref';

/** A place in a record that refers to rows (or media, without a target) that must exist in the site. */
export interface RefSite {
  path: string;
  /** Target entity name, or undefined for media. */
  target?: string;
  ids: number[];
  list: boolean;
}

/** Ids of existing rows per target entity name, and of media, to reference from samples. */
export interface SampleRefs {
  [entity: string]: number[] | undefined;
  media?: number[];
}

/** A value of the field's own type that validation must refuse, and the path (below the field) it must name. */
export interface InvalidSample {
  why: string;
  value: unknown;
  /** Appended to the field's path: '' for the field itself, `.0`, `.lat`, `.0.name` … */
  at: string;
}

export type AddInvalid = (why: string, value: unknown, at?: string) => void;

/** What a spreadsheet cell holds: text (CSV), or a number or boolean (XLSX); null is an empty cell. */
export type CellValue = string | number | boolean | null;

/** What a cell may hold when read back: an XLSX reader also gives dates. */
export type CellInput = CellValue | Date;

/**
 * The natural keys of referenced rows (their entity's `naturalKey`, entities/define.ts) and of
 * media (file name), both ways, as read for a batch of rows.
 */
export interface CellKeys {
  /** The key of row `id` of `target` (undefined: a media item), when known. */
  keyOf(target: string | undefined, id: number): string | undefined;
  /** The id of the row of `target` (undefined: a media item) with this key, when there is one. */
  idOf(target: string | undefined, key: string): number | undefined;
}

/**
 * How a value becomes a spreadsheet cell and a cell a value again (export and import,
 * docs/decisions.md §21). `fromCell` gives what validation takes (`validateValue`), so an
 * imported cell meets the form's own rules; a key that names nothing is INVALID with a
 * problem under `path`.
 */
export interface CellCodec<T extends FieldType> {
  toCell: (field: FieldOf<T>, value: unknown, keys: CellKeys) => CellValue;
  fromCell: (field: FieldOf<T>, cell: CellInput, keys: CellKeys, path: string, errors: Errors) => unknown;
}

/**
 * Everything the code knows about one field type, read by validation, storage,
 * references, samples and the declaration check (entities/fieldTypes/index.ts).
 */
export interface FieldTypeDescription<T extends FieldType> {
  /** The value when nothing was given, and what `null` clears a field to. */
  empty: () => unknown;
  /** What a required field given empty is told. */
  emptyCode: 'blank' | 'emptyList' | 'null';
  /** Empty beyond null, '' and []: rich text without text, an SEO block with nothing in it. */
  isEmpty?: (value: unknown) => boolean;
  /** A value other than null: its normalized form, or INVALID with problems added under `path`. */
  validate: (field: FieldOf<T>, raw: NonNullable<unknown>, path: string, errors: Errors, nested: Nested) => unknown;
  /** Its column in the entity's table; absent: a join table (`join`) or no column the engine makes. */
  column?: ColumnKind;
  /** Kept in a join table `<table>_<field>` (a list of ids). */
  join?: true;
  /** Its value is a reference (a column or a join table), so never per language. */
  relational?: true;
  /** A list may be sorted by it. */
  sortable?: true;
  /** The `search` parameter may match its words. */
  searchable?: true;
  /** Adds the references the value holds. */
  refs?: (field: FieldOf<T>, value: unknown, path: string, out: RefSite[], nested: Nested) => void;
  /** A valid value; `n` makes it differ between rows. */
  sample: (field: FieldOf<T>, n: number, refs: SampleRefs, label: string, nested: Nested) => unknown;
  /** Values of the type that validation must refuse. */
  invalid: (field: FieldOf<T>, add: AddInvalid, nested: Nested) => void;
  /** Its spreadsheet cell; null: the value never leaves the server in a file (a password). */
  cell: CellCodec<T> | null;
}
