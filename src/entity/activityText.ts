/* An activity entry as text: its action, who, when, and the fields it changed (the history panel, the bin and the activity screen). */
import type { EntityDef } from '../../entities/define';
import type { ActivityEntry } from '../../machines/history.types';
import { formatDate } from '../i18n/dates';
import { pathLabel } from './diffText';

type T = (key: string, params?: Record<string, unknown>) => string;

/** The actions the log records (server/activity/); the activity screen filters by them. */
export const ACTIVITY_ACTIONS = [
  'create',
  'update',
  'delete',
  'restore',
  'draft',
  'publish',
  'discard',
  'schedule',
  'scheduled_publish',
  'scheduled_unpublish',
  'permissions',
  'login',
  'login_failed',
] as const;

export const actionText = (t: T, action: string) => ((ACTIVITY_ACTIONS as readonly string[]).includes(action) ? t(`activity.actions.${action}`) : action);

/** In the user's language and time zone. */
export const whenText = (at: string) => formatDate(new Date(at), 'dateTime');

/** Who did it: the account as it was named then; a failed login the name given; the server itself (seeds, imports, the runner). */
export const whoText = (t: T, e: ActivityEntry) => e.user?.username || (e.user ? `#${e.user.id}` : t('activity.system'));

const namesOf = (changes: unknown): { fields: string[]; translations: Record<string, string[]> } => {
  const c = (changes ?? {}) as { fields?: unknown; translations?: unknown };
  const fields = Array.isArray(c.fields) ? c.fields.filter((f): f is string => typeof f === 'string') : [];
  const translations: Record<string, string[]> = {};
  if (c.translations && typeof c.translations === 'object') {
    for (const [lang, list] of Object.entries(c.translations as Record<string, unknown>)) {
      if (Array.isArray(list)) translations[lang] = list.filter((f): f is string => typeof f === 'string');
    }
  }
  return { fields, translations };
};

/** The fields an entry changed, labelled as the form labels them ("Name (IT)"); the bare names when the entity is not known here. */
export function changedText(t: T, entity: EntityDef | undefined, changes: unknown): string[] {
  const { fields, translations } = namesOf(changes);
  const label = (path: string, bare: string) => (entity ? pathLabel(entity, path, t) : bare);
  return [
    ...fields.map((f) => label(f, f)),
    ...Object.entries(translations).flatMap(([lang, list]) => list.map((f) => label(`translations.${lang}.${f}`, `${f} (${lang.toUpperCase()})`))),
  ];
}
