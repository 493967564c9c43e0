import type { EntityDef } from './define.js';
import { hasDrafts } from './drafts.js';

/**
 * Entities whose rows can be published and unpublished at a chosen moment (issue 16 item 3):
 * those with drafts whose rows have a publish state (a status field). Site pages have drafts
 * but no state: always shown, nothing to unpublish.
 */
export const hasSchedule = (entity: EntityDef) => hasDrafts(entity) && entity.public?.statusField !== undefined;

export type ScheduledAction = 'publish' | 'unpublish';

/** The status value a scheduled action writes: the first public value, or the first other one. */
export function scheduledStatus(entity: EntityDef, action: ScheduledAction): string | boolean {
  const pub = entity.public!;
  const field = entity.fields[pub.statusField!]!;
  const publicValues = pub.publicValues ?? [true];
  if (action === 'publish') return publicValues[0]!;
  if (field.type === 'boolean') return false;
  const options = 'options' in field && Array.isArray(field.options) ? (field.options as { value: string }[]) : [];
  return options.map((o) => o.value).find((v) => !publicValues.includes(v))!;
}
