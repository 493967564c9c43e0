/**
 * A child process that checkpoints the server's SQLite WAL on a connection of its own, when
 * the parent's WalCheckpoints (walCheckpoints.ts) asks: the copy of the WAL's pages into the
 * database file runs here, beside the writer, not inside a commit on the server's thread.
 */
import SqliteDatabase from 'better-sqlite3';

export interface CheckpointAnswer {
  /** Frames in the WAL, and those now in the database file (SQLite's `wal_checkpoint` row). */
  log: number;
  checkpointed: number;
}

const sqlite = new SqliteDatabase(process.argv[2], { fileMustExist: true });

process.on('message', () => {
  // PASSIVE: copies what no reader still needs and waits for nobody; the writer goes on meanwhile.
  const [row] = sqlite.pragma('wal_checkpoint(PASSIVE)') as Array<{ busy: number; log: number; checkpointed: number }>;
  process.send!({ log: row?.log ?? 0, checkpointed: row?.checkpointed ?? 0 } satisfies CheckpointAnswer);
});
// The server went away: its last connection checkpoints on close.
process.on('disconnect', () => process.exit(0));
