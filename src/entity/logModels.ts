import type { EntityDef } from '../../entities/define';
import { ACCOUNT_ENTITIES, DECLARED, entityNamed } from '../../entities/index';

/**
 * The `model` of the activity log: an entity write names its entity (`usedProduct`), an
 * account change its permission model (`tenantuser`, server/users/activity.ts); events have
 * their own (`auth`, `siteKey`).
 */
const accountOf = (model: string) => ACCOUNT_ENTITIES.find((e) => e.model === model);

export const logModelOf = (entity: EntityDef) => (ACCOUNT_ENTITIES.includes(entity) ? entity.model : entity.name);

export const entityOfLogModel = (model: string): EntityDef | undefined => accountOf(model) ?? entityNamed(model);

/** What the activity screen filters by: every declared entity, then the events. */
export const LOG_MODELS: readonly { value: string; entity?: EntityDef }[] = [
  ...DECLARED.map((entity) => ({ value: logModelOf(entity), entity })),
  { value: 'auth' },
  { value: 'siteKey' },
];
