import { fromPromise } from 'xstate';
import type { ActivityPageInput } from '../../machines/activity.machine';
import { activityQuery } from '../../machines/activity.query';
import type { BinRestoreInput } from '../../machines/bin.machine';
import type { RestoreInput, RevisionPageInput, RevisionsInput } from '../../machines/history.machine';
import type { ActivityEntry, BinEntry, KeysetPage, PageInput, RevisionDetail } from '../../machines/history.types';
import type { AskConfirm } from '../app/services/confirm';
import { api } from './client';
import { confirmActor, notify, quietOnAbort, resourceUrl } from './entityActors';

const notifyAction = { notify: (_: unknown, notice: Parameters<typeof notify>[0]) => void notify(notice) };
const page = (before: number | null) => (before === null ? {} : { before });

/** The history panel's actors (machines/history.machine.ts) over `/api/<resource>/<id>/revisions/` (server/entities/revisions/routes.ts). */
export function historyImplementations(ask: AskConfirm, reloadForm: () => void) {
  return {
    actors: {
      fetchRevisions: fromPromise<KeysetPage<ActivityEntry>, RevisionPageInput>(({ input, signal }) =>
        quietOnAbort(signal, api<KeysetPage<ActivityEntry>>(`${resourceUrl(input.resource, input.id)}revisions/`, { query: page(input.before), signal })),
      ),
      fetchRevisionDetails: fromPromise<RevisionDetail[], RevisionsInput>(({ input, signal }) =>
        quietOnAbort(
          signal,
          Promise.all(input.revs.map((rev) => api<RevisionDetail>(`${resourceUrl(input.resource, input.id)}revisions/${rev}/`, { signal }))),
        ),
      ),
      restoreRevision: fromPromise<void, RestoreInput>(async ({ input }) => {
        await api(`${resourceUrl(input.resource, input.id)}revisions/${input.rev}/restore/`, { method: 'POST', body: { version: input.version } });
      }),
      confirm: confirmActor(ask),
    },
    actions: { ...notifyAction, reloadForm },
  };
}

/** The bin screen's actors (machines/bin.machine.ts) over `/api/<resource>/bin/`. */
export function binImplementations(ask: AskConfirm) {
  return {
    actors: {
      fetchBin: fromPromise<KeysetPage<BinEntry>, PageInput>(({ input, signal }) =>
        quietOnAbort(signal, api<KeysetPage<BinEntry>>(`${resourceUrl(input.resource)}bin/`, { query: page(input.before), signal })),
      ),
      restoreFromBin: fromPromise<void, BinRestoreInput>(async ({ input }) => {
        await api(`${resourceUrl(input.resource)}bin/${input.rev}/restore/`, { method: 'POST', body: {} });
      }),
      confirm: confirmActor(ask),
    },
    actions: notifyAction,
  };
}

/** The activity screen's actor (machines/activity.machine.ts) over `/api/activity/` (server/activity/routes.ts). */
export const activityImplementations = {
  actors: {
    fetchActivity: fromPromise<KeysetPage<ActivityEntry>, ActivityPageInput>(({ input, signal }) =>
      quietOnAbort(signal, api<KeysetPage<ActivityEntry>>('/api/activity/', { query: activityQuery(input.filters, input.before), signal })),
    ),
  },
  actions: notifyAction,
};
