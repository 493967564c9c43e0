/**
 * Singleton entities (entities/define.ts SingletonDef): one row per site. The row is made
 * when the site is (a write hook of whoever owns that), and otherwise on first use, so a
 * site that predates a singleton still has it; two first uses at once make one row (a
 * unique index on tenant_id, and the loser reads the winner's row).
 */
import type { EntityDef } from '../../entities/define.js';
import { type EngineContext, scopeAllows } from './context.js';
import { insertRecord } from './write.js';

/** The id of this site's row, if it has one. */
export async function singletonId(ctx: EngineContext, entity: EntityDef): Promise<number | undefined> {
  return (await singletonStamp(ctx, entity))?.id;
}

/** This site's row's id and last change; undefined when the site has none (a site page it lacks: no page on its website). */
export async function singletonStamp(ctx: EngineContext, entity: EntityDef): Promise<{ id: number; updated_at: unknown } | undefined> {
  const row = await ctx.db.selectFrom(entity.table).select(['id', 'updated_at']).where('tenant_id', '=', ctx.site.id).executeTakeFirst();
  return row ? { id: Number(row.id), updated_at: row.updated_at } : undefined;
}

function initialBody(entity: EntityDef) {
  if (!entity.singleton) throw new Error(`${entity.name} is not a singleton`);
  return entity.singleton.initial;
}

/**
 * This site's row, made from the declaration's `initial` body when missing (through the
 * engine's write path, so write hooks see it). Inside a caller's transaction (a site being
 * created) the insert joins it; otherwise it runs alone and a concurrent maker wins.
 */
export async function ensureSingleton(ctx: EngineContext, entity: EntityDef): Promise<number> {
  const found = await singletonId(ctx, entity);
  if (found !== undefined) return found;
  const opts = { languageCode: ctx.site.default_language };
  if (ctx.db.isTransaction) return insertRecord(ctx, entity, initialBody(entity), opts);
  try {
    return await ctx.db.transaction().execute((trx) => insertRecord({ ...ctx, db: trx }, entity, initialBody(entity), opts));
  } catch (e) {
    // Lost the race (the engine reports the unique violation as a 409): the winner's row is there.
    const made = await singletonId(ctx, entity);
    if (made === undefined) throw e;
    return made;
  }
}

/** Every singleton of a site, made where missing (a new site, a migration, a seed). */
export async function ensureSingletons(ctx: EngineContext): Promise<void> {
  for (const entity of ctx.registry.entities) {
    if (entity.singleton && scopeAllows(entity.scope, ctx.site.kind)) {
      await ensureSingleton(ctx, entity);
    }
  }
}
