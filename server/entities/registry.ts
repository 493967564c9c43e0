import { declarationProblems } from '../../entities/declarationProblems.js';
import type { EntityDef } from '../../entities/define.js';
import type { FkField, M2mField } from '../../entities/fields.js';
import { ENTITIES } from '../../entities/index.js';

export interface Referrer {
  /** The entity whose rows point at the target. */
  entity: EntityDef;
  field: string;
  def: FkField | M2mField;
}

/** The declared entities, checked once, with the reverse references the engine needs on delete. */
export class Registry {
  private readonly byName = new Map<string, EntityDef>();
  private readonly referrersOf = new Map<string, Referrer[]>();

  constructor(readonly entities: readonly EntityDef[]) {
    const problems = entities.flatMap((e) => declarationProblems(e, entities));
    if (problems.length) throw new Error(`Entity declarations are not sound:\n  ${problems.join('\n  ')}`);
    for (const e of entities) {
      if (this.byName.has(e.name)) throw new Error(`Entity ${e.name} is declared twice`);
      this.byName.set(e.name, e);
    }
    for (const e of entities) {
      for (const [field, def] of Object.entries(e.fields)) {
        if (def.type !== 'fk' && def.type !== 'm2m') continue;
        const list = this.referrersOf.get(def.target) ?? [];
        list.push({ entity: e, field, def });
        this.referrersOf.set(def.target, list);
      }
    }
  }

  get(name: string): EntityDef {
    const e = this.byName.get(name);
    if (!e) throw new Error(`Unknown entity ${name}`);
    return e;
  }

  referrers(name: string): readonly Referrer[] {
    return this.referrersOf.get(name) ?? [];
  }
}

let shared: Registry | undefined;

/** The registry of every declared entity, checked once per process. */
export const sharedRegistry = (): Registry => (shared ??= new Registry(ENTITIES));
