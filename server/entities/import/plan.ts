/**
 * An import as asked (`POST /api<path>/import/`, docs/decisions.md §27): its options checked,
 * the uploaded file read once — its header row mapped to the entity's columns (as given, or
 * guessed: mapping.ts), its rows written to the job's own file (rowsFile.ts) while they are
 * counted and rows repeating an earlier row's key noted — and the job's payload. Anything
 * wrong with the options or the file answers 400 before a job exists.
 */
import fs from 'node:fs';
import { z } from 'zod';
import { type CellColumn, cellColumns } from '../../../entities/cells.js';
import type { EntityDef } from '../../../entities/define.js';
import { cellText } from '../../../entities/fieldTypes/cellForms.js';
import type { Action } from '../../../entities/permissions.js';
import type { Actor } from '../../activity/actor.js';
import { fieldError, FieldErrors } from '../../errors.js';
import { parseOr400 } from '../../schemas.js';
import type { EngineContext } from '../context.js';
import type { ImportMode, ImportPayload } from './job.js';
import { guessMapping } from './mapping.js';
import { writeRows } from './rowsFile.js';
import { type SheetRow, sheetRows } from './sheet.js';

/** Rows an all-or-nothing import takes: one transaction, which must end well within the runner's 60 s lease. */
export const MAX_ATOMIC_ROWS = 2000;

export const importOptions = z.object({
  /** File header → the entity's column (`name.it`); '' leaves the header out. */
  mapping: z.record(z.string().max(200), z.string().max(200)).optional(),
  mode: z.enum(['create', 'update', 'upsert']).default('upsert'),
  key: z.string().max(200).optional(),
  dry_run: z.boolean().default(false),
  all_or_nothing: z.boolean().default(false),
});
export type ImportOptions = z.output<typeof importOptions>;

/** What each mode may do to rows: create needs `add`, update `change`, upsert both. */
export const MODE_ACTIONS: Record<ImportMode, readonly Action[]> = { create: ['add'], update: ['change'], upsert: ['add', 'change'] };

export const parseImportOptions = (raw: unknown) => parseOr400(importOptions, raw);

/** The columns a file may name rows by: `id`, and each of the entity's `importKeys` (per language when translated). */
export function keyColumns(entity: EntityDef, columns: readonly CellColumn[]): string[] {
  const keys = new Set(entity.importKeys ?? []);
  return columns.filter((c) => !c.field || keys.has(c.field.name)).map((c) => c.header);
}

/** What a file is read against: the target's name, its columns, the key columns and the default key. */
export interface ImportShape {
  name: string;
  columns: readonly CellColumn[];
  keys: readonly string[];
  defaultKey: string;
  /** The language a translated field's label alone stands for (mapping.ts). */
  defaultLanguage: string;
}

/** An entity's file: its columns on the site, keyed by its first import key (in the site's default language when translated). */
export function entityShape(ctx: EngineContext, entity: EntityDef): ImportShape {
  const columns = cellColumns(entity, ctx.site.languages);
  const keys = keyColumns(entity, columns);
  const first = entity.importKeys?.[0];
  const name = first === undefined ? 'id' : entity.fields[first]?.translated ? `${first}.${ctx.site.default_language}` : first;
  return { name: entity.name, columns, keys, defaultKey: keys.includes(name) ? name : 'id', defaultLanguage: ctx.site.default_language };
}

/** The key asked, or the shape's default. */
function keyOf(shape: ImportShape, asked: string | undefined): string {
  if (asked === undefined) return shape.defaultKey;
  if (!shape.keys.includes(asked)) throw fieldError('key', 'importColumn', { value: asked.slice(0, 40) });
  return asked;
}

