import { assign, setup } from 'xstate';
import { type ActivityFilters, NO_FILTERS } from './activity.query';
import { provided } from './actors';
import type { ActivityEntry, KeysetPage } from './history.types';
import { withPage } from './keyset';
import { toBootError } from './session.helpers';
import type { BootError } from './session.types';
import type { Notice } from './shell.types';

export interface ActivityPageInput {
  filters: ActivityFilters;
  before: number | null;
}

export interface ActivityContext {
  filters: ActivityFilters;
  entries: ActivityEntry[];
  next: number | null;
  loadError: BootError | null;
}

export type ActivityEvent = { type: 'retry' } | { type: 'more' } | { type: 'filter.change'; filters: Partial<ActivityFilters> } | { type: 'filter.clear' };

const activitySetup = setup({
  types: {
    context: {} as ActivityContext,
    events: {} as ActivityEvent,
    input: {} as { filters?: Partial<ActivityFilters> } | undefined,
  },
  actors: {
    fetchActivity: provided<KeysetPage<ActivityEntry>, ActivityPageInput>('fetchActivity'),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
  },
  guards: {
    hasMore: ({ context }) => context.next !== null,
    filtered: ({ context }) => JSON.stringify(context.filters) !== JSON.stringify(NO_FILTERS),
  },
});

/**
 * The activity log (issue 16): what happened on the site (the master: on the sites the user
 * reaches), newest first, in keyset pages (load more); a filter read anew from the first
 * page, dropping an answer for the filters before.
 */
export const activityMachine = activitySetup.createMachine({
  id: 'activity',
  context: ({ input }) => ({ filters: { ...NO_FILTERS, ...input?.filters }, entries: [], next: null, loadError: null }),
  initial: 'loading',
  on: {
    'filter.change': { target: '.loading', reenter: true, actions: assign({ filters: ({ context, event }) => ({ ...context.filters, ...event.filters }) }) },
    'filter.clear': { guard: 'filtered', target: '.loading', reenter: true, actions: assign({ filters: NO_FILTERS }) },
  },
  states: {
    loading: {
      invoke: {
        id: 'fetchActivity',
        src: 'fetchActivity',
        input: ({ context }) => ({ filters: context.filters, before: null }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ ...withPage([], event.output, true), loadError: null })) },
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => toBootError(event.error), entries: [], next: null }) },
      },
    },
    failed: {
      on: { retry: 'loading' },
    },
    ready: {
      on: { more: { guard: 'hasMore', target: 'loadingMore' } },
    },
    loadingMore: {
      invoke: {
        id: 'fetchActivity',
        src: 'fetchActivity',
        input: ({ context }) => ({ filters: context.filters, before: context.next }),
        onDone: { target: 'ready', actions: assign(({ context, event }) => withPage(context.entries, event.output, false)) },
        onError: {
          target: 'ready',
          actions: { type: 'notify', params: ({ event }) => ({ key: 'activity.loadFailed', because: toBootError(event.error), color: 'error' as const }) },
        },
      },
    },
  },
});
