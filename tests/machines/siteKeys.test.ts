import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ConfirmInput, Notice } from '../../machines/shell.types';
import { connectSiteKeys } from '../../machines/siteKeys.connect';
import { KEY_NAME_MAX, type MadeKey, type SiteKeyRow, siteKeysMachine } from '../../machines/siteKeys.machine';
import { siteKeysModel } from '../../machines/siteKeys.model';
import { pathsOf, uncoveredTransitions, unvisitedStates, walkPath } from './modelHarness';

const paths = pathsOf(siteKeysModel);

describe('site keys machine (model-based)', () => {
  it('the generated paths visit every state and take every transition', () => {
    expect(unvisitedStates(siteKeysMachine, paths)).toEqual([]);
    expect(uncoveredTransitions(siteKeysMachine, paths)).toEqual([]);
  });
  for (const path of paths) {
    it(path.description, async () => {
      const actor = await walkPath(siteKeysModel, path);
      const s = actor.getSnapshot();
      // A key is asked about exactly while the question or its revocation is under way.
      expect(s.context.pending !== null).toBe(s.matches('confirming') || s.matches('revoking'));
      // The key itself is held only while its dialog is open.
      expect(s.context.made !== null).toBe(s.matches('showing') || s.matches('copying'));
      const view = connectSiteKeys(s, () => {});
      expect(view.made !== null).toBe(s.matches('showing') || s.matches('copying'));
      expect(view.naming !== null).toBe(s.matches('naming') || s.matches('making'));
      expect(view.loadError !== null).toBe(s.matches('failed'));
      actor.stop();
    });
  }
});

const row = (id: number, over: Partial<SiteKeyRow> = {}): SiteKeyRow => ({
  id,
  name: `Key ${id}`,
  prefix: `dbk_${id}`,
  created_at: '2026-11-20T10:00:00.000Z',
  created_by: 'admin',
  last_used_at: null,
  revoked_at: null,
  ...over,
});

/** The panel on fake HTTP, clipboard and confirm dialog, recording what each was asked. */
function boot(opts: { keys?: SiteKeyRow[][]; answer?: boolean; make?: (name: string) => Promise<MadeKey>; copy?: () => Promise<void> } = {}) {
  const lists = [...(opts.keys ?? [[row(1), row(2, { revoked_at: '2026-11-21T00:00:00.000Z' })]])];
  const calls = {
    fetch: [] as number[],
    make: [] as Array<{ tenant: number; name: string }>,
    revoke: [] as number[],
    copy: [] as string[],
    asked: [] as ConfirmInput[],
  };
  const notices: Notice[] = [];
  const actor = createActor(
    siteKeysMachine.provide({
      actors: {
        fetchKeys: fromPromise<SiteKeyRow[], { tenant: number }>(async ({ input }) => (calls.fetch.push(input.tenant), lists.shift() ?? [])),
        makeKey: fromPromise<MadeKey, { tenant: number; name: string }>(async ({ input }) => {
          calls.make.push(input);
          return opts.make ? opts.make(input.name) : { ...row(9, { name: input.name }), key: `dbk_${'k'.repeat(43)}` };
        }),
        revokeKey: fromPromise<void, { id: number }>(async ({ input }) => void calls.revoke.push(input.id)),
        copyKey: fromPromise<void, { key: string }>(async ({ input }) => {
          calls.copy.push(input.key);
          await opts.copy?.();
        }),
        confirm: fromPromise<boolean, ConfirmInput>(async ({ input }) => (calls.asked.push(input), opts.answer ?? true)),
      },
      actions: { notify: (_, notice: Notice) => void notices.push(notice) },
    }),
    { input: { tenant: 7 } },
  ).start();
  const view = () => connectSiteKeys(actor.getSnapshot(), actor.send);
  const settle = (state: 'ready' | 'naming' | 'showing' | 'failed') => waitFor(actor, (s) => s.matches(state), { timeout: 1000 });
  return { actor, calls, notices, view, settle };
}

