/**
 * Which indexing actions a write of public content asks for (issue 6):
 *   create while public                  → updated, per language URL
 *   update, public after                 → updated (publish, or a change of a published row);
 *                                          a URL the row no longer has → deleted, unless the
 *                                          row moved there from it in the same language (a
 *                                          slug changed): a 301 covers it (issue 15 §4)
 *   update, public before and not after  → deleted (unpublish)
 *   delete of a public row               → deleted
 */
import type { EntityDef } from '../../../entities/define.js';
import type { WriteEvent } from '../../entities/hooks.js';
import { moves } from '../redirects/moves.js';
import { isPublic, publicUrls } from './publicUrls.js';

export type IndexingAction = 'updated' | 'deleted';

export interface PlannedAction {
  url: string;
  action: IndexingAction;
}

export function plannedActions(event: WriteEvent, origin: string, languages: readonly string[]): PlannedAction[] {
  const entity: EntityDef = event.entity;
  const def = entity.public;
  if (!def) return [];
  const urlsOf = (record: WriteEvent['before']) => (record && isPublic(def, record) ? publicUrls(entity, def, event.id, record, origin, languages) : []);
  const before = urlsOf(event.before);
  const after = urlsOf(event.after);
  const redirected = new Set(moves(event, languages).map((m) => publicUrls(entity, def, event.id, event.before!, origin, [m.language])[0]));
  const gone = before.filter((u) => !after.includes(u) && !redirected.has(u));
  return [...after.map((url) => ({ url, action: 'updated' as const })), ...gone.map((url) => ({ url, action: 'deleted' as const }))];
}
