import { historyMachine } from './history.machine';
import type { ActivityEntry, RevisionDetail } from './history.types';
import { done, fail, type MachineModel } from './model/paths';

const entry = (id: number, action = 'update'): ActivityEntry => ({
  id,
  at: `2026-11-2${id}T10:00:00.000Z`,
  site: 1,
  user: { id: 3, username: 'rossi' },
  ip: '127.0.0.1',
  action,
  model: 'product',
  object_id: 5,
  version: id,
  changes: { fields: ['price'], translations: {} },
});
const detail = (id: number, price: number): RevisionDetail => ({
  ...entry(id),
  previous: id > 1 ? id - 1 : null,
  record: { values: { price }, translations: {} },
  diff: [{ field: 'price', language: null, before: price - 1, after: price }],
});

/** The history panel as a test model: every answer of the server and of the confirm dialog is an event. */
export const historyModel: MachineModel = {
  machine: historyMachine,
  inputs: [
    { resource: 'products', id: 5, fieldOrder: ['price'], languages: ['it'] },
    { resource: 'products', id: 5, fieldOrder: ['price'], languages: ['it'], revision: 2 },
  ],
  actorIds: ['fetchRevisions', 'fetchRevisionDetails', 'restoreRevision', 'confirm'],
  // Which guards hold: a next page, how many revisions are picked, whether any is listed.
  contextKey: (c: { next: number | null; selected: number[]; entries: ActivityEntry[] }) => [c.next !== null, c.selected.length, c.entries.length > 0],
  events: [
    done('fetchRevisions', { items: [entry(3), entry(2), entry(1, 'create')], next: 1 }),
    fail('fetchRevisions', { status: 500 }),
    { type: 'retry' },
    { type: 'more' },
    { type: 'revision.select', rev: 2 },
    { type: 'revision.select', rev: 1 },
    { type: 'selection.clear' },
    done('fetchRevisionDetails', [detail(2, 20)]),
    fail('fetchRevisionDetails', { status: 404 }),
    { type: 'revision.restore', rev: 2, version: 3 },
    { type: 'revision.restore', rev: 3, version: 3 },
    done('confirm', true),
    done('confirm', false),
    fail('confirm', new Error('dialog closed')),
    done('restoreRevision'),
    fail('restoreRevision', { status: 409 }),
    fail('restoreRevision', { status: 400 }),
  ],
};
