/**
 * The entity engine: CRUD, lists, validation and tables for every declaration in
 * entities/. HTTP routes are in routes.ts (registered by server/app.ts); what other
 * server code may call directly is exported here.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { Tenant } from '../services/tenants.js';
import { type EngineContext, hasTable } from './context.js';
import { MEDIA_TABLE } from './references.js';
import { sharedRegistry } from './registry.js';
import { siteOf } from './routes.js';

export { contextForSite, dialectOf, type EngineContext, inTransaction, type Site } from './context.js';
export { listRecords } from './list/listRecords.js';
export { parseListQuery } from './list/query.js';
export { rebuildCounts, reindexEntity } from './maintenance.js';
export { loadRecord, presentDetail } from './read.js';
export { mediaUsages, type MediaUse } from './references.js';
export { Registry } from './registry.js';
export { siteOf } from './routes.js';
export { addEntityColumn, createEngineTables, createEntityTable, entityTablesInDeleteOrder } from './schema.js';
export { createRecord, deleteRecords, insertRecord, updateRecord } from './write.js';

/** A context for engine calls outside a request, for a site already loaded. */
export async function engineContext(db: Kysely<any>, dialect: Dialect, tenant: Tenant): Promise<EngineContext> {
  return { db, dialect, registry: sharedRegistry(), site: siteOf(tenant), media: await hasTable(db, dialect, MEDIA_TABLE) };
}
