import type { Paginator } from '../entities/paginator';

export type { Paginator };

export type RowId = number | string;
export interface Row {
  id: RowId;
  [field: string]: unknown;
}

/** The list's query (docs/decisions.md §4), mirrored in the URL: `?page=&items=&sort=a,-b&search=&fltr=field=value`. */
export interface ListQuery {
  page: number;
  items: number;
  /** `['name', '-created_at']`: a leading minus sorts descending; the first is the primary key. */
  sort: string[];
  search: string;
  /** One value per field; the API gets `fltr=field=value` each. */
  filters: Record<string, string>;
}

export interface ListDefaults {
  items: number;
  sort: string[];
}

/** What a list declaration lets the URL carry; anything else in the URL is dropped. */
export interface ListFields {
  sortFields?: string[];
  filterFields?: string[];
}

/** `GET /api/<resource>/` */
export interface PageAnswer<T extends Row = Row> {
  items: T[];
  paginator: Paginator;
}

export interface FetchPageInput {
  resource: string;
  query: ListQuery;
}

/** The file formats of an export (docs/decisions.md §21). */
export type ExportFormat = 'csv' | 'xlsx';

/** What an export holds: every row the list shows (its search, filters and sort), or the ticked ones. */
export type ExportRows = 'list' | 'selected';

/** `GET /api/<resource>/export/?format=…&<the list's query>[&ids=…]`, downloaded through the browser. */
export interface ExportRowsInput {
  resource: string;
  format: ExportFormat;
  query: ListQuery;
  /** The ticked rows, for `selected`. */
  ids?: RowId[];
}

/**
 * How a bulk edit changes its field (docs/decisions.md §24): a value set, a number moved by
 * an amount or a percentage, or links added to or removed from a many-to-many.
 */
export type BulkOp = 'set' | 'amount' | 'percent' | 'add' | 'remove';

/** The bulk edit dialog's choice: on which rows, which field, how, to what. */
export interface BulkEditDraft {
  rows: ExportRows;
  field: string;
  op: BulkOp;
  value: unknown;
  /** The server's 400 by path (`set.<field>`, `ids`, `filter`). */
  errors: FieldErrors;
  /** Why the last ask failed otherwise. */
  failure: LoadError | null;
}

/** `POST /api/<resource>/bulk_update/ {ids | filter, set}` → the job it queued. */
export interface BulkUpdateInput {
  resource: string;
  set: Record<string, unknown>;
  ids?: RowId[];
  /** The list's own search and filters, for every row they match. */
  filter?: Record<string, string | string[]>;
}

export interface DeleteRowsInput {
  resource: string;
  ids: RowId[];
}

import type { FieldErrors } from './entityForm.types';
import type { BootError as LoadError } from './session.types';

export type { ConfirmInput, Notice } from './shell.types';
export type { LoadError };
