import { binMachine } from './bin.machine';
import type { BinEntry } from './history.types';
import { done, fail, type MachineModel } from './model/paths';

const deleted = (id: number): BinEntry => ({
  id,
  at: '2026-11-26T10:00:00.000Z',
  site: 1,
  user: { id: 3, username: 'rossi' },
  ip: null,
  action: 'delete',
  model: 'product',
  object_id: id + 100,
  version: null,
  changes: null,
  record: { values: { price: 1 }, translations: { it: { title: `Trattore ${id}` } } },
});

/** The bin as a test model: every answer of the server and of the confirm dialog is an event. */
export const binModel: MachineModel = {
  machine: binMachine,
  input: { resource: 'products', titleField: 'title' },
  actorIds: ['fetchBin', 'restoreFromBin', 'confirm'],
  contextKey: (c: { next: number | null; entries: BinEntry[] }) => [c.next !== null, c.entries.length > 0],
  events: [
    done('fetchBin', { items: [deleted(2), deleted(1)], next: 1 }),
    fail('fetchBin', { status: 500 }),
    { type: 'retry' },
    { type: 'more' },
    { type: 'entry.restore', rev: 2 },
    done('confirm', true),
    done('confirm', false),
    fail('confirm', new Error('dialog closed')),
    done('restoreFromBin'),
    fail('restoreFromBin', { status: 400 }),
  ],
};
