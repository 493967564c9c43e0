import type { Kysely } from 'kysely';
import { runStatements } from '../columns.js';
import type { Dialect } from '../database.js';

/**
 * Secrets the server signs with (issue 16: preview tokens), one row per purpose, made on
 * first use (server/services/serverSecret.ts). In the database, not in a process: every
 * instance, and the same instance after a restart, verifies what another signed.
 */
const STATEMENTS = [
  `create table "server_secrets" (
    "name" varchar(40) not null primary key,
    "value" varchar(100) not null,
    "created_at" varchar(32) not null
  )`,
];

export function serverSecretsMigration(dialect: Dialect) {
  return { up: (db: Kysely<any>) => runStatements(db, dialect, STATEMENTS) };
}
