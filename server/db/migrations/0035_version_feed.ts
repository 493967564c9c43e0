import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { CHANGE_CHANNEL } from './0010_change_feed.js';

/** The prefix of a site's new data version on the change feed: `v:<tenant id>:<version>`. */
export const VERSION_NOTICE = 'v:';

/**
 * PostgreSQL only: a site's data version, inserted or moved, is told on the change feed with
 * its site and value (docs/decisions.md §66), so an instance learns the new version instead
 * of forgetting every session it remembers (a site's content moves its version at every
 * save). A deleted version row still says only that something changed.
 */
export function versionFeedMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      await sql`create function bo_notify_version() returns trigger language plpgsql as $$
        begin
          perform pg_notify(${sql.lit(CHANGE_CHANNEL)}, ${sql.lit(VERSION_NOTICE)} || new.tenant_id || ':' || new.version);
          return null;
        end $$`.execute(db);
      await sql`drop trigger data_versions_notify_change on data_versions`.execute(db);
      await sql`create trigger data_versions_notify_change after delete on data_versions
        for each statement execute function bo_notify_change()`.execute(db);
      await sql`create trigger data_versions_notify_version after insert or update on data_versions
        for each row execute function bo_notify_version()`.execute(db);
    },
  };
}
