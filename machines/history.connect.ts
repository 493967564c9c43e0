import type { SnapshotFrom } from 'xstate';
import type { HistoryEvent, historyMachine } from './history.machine';

export type HistorySnapshot = SnapshotFrom<typeof historyMachine>;

/** Snapshot + send → the history panel's props: the revisions, the picked ones and their diff, and what the user can do. */
export function connectHistory(snapshot: HistorySnapshot, send: (event: HistoryEvent) => void) {
  const c = snapshot.context;
  const idle = snapshot.matches('ready') || snapshot.matches('comparing');
  return {
    /** The first read: nothing to show yet. A reload after a restore keeps the list on screen. */
    loading: snapshot.matches('loading') && c.entries.length === 0,
    busy: !snapshot.matches('ready'),
    loadError: snapshot.matches('failed') ? c.loadError : null,
    entries: c.entries.map((e, i) => ({ ...e, current: i === 0, selected: c.selected.includes(e.id) })),
    selected: c.selected,
    canLoadMore: snapshot.matches('ready') && c.next !== null,
    loadingMore: snapshot.matches('loadingMore'),
    comparing: snapshot.matches('comparing'),
    comparison: c.comparison,
    compareError: c.compareError,
    canSelect: idle,
    canRestore: snapshot.matches('ready'),
    restoring: snapshot.matches('confirming') || snapshot.matches('restoring') ? (c.pending?.rev ?? null) : null,
    retry: () => send({ type: 'retry' }),
    more: () => send({ type: 'more' }),
    select: (rev: number) => send({ type: 'revision.select', rev }),
    clear: () => send({ type: 'selection.clear' }),
    restore: (rev: number, version: number | null) => send({ type: 'revision.restore', rev, version }),
  };
}

export type HistoryProps = ReturnType<typeof connectHistory>;
