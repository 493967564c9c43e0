import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

/** The channel every instance listens on (server/cache/changeFeed.ts). */
export const CHANGE_CHANNEL = 'bo_changes';

/**
 * PostgreSQL only: a NOTIFY on CHANGE_CHANNEL when anything an authenticated read is
 * decided by changes — a site's data version, a session extended or ended, a user changed, a
 * permission granted or taken. PostgreSQL delivers it at commit to every instance, which
 * then stops trusting what it remembered (server/cache/accessCache.ts). Triggers rather
 * than calls in the code: no write path, present or future, can forget one. Sessions
 * not on insert: a new one is unknown to every cache.
 */
export function changeFeedMigration(dialect: Dialect) {
  const watched: [table: string, events: string][] = [
    ['data_versions', 'insert or update or delete'],
    ['sessions', 'update or delete'],
    ['users', 'update or delete'],
    ['user_permissions', 'insert or update or delete'],
    ['permissions', 'insert or update or delete'],
  ];
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      await sql`create function bo_notify_change() returns trigger language plpgsql as $$
        begin
          perform pg_notify(${sql.lit(CHANGE_CHANNEL)}, '');
          return null;
        end $$`.execute(db);
      for (const [table, events] of watched) {
        await sql`create trigger ${sql.id(`${table}_notify_change`)} after ${sql.raw(events)} on ${sql.table(table)}
          for each statement execute function bo_notify_change()`.execute(db);
      }
    },
  };
}
