import type { SnapshotFrom } from 'xstate';
import { type BinEvent, type binMachine, binTitle } from './bin.machine';

export type BinSnapshot = SnapshotFrom<typeof binMachine>;

/** Snapshot + send → the bin screen's props: the deleted rows, named, and what the user can do. */
export function connectBin(snapshot: BinSnapshot, send: (event: BinEvent) => void) {
  const c = snapshot.context;
  return {
    loading: snapshot.matches('loading') && c.entries.length === 0,
    busy: !snapshot.matches('ready') && !snapshot.matches('failed'),
    loadError: snapshot.matches('failed') ? c.loadError : null,
    entries: c.entries.map((e) => ({ ...e, title: binTitle(e, c.titleField) })),
    canLoadMore: snapshot.matches('ready') && c.next !== null,
    loadingMore: snapshot.matches('loadingMore'),
    canRestore: snapshot.matches('ready'),
    restoring: c.pending?.id ?? null,
    retry: () => send({ type: 'retry' }),
    more: () => send({ type: 'more' }),
    restore: (rev: number) => send({ type: 'entry.restore', rev }),
  };
}

export type BinProps = ReturnType<typeof connectBin>;
