/**
 * A child process that runs SELECTs for the parent's ReadPool (readPool.ts) on a read-only
 * connection of its own to the SQLite file: WAL lets it read beside the server's writer,
 * and a read that outruns its budget is ended by killing this process, which no thread
 * could be (docs/decisions.md §2, "Reads that may take long").
 */
import SqliteDatabase from 'better-sqlite3';

export interface ReadJob {
  id: number;
  sql: string;
  params: unknown[];
}

/** Rows as arrays in the order of `columns`: less to serialise than an object per row. */
export type ReadAnswer = { id: number; columns: string[]; rows: unknown[][] } | { id: number; error: string; code?: string };

const STATEMENT_CACHE = 500;

const sqlite = new SqliteDatabase(process.argv[2], { readonly: true, fileMustExist: true });
sqlite.pragma('busy_timeout = 5000');

// Queries come from a bounded set of shapes (db/database.ts caches the writer's the same way).
const statements = new Map<string, SqliteDatabase.Statement<unknown[], unknown[]>>();
function prepared(sql: string) {
  let statement = statements.get(sql);
  if (!statement) {
    statement = sqlite.prepare<unknown[], unknown[]>(sql);
    if (!statement.reader) throw new Error('the read pool runs only statements that return rows');
    statement.raw(true);
    if (statements.size >= STATEMENT_CACHE) statements.delete(statements.keys().next().value!);
    statements.set(sql, statement);
  }
  return statement;
}

// The pool sends a site's waiting reads together: each runs and is answered in turn, without
// waiting for the server's event loop between them.
process.on('message', (jobs: ReadJob[]) => {
  for (const job of jobs) process.send!(run(job));
});

function run(job: ReadJob): ReadAnswer {
  try {
    const statement = prepared(job.sql);
    const rows = statement.all(job.params);
    return { id: job.id, columns: statement.columns().map((c) => c.name), rows };
  } catch (error) {
    const e = error as { message?: unknown; code?: unknown };
    return { id: job.id, error: String(e.message ?? error), code: typeof e.code === 'string' ? e.code : undefined };
  }
}
// The server went away: nothing is left to read for.
process.on('disconnect', () => process.exit(0));
process.send!('ready');
