import { done, fail, type MachineModel } from './model/paths';
import { siteKeysMachine, type MadeKey, type SiteKeyRow } from './siteKeys.machine';

const active: SiteKeyRow = {
  id: 1,
  name: 'Nuxt site',
  prefix: 'dbk_AbCdEfGh',
  created_at: '2026-11-20T10:00:00.000Z',
  created_by: 'admin',
  last_used_at: null,
  revoked_at: null,
};
const revoked: SiteKeyRow = { ...active, id: 2, name: 'Old site', revoked_at: '2026-11-21T10:00:00.000Z' };
const made: MadeKey = { ...active, id: 3, name: 'App', key: `dbk_${'x'.repeat(43)}` };

/** The keys panel as a test model: every answer of the server, the clipboard and the confirm dialog is an event. */
export const siteKeysModel: MachineModel = {
  machine: siteKeysMachine,
  input: { tenant: 7 },
  actorIds: ['fetchKeys', 'makeKey', 'revokeKey', 'copyKey', 'confirm'],
  // Which guards hold: whether the name may be sent, and whether there is a key to revoke.
  contextKey: (c: { name: string; keys: SiteKeyRow[] }) => [c.name.trim() !== '', c.keys.some((k) => k.revoked_at === null)],
  events: [
    done('fetchKeys', [active, revoked]),
    fail('fetchKeys', { status: 500 }),
    { type: 'retry' },
    { type: 'key.new' },
    { type: 'name.change', value: 'App' },
    { type: 'name.change', value: '  ' },
    { type: 'name.submit' },
    { type: 'name.cancel' },
    done('makeKey', made),
    fail('makeKey', { status: 409 }),
    { type: 'key.copy' },
    done('copyKey'),
    fail('copyKey', new Error('denied')),
    { type: 'made.close' },
    { type: 'key.revoke', id: 1 },
    { type: 'key.revoke', id: 2 },
    done('confirm', true),
    done('confirm', false),
    fail('confirm', new Error('dialog closed')),
    done('revokeKey'),
    fail('revokeKey', { status: 404 }),
  ],
};
