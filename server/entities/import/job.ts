/**
 * The runner's side of an import (docs/decisions.md §27): the next rows of the job's file from
 * the byte offset its checkpoint holds, each row through its target's own create or update
 * (target.ts: the entity engine's form paths, or the accounts' API write path, §33) in the
 * batch's transaction. New rows are created together (the engine's batched create, §32), an
 * update under a savepoint of its own, so a row that fails leaves nothing and never stops the
 * others; a dry run rolls the whole batch back and keeps only the outcomes. With
 * `all_or_nothing` the file is one batch, rolled back entirely when any row fails.
 *
 * A row's outcome: created, updated (with the columns it changes), unchanged (its cells
 * say what the row already holds: nothing is written, no revision), or error (its line,
 * the column and the message, in the job's report).
 */
import fs from 'node:fs';
import type { Kysely } from 'kysely';
import { type CellColumn, cellsRecord } from '../../../entities/cells.js';
import { cellText } from '../../../entities/fieldTypes/cellForms.js';
import type { CellKeys } from '../../../entities/fieldTypes/description.js';
import type { Errors } from '../../../entities/problems.js';
import type { Actor } from '../../activity/actor.js';
import { FieldErrors, HttpError } from '../../errors.js';
import { problemText } from '../../problemText.js';
import { ChunkSizer, transactionMsFor } from '../../services/jobs/chunks.js';
import type { HeldJob, JobKind, JobProblem } from '../../services/jobs/kinds.js';
import { contextForSite, dialectOf, type EngineContext, hasTable } from '../context.js';
import { MEDIA_TABLE } from '../references.js';
import { savepoint } from '../savepoint.js';
import { type AccountsImport, accountsTarget } from '../../users/importTarget.js';
import { engineTarget } from './engineTarget.js';
import { readRows } from './rowsFile.js';
import type { SheetRow } from './sheet.js';
import type { ImportTarget } from './target.js';

export const IMPORT = 'import';
/**
 * Rows a batch reads at most; its transaction writes as many of them as fit in its time. A
 * batch reads twice the rows its sizer's next chunk takes (readAhead): on SQLite, whose
 * transactions last 10 ms, a batch writes a few dozen rows, and every batch had parsed 200 to
 * write them. On PostgreSQL a 200-ms transaction writes the whole batch: 500 rows a batch
 * made an import 12 % faster than 200 (1,988 → 2,229 rows/s), 1,000 no faster than 500.
 */
const BATCH = 500;

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
  /** Set for an import of accounts (server/users/importTarget.ts): who the roster is, else the entity engine's rows. */
  accounts?: AccountsImport;
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

interface Batch {
  target: ImportTarget<unknown>;
  p: ImportPayload;
  columns: CellColumn[];
  keyAt: number;
}

/** The columns in the file's order: each file column's target column, or none. */
function fileColumns(target: ImportTarget<unknown>, mapped: readonly string[]): CellColumn[] {
  const all = new Map(target.columns.map((c) => [c.header, c]));
  return mapped.map((header) => all.get(header) ?? { header: '' });
}

/** A new row's body, written with the other new rows around it (importRows). */
interface ToCreate {
  line: number;
  body: Record<string, unknown>;
}

/** The row's outcome, or its body when it creates a row; an update first lets the new rows before it be written. */
async function importRow(
  db: Kysely<any>,
  b: Batch,
  row: SheetRow,
  keyValue: string,
  found: unknown[] | undefined,
  keys: CellKeys,
  beforeUpdate: () => Promise<void>,
): Promise<RowResult | ToCreate> {
  const { target, p } = b;
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
  if (existing === undefined) return { line, body };
  await beforeUpdate();
  return savepoint(
    db,
    'import_row',
    async (): Promise<RowResult> => {
      try {
        const changes = await target.update(existing, body);
        return { line, outcome: changes.length ? 'updated' : 'unchanged', rowId: target.idOf(existing), changes, problems: [] };
      } catch (e) {
        return refusal(line, e);
      }
    },
    (r) => r.outcome !== 'error',
  );
}

/**
 * Each row of the batch, in order; a row sees the rows written before it. New rows are
 * created together by the target (the engine's batched create: each row's outcome as if
 * alone), up to the next update, so writes keep the file's order.
 */
