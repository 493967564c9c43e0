import { fromPromise } from 'xstate';
import type { FileHeaders, HeadersInput, ImportSetup, Job, JobInput, ResourceInput, RowsInput, RowsPage, StartInput } from '../../machines/importWizard.types';
import type { AskConfirm } from '../app/services/confirm';
import { api } from './client';
import { confirmActor } from './entityActors';

/** Row outcomes a page of the wizard shows. */
const ROWS_PAGE = 50;

const importUrl = (resource: string, tail = '') => `/api/${resource}/import/${tail}`;

/** The import wizard's actors over the import API (docs/decisions.md §27, §31); `jobStarted` hands a queued job to the jobs panel. */
export function importWizardActors(ask: AskConfirm, jobStarted: (job: Job) => void) {
  return {
    actors: {
      fetchSetup: fromPromise<ImportSetup, ResourceInput>(({ input, signal }) => api<ImportSetup>(importUrl(input.resource, 'mapping/'), { signal })),
      readHeaders: fromPromise<FileHeaders, HeadersInput>(({ input, signal }) => {
        const form = new FormData();
        form.append('file', input.file, input.file.name);
        return api<FileHeaders>(importUrl(input.resource, 'headers/'), { method: 'POST', body: form, signal });
      }),
      startImport: fromPromise<Job, StartInput>(async ({ input, signal }) => {
        const form = new FormData();
        form.append('options', JSON.stringify(input.options));
        form.append('file', input.file, input.file.name);
        return (await api<{ job: Job }>(importUrl(input.resource), { method: 'POST', body: form, signal })).job;
      }),
      fetchJob: fromPromise<Job, JobInput>(({ input, signal }) => api<Job>(`/api/jobs/${input.id}/`, { signal })),
      cancelJob: fromPromise<Job, JobInput>(({ input }) => api<Job>(`/api/jobs/${input.id}/cancel/`, { method: 'POST' })),
      fetchRows: fromPromise<RowsPage, RowsInput>(({ input, signal }) =>
        api<RowsPage>(`/api/jobs/${input.id}/rows/`, {
          query: { after: input.after, items: ROWS_PAGE, ...(input.outcome ? { outcome: input.outcome } : {}) },
          signal,
        }),
      ),
      confirm: confirmActor(ask),
    },
    actions: {
      jobStarted: (_: unknown, job: Job) => jobStarted(job),
    },
  };
}
