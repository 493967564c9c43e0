import type { SnapshotFrom } from 'xstate';
import type { AutocompleteEvent, autocompleteMachine, Option } from './autocomplete.machine';

export type AutocompleteSnapshot = SnapshotFrom<typeof autocompleteMachine>;
export type AutocompleteStatus = 'closed' | 'searching' | 'ready' | 'failed';

function statusOf(s: AutocompleteSnapshot): AutocompleteStatus {
  if (s.matches('closed')) return 'closed';
  if (s.matches({ open: 'failed' })) return 'failed';
  if (s.matches({ open: 'ready' })) return 'ready';
  return 'searching';
}

/**
 * Snapshot + send → the combobox's props (WAI-ARIA combobox pattern). `exclude` holds the ids
 * already chosen: they are not offered, and the keyboard never points at one.
 */
export function connectAutocomplete(snapshot: AutocompleteSnapshot, send: (event: AutocompleteEvent) => void, options: { exclude?: readonly number[] } = {}) {
  const c = snapshot.context;
  const exclude = options.exclude ?? [];
  const status = statusOf(snapshot);
  const open = status !== 'closed';
  const pointed = c.options[c.highlighted];
  const current = pointed && !exclude.includes(pointed.id) ? pointed : null;
  const offered = c.options.filter((o) => !exclude.includes(o.id));
  return {
    open,
    status,
    query: c.query,
    /** The option Enter takes: the one pointed at, else the first offered. */
    current,
    enterPick: current ?? offered[0] ?? null,
    options: offered.map((option) => ({
      option,
      id: option.id,
      title: option.title,
      highlighted: option === current,
      point: () => send({ type: 'highlight.set', index: c.options.indexOf(option) }),
    })),
    /** Nothing to list yet while the first answer is on its way. */
    searchingEmpty: status === 'searching' && offered.length === 0,
    noOptions: status === 'ready' && offered.length === 0,
    failed: status === 'failed',
    openList: () => send({ type: 'open' }),
    close: () => send({ type: 'close' }),
    type: (query: string) => send({ type: 'query.change', query }),
    move: (delta: number) => send({ type: 'highlight.move', delta }),
    /** An option was taken: the list closes and forgets the text. */
    chosen: () => send({ type: 'choose' }),
    retry: () => send({ type: 'retry' }),
  };
}

export type AutocompleteProps = ReturnType<typeof connectAutocomplete>;