async function importRows(db: Kysely<any>, b: Batch, rows: readonly SheetRow[]): Promise<RowResult[]> {
  const keyCol = b.columns[b.keyAt];
  // A create-only import may map no key: every row is new.
  const keyValues = rows.map((r) => (keyCol ? cellText(r.cells[b.keyAt] ?? null).trim() : ''));
  const [found, keys] = await Promise.all([
    keyCol ? b.target.find(keyCol, keyValues) : new Map<string, unknown[]>(),
    b.target.keys(
      b.columns,
      rows.map((r) => r.cells),
    ),
  ]);
  const out: RowResult[] = [];
  let pending: Array<ToCreate & { at: number }> = [];
  const create = async () => {
    const made = await b.target.createMany(pending.map((c) => c.body));
    made.forEach((m, i) => {
      const { line, at } = pending[i]!;
      out[at] = 'id' in m ? { line, outcome: 'created', rowId: m.id, changes: [], problems: [] } : refusal(line, m.refused);
    });
    pending = [];
  };
  for (const [i, row] of rows.entries()) {
    const value = keyValues[i]!;
    const step = await importRow(db, b, row, value, value === '' ? undefined : found.get(value), keys, async () => {
      if (pending.length) await create();
    });
    if ('body' in step) pending.push({ ...step, at: i });
    else out[i] = step;
  }
  if (pending.length) await create();
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

/** What a batch reads of the rows file before its transaction opens (readRows). */
type ReadBatch = Awaited<ReturnType<typeof readRows>>;

const checkpointOf = (job: HeldJob, p: ImportPayload): Checkpoint =>
  (job.checkpoint as Checkpoint | null) ?? { offset: 0, summary: { ...EMPTY, written: !p.dryRun } };

/**
 * `transactionMs` bounds a batch's transaction (chunks.ts; by default the dialect's): it writes
 * the rows read in chunks until it has run that long, and its checkpoint is the offset after
 * the last row it wrote. All or nothing is the whole file in one transaction, however long.
 */
export function importKind(opts: { transactionMs?: number } = {}): JobKind<ReadBatch> {
  let media: boolean | undefined;
  let chunks: ChunkSizer | undefined;
  /** The engine's rows of the job's site, written as the user who asked. */
  async function entityTarget(db: Kysely<any>, tenantId: number, p: ImportPayload) {
    media ??= await hasTable(db, dialectOf(db), MEDIA_TABLE);
    const site = await contextForSite(db, tenantId, { media });
    if (!site) throw new Error(`site ${tenantId} is gone`);
    const ctx: EngineContext = { ...site, actor: p.actor };
    return engineTarget(ctx, ctx.registry.get(p.entity)) as ImportTarget<unknown>;
  }
  return {
    name: IMPORT,
    discard: (payload) => fs.promises.rm((payload as ImportPayload).file, { force: true }),
    // The file is read before the transaction opens: no transaction waits for the disk.
    prepare(job) {
      const p = job.payload as ImportPayload;
      const readAhead = chunks ? Math.min(BATCH, chunks.next * 2) : BATCH;
      return readRows(p.file, checkpointOf(job, p).offset, p.allOrNothing ? Number.MAX_SAFE_INTEGER : readAhead);
    },
    async batch(db, job, read) {
      const p = job.payload as ImportPayload;
      const at = checkpointOf(job, p);
      const target = p.accounts ? accountsTarget(db, job.tenantId, p) : await entityTarget(db, job.tenantId, p);
      const b: Batch = { target, p, columns: fileColumns(target, p.columns), keyAt: p.columns.indexOf(p.key) };
      const sizer = (chunks ??= new ChunkSizer(opts.transactionMs ?? transactionMsFor(dialectOf(db)), BATCH));
      const results: RowResult[] = [];
      await savepoint(
        db,
        'import_batch',
        async () => {
          if (p.allOrNothing) results.push(...(await importRows(db, b, read.rows)));
          else await sizer.fill(read.rows, async (chunk) => void results.push(...(await importRows(db, b, chunk))));
          return results.find((r) => r.outcome === 'error') ?? results[0] ?? { line: 0, outcome: 'unchanged', rowId: null, changes: [], problems: [] };
        },
        (r) => !p.dryRun && !(p.allOrNothing && r.outcome === 'error'),
      );
      const summary = { ...at.summary };
      for (const r of results) summary[r.outcome] += 1;
      if (p.allOrNothing && summary.error > 0) summary.written = false;
      await recordOutcomes(db, job.id, results);
      const checkpoint: Checkpoint = { offset: results.length ? read.ends[results.length - 1]! : at.offset, summary };
      const allRead = results.length === read.rows.length && read.next === null;
      return { checkpoint, done: results.length, problems: results.flatMap((r) => r.problems), finished: allRead || p.allOrNothing };
    },
  };
}
