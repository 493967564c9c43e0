import type { EntityDef } from '../../entities/define';
import { ACCOUNT_ENTITIES } from '../../entities/index';

/**
 * Whether the server keeps a history and a bin of the entity's rows: every writable entity of
 * the engine but the singletons (server/entities/routes.ts); accounts log their changes
 * without a record, so they have neither.
 */
export const keepsHistory = (entity: EntityDef) => !entity.readOnly && entity.singleton === undefined && !ACCOUNT_ENTITIES.some((a) => a.name === entity.name);
