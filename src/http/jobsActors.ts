import { fromPromise } from 'xstate';
import { kindKey } from '../../machines/jobs.helpers';
import type { Job, JobIdInput, LoadError } from '../../machines/jobs.types';
import type { AskConfirm } from '../app/services/confirm';
import { t } from '../i18n/i18n';
import { errorText } from '../i18n/notices';
import { type SnackbarColor, showSnackbar } from '../ui/snackbar';
import { api } from './client';
import { saveFile } from './download';
import { confirmActor } from './entityActors';

/** Recent jobs the panel lists: enough to see what ran today, one read. */
const RECENT = 20;

/** How a job that ended is told: a sentence per outcome, red when it left rows undone. */
export function endedNotice(job: Job): { message: string; color: SnackbarColor } {
  const values = { kind: t(kindKey(job.kind)), id: job.id, done: job.done, total: job.total, errors: job.errors };
  if (job.status === 'failed') return { message: t('jobs.ended.failed', values), color: 'error' };
  if (job.status === 'cancelled') return { message: t('jobs.ended.cancelled', values), color: 'info' };
  return job.errors > 0 ? { message: t('jobs.ended.doneWithErrors', values), color: 'error' } : { message: t('jobs.ended.done', values), color: 'success' };
}

/** The jobs machine's actors and its failure snackbar over `/api/jobs/` (docs/decisions.md §24). */
export function jobsActors(ask: AskConfirm) {
  return {
    actors: {
      fetchJobs: fromPromise<Job[]>(async ({ signal }) => (await api<{ items: Job[] }>('/api/jobs/', { query: { items: RECENT }, signal })).items),
      cancelJob: fromPromise<Job, JobIdInput>(({ input }) => api<Job>(`/api/jobs/${input.id}/cancel/`, { method: 'POST' })),
      downloadReport: fromPromise<void, JobIdInput>(async ({ input, signal }) => {
        const res = await api.raw<Blob, 'blob'>(`/api/jobs/${input.id}/report/`, { signal, responseType: 'blob' });
        const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `job-${input.id}-errors.csv`;
        saveFile(res._data!, name);
      }),
      confirm: confirmActor(ask),
    },
    actions: {
      failed: (_: unknown, { key, because }: { key: string; because: LoadError }) =>
        void showSnackbar({ message: t(key, { detail: errorText(because) }), color: 'error' }),
    },
  };
}