describe('site keys: making a key', () => {
  it("reads the site's keys, then makes one under the trimmed name and shows it once", async () => {
    const m = boot();
    await m.settle('ready');
    expect(m.calls.fetch).toEqual([7]);
    expect(m.view().keys.map((k) => k.id)).toEqual([1, 2]);
    m.view().newKey();
    m.view().setName('  Nuxt front-end ');
    m.view().submitName();
    await m.settle('showing');
    expect(m.calls.make).toEqual([{ tenant: 7, name: 'Nuxt front-end' }]);
    expect(m.view().made).toMatchObject({ key: `dbk_${'k'.repeat(43)}`, name: 'Nuxt front-end', copied: 'no' });
    // Listed first, and never with the key.
    expect(m.view().keys[0]).toEqual(row(9, { name: 'Nuxt front-end' }));
    m.view().copy();
    await waitFor(m.actor, (s) => s.matches('showing') && s.context.copied === 'yes');
    expect(m.calls.copy).toEqual([`dbk_${'k'.repeat(43)}`]);
    m.view().closeMade();
    await m.settle('ready');
    expect(JSON.stringify(m.actor.getSnapshot().context)).not.toContain('k'.repeat(43));
  });

  it('sends no blank or overlong name, says why, and stops saying it once the name is fine', async () => {
    const m = boot();
    await m.settle('ready');
    m.view().newKey();
    expect(m.view().naming?.problem).toBeNull();
    m.view().setName('   ');
    m.view().submitName();
    expect(m.view().naming?.problem).toBe('required');
    m.view().setName('x'.repeat(KEY_NAME_MAX + 1));
    expect(m.view().naming?.problem).toBe('maxLength');
    m.view().setName('Website');
    expect(m.view().naming?.problem).toBeNull();
    expect(m.calls.make).toEqual([]);
    m.view().cancelName();
    await m.settle('ready');
  });

  it('says when the key could not be copied, and keeps showing it', async () => {
    const m = boot({ copy: () => Promise.reject(new Error('denied')) });
    await m.settle('ready');
    m.view().newKey();
    m.view().setName('Website');
    m.view().submitName();
    await m.settle('showing');
    m.view().copy();
    await waitFor(m.actor, (s) => s.matches('showing') && s.context.copied === 'failed');
    expect(m.view().made).toMatchObject({ key: `dbk_${'k'.repeat(43)}`, copied: 'failed' });
  });

  it('keeps the name dialog open with the reason when the server refuses', async () => {
    const m = boot({ make: () => Promise.reject(Object.assign(new Error('full'), { status: 409 })) });
    await m.settle('ready');
    m.view().newKey();
    m.view().setName('Website');
    m.view().submitName();
    await waitFor(m.actor, (s) => s.matches('naming') && s.context.makeError !== null);
    expect(m.view().naming).toMatchObject({ name: 'Website', makeError: { status: 409, key: 'errors.http.conflict' }, busy: false });
    expect(m.view().keys.map((k) => k.id)).toEqual([1, 2]);
  });
});

describe('site keys: revoking a key', () => {
  it('asks first, naming the key, then revokes it and reads the list again', async () => {
    const m = boot({ keys: [[row(1)], [row(1, { revoked_at: '2026-11-26T12:00:00.000Z' })]] });
    await m.settle('ready');
    m.view().revoke(1);
    await waitFor(m.actor, (s) => s.matches('ready') && m.calls.fetch.length === 2);
    expect(m.calls.asked).toEqual([
      { title: 'siteKeys.revokeTitle', question: 'siteKeys.revokeQuestion', values: { name: 'Key 1' }, danger: true, approveLabel: 'siteKeys.revoke' },
    ]);
    expect(m.calls.revoke).toEqual([1]);
    expect(m.view().keys[0]?.revoked_at).not.toBeNull();
    expect(m.notices).toEqual([{ key: 'siteKeys.revokedNotice', color: 'success' }]);
  });

  it('revokes nothing on no, and does not offer to revoke a revoked or unknown key', async () => {
    const m = boot({ answer: false });
    await m.settle('ready');
    m.view().revoke(2);
    m.view().revoke(99);
    expect(m.actor.getSnapshot().matches('ready')).toBe(true);
    m.view().revoke(1);
    await waitFor(m.actor, (s) => s.matches('ready') && m.calls.asked.length === 1);
    expect(m.calls.revoke).toEqual([]);
  });

  it('offers a retry when the list cannot be read', async () => {
    const failing = createActor(
      siteKeysMachine.provide({
        actors: { fetchKeys: fromPromise<SiteKeyRow[], { tenant: number }>(() => Promise.reject(Object.assign(new Error('down'), { status: 503 }))) },
      }),
      { input: { tenant: 7 } },
    ).start();
    await waitFor(failing, (s) => s.matches('failed'));
    expect(connectSiteKeys(failing.getSnapshot(), failing.send).loadError).toEqual({ status: 503, key: 'errors.http.unavailable' });
    failing.stop();
  });
});