/** Header → column, checked against the file and the entity. */
function checkedMapping(given: Record<string, string>, headers: readonly string[], columns: readonly CellColumn[]): Record<string, string> {
  const known = new Set(columns.map((c) => c.header));
  const taken = new Set<string>();
  const out: Record<string, string> = {};
  for (const [header, column] of Object.entries(given)) {
    // Left out on purpose: kept, so the user's saved mapping leaves it out next time too.
    if (column === '') {
      if (headers.includes(header)) out[header] = '';
      continue;
    }
    if (!headers.includes(header)) throw fieldError(`mapping.${header.slice(0, 40)}`, 'importHeader', { value: header.slice(0, 40) });
    if (!known.has(column)) throw fieldError(`mapping.${header.slice(0, 40)}`, 'importColumn', { value: column.slice(0, 40) });
    if (taken.has(column)) throw fieldError(`mapping.${header.slice(0, 40)}`, 'importColumnTwice', { value: column.slice(0, 40) });
    taken.add(column);
    out[header] = column;
  }
  return out;
}

export interface ImportPlan {
  payload: ImportPayload;
  total: number;
  mapping: Record<string, string>;
}

const unreadable = (e: unknown) => fieldError('file', 'importUnreadable', { value: String((e as Error)?.message ?? e).slice(0, 200) });

/** The header row of a sheet's rows, trimmed; 400 when the file cannot be read or is empty. */
async function headerRow(rows: AsyncGenerator<SheetRow>): Promise<string[]> {
  let head: IteratorResult<SheetRow>;
  try {
    head = await rows.next();
  } catch (e) {
    throw unreadable(e);
  }
  if (head.done) throw fieldError('file', 'importEmpty');
  return head.value.cells.map((c) => cellText(c).trim());
}

/** The headers of a staged upload, read by the import's own reader; the rest of the file is left unread. */
export async function fileHeaders(staged: string): Promise<string[]> {
  const rows = sheetRows(staged);
  try {
    return await headerRow(rows);
  } finally {
    await rows.return(undefined);
  }
}

/** Reads the staged upload into the job's rows file under `dir`; the job's payload. */
export async function planImport(shape: ImportShape, staged: string, dir: string, options: ImportOptions, actor: Actor): Promise<ImportPlan> {
  const { columns } = shape;
  const rows = sheetRows(staged);
  const headers = await headerRow(rows);
  const mapping = options.mapping ? checkedMapping(options.mapping, headers, columns) : guessMapping(columns, shape.defaultLanguage, headers);
  const mapped = headers.map((h) => mapping[h] ?? '');
  if (!mapped.some((m) => m !== '' && m !== 'id')) throw fieldError('mapping', 'importNothing');
  const key = keyOf(shape, options.key);
  const keyAt = mapped.indexOf(key);
  if (keyAt < 0 && options.mode !== 'create') throw fieldError('key', 'importKeyUnmapped', { value: key });
  const seen = new Map<string, number>();
  const duplicates: Record<string, number> = {};
  let total = 0;
  const body = (async function* () {
    try {
      for (let r = await rows.next(); !r.done; r = await rows.next()) yield r.value;
    } catch (e) {
      throw unreadable(e);
    }
  })();
  const file = await writeRows(dir, body, (row) => {
    total += 1;
    if (options.all_or_nothing && total > MAX_ATOMIC_ROWS) throw fieldError('all_or_nothing', 'importTooMany', { count: MAX_ATOMIC_ROWS });
    const value = keyAt < 0 ? '' : cellText(row.cells[keyAt] ?? null).trim();
    if (value === '') return;
    const first = seen.get(value);
    if (first === undefined) seen.set(value, row.line);
    else duplicates[String(row.line)] = first;
  }).catch((e: unknown) => {
    throw e instanceof FieldErrors ? e : unreadable(e);
  });
  const payload: ImportPayload = {
    entity: shape.name,
    file,
    columns: mapped,
    mode: options.mode,
    key,
    dryRun: options.dry_run,
    allOrNothing: options.all_or_nothing,
    duplicates,
    actor,
  };
  return { payload, total, mapping };
}

/** Removes the rows files of imports that are no longer live (finished, failed, cancelled) or never became a job. */
export async function sweepImportFiles(dir: string, live: ReadonlySet<string>, olderThanMs: number, now = Date.now()) {
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const file = `${dir}/${name}`;
    if (live.has(file)) continue;
    const stat = await fs.promises.stat(file).catch(() => undefined);
    if (stat && now - stat.mtimeMs > olderThanMs) await fs.promises.rm(file, { force: true });
  }
}
