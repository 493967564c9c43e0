import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useEffect } from 'react';
import type { JobRowProps } from '../../machines/jobs.connect';
import { useT } from '../i18n/i18n';
import { formatSpan } from '../i18n/dates';
import { errorText } from '../i18n/notices';
import { Icon } from '../ui/icons';
import { ProgressBar } from '../ui/ProgressBar';
import { useRefreshJobs, useJobsView } from './services/jobs';

const STATUS_TONE = { queued: 'brand', running: 'brand', done: 'success', failed: 'danger', cancelled: 'danger' } as const;
const SMALL_BUTTON = 'inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs text-ink-muted hover:bg-surface-overlay hover:text-ink disabled:opacity-40';

function JobRow({ job }: { job: JobRowProps }) {
  const t = useT();
  const kind = t(job.kindKey);
  const tone = job.status === 'done' && job.errors > 0 ? 'danger' : STATUS_TONE[job.status];
  return (
    <li className="flex flex-col gap-1.5 border-t border-surface-border px-3 py-2.5 first:border-t-0" data-job-id={job.id} data-status={job.status}>
      <div className="flex items-baseline gap-2 text-sm">
        <span className="font-medium">
          {kind} <span className="text-ink-faint">#{job.id}</span>
        </span>
        <span className="ml-auto text-xs text-ink-muted" data-testid="job-status">
          {t(`jobs.status.${job.status}`)}
        </span>
      </div>
      <ProgressBar percent={job.percent ?? 0} indeterminate={job.percent === null && job.live} tone={tone} label={t('jobs.progressOf', { kind, id: job.id })} />
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-ink-muted">
        <span data-testid="job-rows">{t('jobs.rows', { done: job.done, total: job.total })}</span>
        {job.errors > 0 && (
          <span className="text-danger" data-testid="job-errors">
            {t('jobs.errors', { errors: job.errors })}
          </span>
        )}
        {job.timeLeftMs !== null && <span data-testid="job-time-left">{t('jobs.timeLeft', { time: formatSpan(job.timeLeftMs) })}</span>}
        <span className="ml-auto flex gap-1">
          {job.hasReport && (
            <button
              type="button"
              className={SMALL_BUTTON}
              onClick={job.downloadReport}
              disabled={!job.canDownload}
              aria-busy={job.downloading}
              data-testid="job-report"
            >
              <Icon name="file" width={14} height={14} />
              {t('jobs.downloadReport')}
            </button>
          )}
          {job.live && (
            <button type="button" className={SMALL_BUTTON} onClick={job.cancel} disabled={!job.canCancel} aria-busy={job.cancelling} data-testid="job-cancel">
              <Icon name="x" width={14} height={14} />
              {t('jobs.cancel')}
            </button>
          )}
        </span>
      </div>
    </li>
  );
}

function JobList() {
  const t = useT();
  const { jobs, loading, loadError } = useJobsView(({ jobs, loading, loadError }) => ({ jobs, loading, loadError }), Date.now());
  return (
    <>
      {loadError && (
        <p role="alert" className="px-3 py-2 text-xs text-danger">
          {t('jobs.loadFailed', { detail: errorText(loadError) })}
        </p>
      )}
      {loading ? (
        <p className="px-3 py-4 text-sm text-ink-muted" aria-busy="true">
          {t('app.loading')}
        </p>
      ) : jobs.length === 0 ? (
        <p className="px-3 py-4 text-sm text-ink-muted">{t('jobs.none')}</p>
      ) : (
        <ul className="max-h-96 overflow-y-auto" data-testid="job-list">
          {jobs.map((job) => (
            <JobRow key={job.id} job={job} />
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * The header's jobs button and panel (issue 17 §5): a badge with the jobs still running,
 * and on click the user's recent jobs with their progress. The panel stays in place (not in
 * a portal), so it follows its button in the Tab order; Escape closes it.
 */
export function JobsPanel() {
  const t = useT();
  const liveCount = useJobsView((j) => j.liveCount);
  const refresh = useRefreshJobs();
  // The header shows once someone is signed in: their jobs are read from then on.
  useEffect(() => refresh(), [refresh]);
  const label = liveCount > 0 ? t('jobs.buttonRunning', { count: liveCount }) : t('jobs.button');
  return (
    <Popover className="relative">
      <PopoverButton
        className="relative rounded-md p-2 text-ink-muted hover:bg-surface-overlay hover:text-ink"
        aria-label={label}
        title={label}
        onClick={refresh}
        data-testid="jobs-button"
      >
        <Icon name="layers" />
        {liveCount > 0 && (
          <span
            className="absolute -right-0.5 -top-0.5 min-w-4 rounded-full bg-brand px-1 text-center text-[10px] font-semibold leading-4 text-white"
            aria-hidden="true"
            data-testid="jobs-badge"
          >
            {liveCount}
          </span>
        )}
      </PopoverButton>
      <PopoverPanel
        className="absolute right-0 top-full z-40 mt-1 w-96 max-w-[calc(100vw-1rem)] rounded-md border border-surface-border bg-surface-raised shadow-xl"
        data-testid="jobs-panel"
      >
        <h2 className="border-b border-surface-border px-3 py-2 text-sm font-semibold">{t('jobs.title')}</h2>
        <JobList />
      </PopoverPanel>
    </Popover>
  );
}
