import type { Kysely } from 'kysely';
import { ENTITIES } from '../../entities/index.js';
import { dialectOf, type EngineContext } from '../entities/context.js';
import { Registry } from '../entities/registry.js';

/**
 * Entity-engine contexts for the demo sites, on the seed's transaction: seeds write through
 * the engine, so slugs, search words and list counters are as the API would leave them.
 * `media` says whether media ids are checked (they are when the seed filed pictures).
 */
export async function seedContexts(db: Kysely<any>, ids: readonly number[], media = false): Promise<(id: number) => EngineContext> {
  const registry = new Registry(ENTITIES);
  const rows = await db.selectFrom('tenants').select(['id', 'kind', 'languages', 'default_language']).where('id', 'in', [...ids]).execute();
  return (id: number): EngineContext => {
    const t = rows.find((r) => Number(r.id) === id)!;
    return {
      db,
      dialect: dialectOf(db),
      registry,
      site: { id, kind: t.kind, languages: JSON.parse(t.languages), default_language: t.default_language },
      media,
    };
  };
}
