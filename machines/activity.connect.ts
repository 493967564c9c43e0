import type { SnapshotFrom } from 'xstate';
import type { ActivityFilters } from './activity.query';
import type { ActivityEvent, activityMachine } from './activity.machine';

export type ActivitySnapshot = SnapshotFrom<typeof activityMachine>;

/** Snapshot + send → the activity screen's props: the filters, the entries and what the user can do. */
export function connectActivity(snapshot: ActivitySnapshot, send: (event: ActivityEvent) => void) {
  const c = snapshot.context;
  return {
    filters: c.filters,
    loading: snapshot.matches('loading'),
    loadError: snapshot.matches('failed') ? c.loadError : null,
    entries: c.entries,
    canLoadMore: snapshot.matches('ready') && c.next !== null,
    loadingMore: snapshot.matches('loadingMore'),
    retry: () => send({ type: 'retry' }),
    more: () => send({ type: 'more' }),
    filter: (filters: Partial<ActivityFilters>) => send({ type: 'filter.change', filters }),
    clear: () => send({ type: 'filter.clear' }),
  };
}

export type ActivityProps = ReturnType<typeof connectActivity>;
