/**
 * Rebuilding what the engine derives from rows — search words, slugs, list counters —
 * for rows written around the engine (bulk loaders, benchmarks, data imports) or after a
 * migration makes a field searchable.
 */
import type { Kysely } from 'kysely';
import { ENTITIES } from '../../entities/index.js';
import type { EntityDef } from '../../entities/define.js';
import type { MigrationHooks } from '../db/migrations/index.js';
import { reindexAllAccounts } from '../users/words.js';
import { bounded } from './context.js';
import { rebuildCounts } from './counts.js';
import { isScoped, searchTableOf, SLUGS_TABLE } from './schema.js';
import { rowTokens } from './search.js';
import { slugField, slugsOf } from './dbChecks.js';
import { decodeRecord } from './storage.js';

const BATCH = 2000;

export async function reindexEntity(db: Kysely<any>, entityName: string, registry: readonly EntityDef[] = ENTITIES) {
  const entity = registry.find((e) => e.name === entityName);
  if (!entity) throw new Error(`Unknown entity ${entityName}`);
  const slug = slugField(entity);
  const search = entity.list.search.length > 0;
  if (search) await db.deleteFrom(searchTableOf(entity)).execute();
  if (slug) await db.deleteFrom(SLUGS_TABLE).where('entity', '=', entity.name).execute();
  let after = 0;
  for (;;) {
    const fixed = Object.entries(entity.fixed ?? {});
    const rows = await bounded(db.selectFrom(entity.table).selectAll().where('id', '>', after), fixed)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    const last = rows.at(-1);
    if (!last) break;
    after = Number(last.id);
    const tokens: Array<{ tenant_id: number; token: string; entity_id: number }> = [];
    const slugs: Array<{ entity: string; tenant_id: number; language: string; slug: string; entity_id: number }> = [];
    for (const row of rows) {
      const record = decodeRecord(entity, row);
      const tenant = isScoped(entity) ? Number(row.tenant_id) : 0;
      if (search) for (const token of rowTokens(entity, record)) tokens.push({ tenant_id: tenant, token, entity_id: Number(row.id) });
      for (const s of slugsOf(entity, record)) slugs.push({ entity: entity.name, tenant_id: tenant, ...s, entity_id: Number(row.id) });
    }
    for (let i = 0; i < tokens.length; i += 500)
      await db
        .insertInto(searchTableOf(entity))
        .values(tokens.slice(i, i + 500))
        .execute();
    for (let i = 0; i < slugs.length; i += 500) {
      await db
        .insertInto(SLUGS_TABLE)
        .values(slugs.slice(i, i + 500))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }
  await rebuildCounts(db, entity);
}

export { rebuildCounts };

/**
 * What the migrations ask of the engine (server/db/migrations/hooks.ts). Accounts (`user`)
 * are not the engine's rows: their words are server/users/words.ts's.
 */
export const migrationHooks: MigrationHooks = { reindex: (db, entity) => (entity === 'user' ? reindexAllAccounts(db) : reindexEntity(db, entity)) };
