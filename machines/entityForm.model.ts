import { entityFormMachine } from './entityForm.machine';
import type { Draft, PendingRow, VersionedRow } from './entityForm.types';
import { type AnyEvent, done, fail, type MachineModel } from './model/paths';

export const row: VersionedRow = {
  id: 7,
  version: 3,
  name: 'Tractor',
  status: 'draft',
  translations: { en: { title: 'Tractor' }, it: { title: 'Trattore' } },
  specs: [{ label: 'hp', value: '90' }],
};

/** The same row after someone else saved it. */
export const theirs: VersionedRow = { ...row, version: 4, status: 'published', translations: { ...(row.translations as object), en: { title: 'Tractor X' } } };

export const draft: Draft = {
  values: { ...row, id: undefined, version: undefined, name: 'Tractor (draft)' },
  version: 3,
  savedAt: '2025-01-01T00:00:00.000Z',
};

/** Row 7 with a pending draft on the server, as read (has_draft) and as its draft (GET …/draft/). */
export const withPending: PendingRow = { ...row, has_draft: true };
export const pendingRow: PendingRow = { ...row, name: 'Tractor (pending)', has_draft: true, draft: { id: 41 } };

export const badRequest = { status: 400, data: { 'translations.it.title': ['This field is required.'], detail: 'Invalid input.' } };
export const conflict409 = { status: 409, data: { detail: 'This row was changed by someone else.', current: theirs } };

const events: AnyEvent[] = [
  done('loadDraft', null),
  done('loadDraft', draft),
  fail('loadDraft', new Error('storage unavailable')),
  done('fetchRow', row),
  fail('fetchRow', { status: 404 }),
  fail('fetchRow', { status: 500 }),
  { type: 'retry' },
  { type: 'field.change', path: 'translations.it.title', value: 'Trattore rosso' },
  // Back to the loaded value: the form is clean again.
  { type: 'field.change', path: 'translations.it.title', value: 'Trattore' },
  done('draftDebounce'),
  { type: 'draft.flush' },
  { type: 'draft.restore' },
  { type: 'draft.discard' },
  { type: 'changes.discard' },
  { type: 'save' },
  { type: 'saveAndContinue' },
  done('validate', {}),
  done('validate', { 'translations.it.title': ['This field is required.'] }),
  fail('validate', new Error('schema missing')),
  done('saveRow', { ...row, version: 4 }),
  fail('saveRow', badRequest),
  fail('saveRow', conflict409),
  fail('saveRow', { status: 404 }),
  fail('saveRow', { status: 500 }),
  { type: 'conflict.reload' },
  { type: 'conflict.overwrite' },
  { type: 'conflict.dismiss' },
  { type: 'delete.request' },
  done('confirm', true),
  done('confirm', false),
  fail('confirm', new Error('dialog closed')),
  { type: 'readOnly.change', readOnly: true },
  { type: 'readOnly.change', readOnly: false },
  { type: 'row.versioned', version: 9 },
  done('deleteRow', {}),
  fail('deleteRow', { status: 409, data: { detail: 'Used by 2 featured products.' } }),
  // Drafts on the server beside the live row (issue 16).
  done('fetchRow', withPending),
  done('fetchPending', pendingRow),
  fail('fetchPending', { status: 404 }),
  { type: 'pending.save' },
  { type: 'pending.publish' },
  { type: 'pending.discard' },
  { type: 'preview' },
  done('savePending', pendingRow),
  fail('savePending', badRequest),
  fail('savePending', conflict409),
  fail('savePending', { status: 404 }),
  fail('savePending', { status: 500 }),
  done('publishPending', { ...row, version: 4, has_draft: false }),
  fail('publishPending', conflict409),
  fail('publishPending', { status: 404 }),
  done('discardPending', null),
  fail('discardPending', { status: 500 }),
  done('previewLink', { url: 'https://rossi.example/it/prodotti/tractor?preview=t', token: 't', expires_at: '2026-01-02T00:00:00.000Z' }),
  fail('previewLink', { status: 500 }),
];

const actorIds = [
  'loadDraft',
  'fetchRow',
  'validate',
  'saveRow',
  'deleteRow',
  'confirm',
  'draftDebounce',
  'fetchPending',
  'savePending',
  'publishPending',
  'discardPending',
  'previewLink',
];
// Guards read whether the form is dirty, has a draft on offer, has a row id yet, may be saved, holds a pending draft, and what its save is for.
const contextKey = (c: any) => [c.dirty, c.draft !== null, c.id === null, c.readOnly, c.drafts, c.pending !== null, c.intent];

export const editInput = { resource: 'products', id: 7, fieldOrder: ['name', 'status', 'title', 'specs'], languages: ['it', 'en'] };
/** Row 7 of an entity with drafts on the server. */
export const draftsInput = { ...editInput, drafts: true };
export const createInput = {
  resource: 'products',
  id: 'new',
  defaults: { name: '', status: 'draft', translations: { en: { title: '' }, it: { title: '' } } },
};

/**
 * The entity form as a test model, from both starts: editing row 7 (load, draft offer,
 * validation, 400, 409, delete) and create mode (no load; after the first save the row
 * has an id and can be deleted), and a row of an entity with drafts on the server (a pending
 * draft loaded into the form; save draft, publish, discard, preview; their 409s).
 */
export const entityFormModel: MachineModel & { callbackEvents: Record<string, string[]> } = {
  machine: entityFormMachine,
  inputs: [editInput, createInput, draftsInput],
  actorIds,
  // Ctrl+S and a hiding tab reach the machine through its page effects, which run in every state.
  callbackEvents: { saveShortcut: ['saveAndContinue'], flushOnHide: ['draft.flush'] },
  contextKey,
  events,
};
