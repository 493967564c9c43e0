import type { RowSchedule } from '../../machines/schedule.helpers';
import { formatDate } from '../i18n/dates';
import { useT } from '../i18n/i18n';

/** A list row's scheduled publish and unpublish (issue 16 item 3), in the user's time zone. */
export function ScheduleBadges({ schedule }: { schedule: unknown }) {
  const t = useT();
  const s = schedule as RowSchedule | null | undefined;
  if (!s) return null;
  return (
    <>
      {s.publish_at && (
        <span className="ml-2 rounded-full bg-amber-500/15 px-2 py-0.5 text-xs text-amber-300" data-testid="row-publish-at">
          {t('schedule.publishBadge', { when: formatDate(new Date(s.publish_at), 'dateTime') })}
        </span>
      )}
      {s.unpublish_at && (
        <span className="ml-2 rounded-full bg-amber-500/15 px-2 py-0.5 text-xs text-amber-300" data-testid="row-unpublish-at">
          {t('schedule.unpublishBadge', { when: formatDate(new Date(s.unpublish_at), 'dateTime') })}
        </span>
      )}
    </>
  );
}
