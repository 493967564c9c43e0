/**
 * The runner's side of an import (docs/decisions.md §27): the next rows of the job's file from
 * the byte offset its checkpoint holds, each row through the entity engine's own create or
 * update (the form's validator, the database checks, revisions) in the batch's transaction.
 * Each row is written under a savepoint, so a row that fails leaves nothing and never stops
 * the others; a dry run rolls the whole batch back and keeps only the outcomes. With
 * `all_or_nothing` the file is one batch, rolled back entirely when any row fails.
 *
 * A row's outcome: created, updated (with the columns it changes), unchanged (its cells
 * say what the row already holds: nothing is written, no revision), or error (its line,
 * the column and the message, in the job's report).
 */
import { type Kysely, sql } from 'kysely';
import { type CellColumn, cellColumns, cellsRecord } from '../../../entities/cells.js';
import type { EntityDef } from '../../../entities/define.js';
import { cellText } from '../../../entities/fieldTypes/cellForms.js';
import type { Errors } from '../../../entities/problems.js';
import { validateRecord } from '../../../entities/validateRecord.js';
import type { Actor } from '../../activity/actor.js';
import { FieldErrors, HttpError } from '../../errors.js';
import { problemText } from '../../problemText.js';
import type { JobKind, JobProblem } from '../../services/jobs/kinds.js';
import { contextForSite, dialectOf, type EngineContext, hasTable } from '../context.js';
import type { Loaded } from '../read.js';
import { MEDIA_TABLE } from '../references.js';
import { diffRecords } from '../../../entities/recordDiff.js';
import { sanitizeRecord } from '../richtext.js';
import { insertRecord, writeUpdate } from '../write.js';
import { referencedKeys, rowsByKey } from './keys.js';
import { readRows } from './rowsFile.js';
import type { SheetRow } from './sheet.js';

export const IMPORT = 'import';
/** Rows per batch: one short transaction each, so requests keep their turn. */
const BATCH = 200;

export type ImportMode = 'create' | 'update' | 'upsert';

export interface ImportPayload {
  entity: string;
  /** The rows, written when the import was asked (rowsFile.ts). */
  file: string;
  /** Per column of the file, the entity's column it feeds (`name.it`), or '' when none. */
  columns: string[];
  mode: ImportMode;
  /** The entity's column that finds existing rows: `id`, or one of its `importKeys` (`sku`, `slug.it`). */
  key: string;
  dryRun: boolean;
  allOrNothing: boolean;
  /** Lines whose key an earlier line of the file has already: line → that line. */
  duplicates: Record<string, number>;
  actor: Actor;
}

export interface ImportSummary {
  created: number;
  updated: number;
  unchanged: number;
  error: number;
  /** False when nothing was written: a dry run, or all-or-nothing with an error. */
  written: boolean;
}

interface Checkpoint {
  offset: number;
  summary: ImportSummary;
}

type Outcome = 'created' | 'updated' | 'unchanged' | 'error';

interface RowResult {
  line: number;
  outcome: Outcome;
  rowId: number | null;
  changes: string[];
  problems: JobProblem[];
}

/** An engine problem path as the file's column: `translations.it.name.0` → `name.it.0`. */
const columnOfPath = (path: string) => path.replace(/^translations\.([^.]+)\.([^.]+)/, '$2.$1');

const problemsOf = (line: number, errors: Errors): JobProblem[] =>
  Object.entries(errors).flatMap(([path, list]) => list.map((p) => ({ ref: String(line), field: columnOfPath(path), message: problemText(p) })));

const failed = (line: number, field: string, message: string): RowResult => ({
  line,
  outcome: 'error',
  rowId: null,
  changes: [],
  problems: [{ ref: String(line), field, message }],
});

/** A write's refusal as the row's problems; anything else is the batch's failure. */
function refusal(line: number, e: unknown): RowResult {
  if (e instanceof FieldErrors) return { line, outcome: 'error', rowId: null, changes: [], problems: problemsOf(line, e.problems) };
  if (e instanceof HttpError && e.statusCode < 500) return failed(line, '', e.message);
  throw e;
}

/** Runs `fn` under a savepoint: its writes stay only when it returns without a refusal. */
async function savepoint(db: Kysely<any>, name: string, fn: () => Promise<RowResult>, keep: (r: RowResult) => boolean): Promise<RowResult> {
  await sql.raw(`savepoint ${name}`).execute(db);
  let result: RowResult;
  try {
    result = await fn();
  } catch (e) {
    await sql.raw(`rollback to savepoint ${name}`).execute(db);
    await sql.raw(`release savepoint ${name}`).execute(db);
    throw e;
  }
  if (!keep(result)) await sql.raw(`rollback to savepoint ${name}`).execute(db);
  await sql.raw(`release savepoint ${name}`).execute(db);
  return result;
}

interface Batch {
  ctx: EngineContext;
  entity: EntityDef;
  p: ImportPayload;
  columns: CellColumn[];
  keyAt: number;
}

/** The columns in the file's order: each file column's entity column, or none. */
function fileColumns(entity: EntityDef, languages: readonly string[], mapped: readonly string[]): CellColumn[] {
  const all = new Map(cellColumns(entity, languages).map((c) => [c.header, c]));
  return mapped.map((header) => all.get(header) ?? { header: '' });
}

