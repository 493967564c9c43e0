/**
 * What an import's rows are written into (docs/decisions.md §27, §33): the entity engine's rows
 * (engineTarget.ts), or a collection served by a write path of its own — the accounts
 * (server/users/importTarget.ts). The job (job.ts) keeps everything else: the rows file, the
 * batches and their savepoints, the modes and keys, dry run, outcomes and the report. A write
 * refuses a row by throwing what its API would answer (FieldErrors, a 4xx HttpError).
 */
import type { CellColumn } from '../../../entities/cells.js';
import type { CellInput, CellKeys } from '../../../entities/fieldTypes/description.js';

export interface ImportTarget<R> {
  /** The columns a file may feed, by header (`name.it`). */
  columns: readonly CellColumn[];
  /** The rows each key value names within the target's bounds (several when the key is not unique). */
  find(key: CellColumn, values: readonly string[]): Promise<Map<string, R[]>>;
  /** The references the rows' cells name, resolved once for the batch. */
  keys(columns: readonly CellColumn[], rows: readonly CellInput[][]): Promise<CellKeys>;
  idOf(row: R): number;
  /**
   * Creates the rows `bodies` describe, together where the target can (the engine's batched
   * create): each row's id, or what refused it — as if it had been created alone.
   */
  createMany(bodies: readonly Record<string, unknown>[]): Promise<Array<{ id: number } | { refused: unknown }>>;
  /** Writes what `body` changes of `row`: the columns it changes; none when nothing differs, and then nothing is written. */
  update(row: R, body: Record<string, unknown>): Promise<string[]>;
}
