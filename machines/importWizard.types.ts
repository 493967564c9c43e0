/** What the import wizard reads and sends (docs/decisions.md §27, §31). */
import type { FieldErrors } from './entityForm.types';
import type { Job, LoadError } from './jobs.types';

export type { FieldErrors, Job, LoadError };

export type ImportMode = 'create' | 'update' | 'upsert';
export const IMPORT_MODES: readonly ImportMode[] = ['create', 'update', 'upsert'];

export type RowOutcomeKind = 'created' | 'updated' | 'unchanged' | 'error';
export const OUTCOME_KINDS: readonly RowOutcomeKind[] = ['created', 'updated', 'unchanged', 'error'];

/** `GET /api<path>/import/mapping/`: what a file may map to, the keys it may name rows by, and the user's last choice. */
export interface ImportSetup {
  columns: string[];
  keys: string[];
  saved: { mapping: Record<string, string>; mode: ImportMode; key: string } | null;
}

/** `POST /api<path>/import/headers/`: the file's headers and the column offered for each ('' leaves it out). */
export interface FileHeaders {
  headers: string[];
  mapping: Record<string, string>;
}

/** `GET /api/jobs/<id>/rows/` items: one row's outcome. */
export interface RowOutcome {
  line: number;
  outcome: RowOutcomeKind;
  row_id: number | null;
  changes: string[];
  problems: Array<{ field: string; message: string }>;
}

export interface RowsPage {
  items: RowOutcome[];
  /** The line to read after for the next page; null at the end. */
  next: number | null;
}

/** The file as the wizard holds it: a browser `File` (a name and its bytes). */
export type ChosenFile = Blob & { readonly name: string };

export interface ImportOptions {
  mapping: Record<string, string>;
  mode: ImportMode;
  key: string;
  dry_run: boolean;
  all_or_nothing: boolean;
}

export interface ResourceInput {
  resource: string;
}
export interface HeadersInput extends ResourceInput {
  file: ChosenFile;
}
export interface StartInput extends HeadersInput {
  options: ImportOptions;
}
export interface JobInput {
  id: number;
}
export interface RowsInput extends JobInput {
  after: number;
  outcome: RowOutcomeKind | null;
}