async function importRow(b: Batch, row: SheetRow, keyValue: string, found: Loaded[] | undefined, keys: Parameters<typeof cellsRecord>[2]): Promise<RowResult> {
  const { ctx, entity, p } = b;
  const { line } = row;
  const key = p.key;
  const first = p.duplicates[String(line)];
  if (first !== undefined) return failed(line, key, `The same ${key} as line ${first}: this row is left out.`);
  if (found && found.length > 1) return failed(line, key, `${found.length} rows have this ${key}: name the row by another key.`);
  const existing = found?.[0];
  if (existing && p.mode === 'create') return failed(line, key, `A row with this ${key} exists already (create only).`);
  if (!existing && (p.mode === 'update' || (key === 'id' && keyValue !== ''))) {
    return failed(line, key, keyValue === '' ? `Give the ${key} of the row to update.` : `No row of this site has this ${key}.`);
  }
  const { body, errors } = cellsRecord(b.columns, row.cells, keys);
  if (Object.keys(errors).length) return { line, outcome: 'error', rowId: null, changes: [], problems: problemsOf(line, errors) };
  try {
    if (!existing) {
      const id = await insertRecord(ctx, entity, body);
      return { line, outcome: 'created', rowId: id, changes: [], problems: [] };
    }
    const id = Number(existing.row.id);
    const checked = validateRecord(entity, body, {
      mode: 'patch',
      languages: ctx.site.languages,
      defaultLanguage: ctx.site.default_language,
      existing: existing.record,
    });
    if (Object.keys(checked.errors).length) return { line, outcome: 'error', rowId: null, changes: [], problems: problemsOf(line, checked.errors) };
    sanitizeRecord(entity, checked.record);
    const changes = diffRecords(existing.record, checked.record).map((c) => (c.language === null ? c.field : `${c.field}.${c.language}`));
    if (!changes.length) return { line, outcome: 'unchanged', rowId: id, changes, problems: [] };
    await writeUpdate(ctx, entity, id, body, { partial: true, version: Number(existing.row.version) });
    return { line, outcome: 'updated', rowId: id, changes, problems: [] };
  } catch (e) {
    return refusal(line, e);
  }
}

/** Each row of the batch, in order; a row sees the rows written before it. */
async function importRows(b: Batch, rows: readonly SheetRow[]): Promise<RowResult[]> {
  const keyCol = b.columns[b.keyAt];
  // A create-only import may map no key: every row is new.
  const keyValues = rows.map((r) => (keyCol ? cellText(r.cells[b.keyAt] ?? null).trim() : ''));
  const [found, keys] = await Promise.all([
    keyCol ? rowsByKey(b.ctx, b.entity, keyCol, keyValues) : new Map<string, Loaded[]>(),
    referencedKeys(
      b.ctx,
      b.columns,
      rows.map((r) => r.cells),
    ),
  ]);
  const out: RowResult[] = [];
  for (const [i, row] of rows.entries()) {
    const value = keyValues[i]!;
    out.push(
      await savepoint(
        b.ctx.db,
        'import_row',
        () => importRow(b, row, value, value === '' ? undefined : found.get(value), keys),
        (r) => r.outcome !== 'error',
      ),
    );
  }
  return out;
}

async function recordOutcomes(db: Kysely<any>, jobId: number, results: readonly RowResult[]) {
  for (let i = 0; i < results.length; i += 500) {
    const values = results.slice(i, i + 500).map((r) => ({
      job_id: jobId,
      line: r.line,
      outcome: r.outcome,
      row_id: r.rowId,
      changes: r.changes.length ? JSON.stringify(r.changes) : '',
    }));
    await db.insertInto('job_rows').values(values).execute();
  }
}

const EMPTY: ImportSummary = { created: 0, updated: 0, unchanged: 0, error: 0, written: true };

export function importKind(): JobKind {
  let media: boolean | undefined;
  return {
    name: IMPORT,
    async batch(db, job) {
      const p = job.payload as ImportPayload;
      const at = (job.checkpoint as Checkpoint | null) ?? { offset: 0, summary: { ...EMPTY, written: !p.dryRun } };
      media ??= await hasTable(db, dialectOf(db), MEDIA_TABLE);
      const site = await contextForSite(db, job.tenantId, { media });
      if (!site) throw new Error(`site ${job.tenantId} is gone`);
      const ctx: EngineContext = { ...site, actor: p.actor };
      const entity = ctx.registry.get(p.entity);
      const columns = fileColumns(entity, ctx.site.languages, p.columns);
      const b: Batch = { ctx, entity, p, columns, keyAt: p.columns.indexOf(p.key) };
      // All or nothing: the whole file (bounded when asked) in this one transaction.
      const { rows, next } = await readRows(p.file, at.offset, p.allOrNothing ? Number.MAX_SAFE_INTEGER : BATCH);
      let results: RowResult[] = [];
      await savepoint(
        db,
        'import_batch',
        async () => {
          results = await importRows(b, rows);
          return results.find((r) => r.outcome === 'error') ?? results[0] ?? { line: 0, outcome: 'unchanged', rowId: null, changes: [], problems: [] };
        },
        (r) => !p.dryRun && !(p.allOrNothing && r.outcome === 'error'),
      );
      const summary = { ...at.summary };
      for (const r of results) summary[r.outcome] += 1;
      if (p.allOrNothing && summary.error > 0) summary.written = false;
      await recordOutcomes(db, job.id, results);
      const checkpoint: Checkpoint = { offset: next ?? at.offset, summary };
      return { checkpoint, done: rows.length, problems: results.flatMap((r) => r.problems), finished: next === null || p.allOrNothing };
    },
  };
}
