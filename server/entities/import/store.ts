/** What an import keeps beside its job (migration 0024): the mapping a user last used, and each row's outcome. */
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import { nowIso } from '../../services/clock.js';
import type { Owner } from '../../services/jobs/store.js';
import { LIVE } from '../../services/jobs/store.js';
import { IMPORT, type ImportMode, type ImportPayload } from './job.js';

type DB = Kysely<DatabaseSchema>;

export interface SavedMapping {
  mapping: Record<string, string>;
  mode: ImportMode;
  key: string;
  updated_at: string;
}

export async function saveMapping(db: DB, owner: Owner, entity: string, mapping: Record<string, string>, options: { mode: ImportMode; key: string }) {
  const row = {
    tenant_id: owner.tenantId,
    user_id: owner.userId,
    entity,
    mapping: JSON.stringify(mapping),
    options: JSON.stringify(options),
    updated_at: nowIso(),
  };
  await db
    .insertInto('import_mappings')
    .values(row)
    .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'entity']).doUpdateSet({ mapping: row.mapping, options: row.options, updated_at: row.updated_at }))
    .execute();
}

export async function savedMapping(db: DB, owner: Owner, entity: string): Promise<SavedMapping | null> {
  const row = await db
    .selectFrom('import_mappings')
    .select(['mapping', 'options', 'updated_at'])
    .where('tenant_id', '=', owner.tenantId)
    .where('user_id', '=', owner.userId)
    .where('entity', '=', entity)
    .executeTakeFirst();
  if (!row) return null;
  const options = JSON.parse(row.options) as { mode: ImportMode; key: string };
  return { mapping: JSON.parse(row.mapping) as Record<string, string>, mode: options.mode, key: options.key, updated_at: row.updated_at };
}

/** The rows files of imports still queued or running: the sweep leaves them. */
export async function liveImportFiles(db: DB): Promise<Set<string>> {
  const rows = await db.selectFrom('jobs').select('payload').where('kind', '=', IMPORT).where('status', 'in', LIVE).execute();
  return new Set(rows.map((r) => (JSON.parse(r.payload) as ImportPayload).file));
}

export interface RowOutcome {
  line: number;
  outcome: string;
  row_id: number | null;
  changes: string[];
  /** An error row's problems, as its report lines say them (the column as in the file). */
  problems: Array<{ field: string; message: string }>;
}

export const OUTCOMES = ['created', 'updated', 'unchanged', 'error'] as const;

/** A page of a job's row outcomes in line order, after line `after`, optionally of one outcome. */
export async function rowOutcomes(db: DB, jobId: number, opts: { after: number; size: number; outcome?: string }): Promise<RowOutcome[]> {
  let q = db.selectFrom('job_rows').select(['line', 'outcome', 'row_id', 'changes']).where('job_id', '=', jobId).where('line', '>', opts.after);
  if (opts.outcome !== undefined) q = q.where('outcome', '=', opts.outcome);
  const rows = await q.orderBy('line').limit(opts.size).execute();
  const problems = await problemsOf(
    db,
    jobId,
    rows.filter((r) => r.outcome === 'error').map((r) => String(r.line)),
  );
  return rows.map((r) => ({
    line: Number(r.line),
    outcome: r.outcome,
    row_id: r.row_id === null ? null : Number(r.row_id),
    changes: r.changes ? (JSON.parse(r.changes) as string[]) : [],
    problems: problems.get(String(r.line)) ?? [],
  }));
}

/** The report lines of the given rows (a problem's `ref` is its row's line), by line, in the order met. */
async function problemsOf(db: DB, jobId: number, lines: string[]): Promise<Map<string, RowOutcome['problems']>> {
  const out = new Map<string, RowOutcome['problems']>();
  if (lines.length === 0) return out;
  const found = await db
    .selectFrom('job_errors')
    .select(['ref', 'field', 'message'])
    .where('job_id', '=', jobId)
    .where('ref', 'in', lines)
    .orderBy('id')
    .execute();
  for (const p of found) out.set(p.ref, [...(out.get(p.ref) ?? []), { field: p.field, message: p.message }]);
  return out;
}
