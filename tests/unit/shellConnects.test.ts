import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { connectAutocomplete } from '../../machines/autocomplete.connect';
import { autocompleteMachine } from '../../machines/autocomplete.machine';
import { options } from '../../machines/autocomplete.model';
import { connectConfirm } from '../../machines/confirm.connect';
import { confirmMachine } from '../../machines/confirm.machine';
import { connectLanguage } from '../../machines/language.connect';
import { languageMachine } from '../../machines/language.machine';
import { connectLoadingBar } from '../../machines/loadingBar.connect';
import { loadingBarMachine } from '../../machines/loadingBar.machine';
import { connectSession } from '../../machines/session.connect';
import { sessionMachine } from '../../machines/session.machine';
import { tenant, user } from '../../machines/session.model';
import { connectSidebar } from '../../machines/sidebar.connect';
import { sidebarMachine } from '../../machines/sidebar.machine';

// The connect of each machine the shell renders (README: every machine has its pure connect), on resolved snapshots.

describe('connectSession', () => {
  const base = createActor(sessionMachine, { input: { host: 'localhost', hasSession: true } }).getSnapshot().context;
  const snap = (value: string, context: Partial<typeof base> = {}) => sessionMachine.resolveState({ value, context: { ...base, ...context } });

  it('is booting until the site and the user are known, and not while a logout unheard is being finished', () => {
    for (const value of ['checkingTenant', 'restoringSession', 'fetchingTenant']) expect(connectSession(snap(value), vi.fn()).booting).toBe(true);
    for (const value of ['finishingLogout', 'loggedOut', 'loggedIn', 'failed']) expect(connectSession(snap(value), vi.fn()).booting).toBe(false);
  });

  it('tells a dealer site and a dealer user apart, and names the site and the user', () => {
    const master = connectSession(snap('loggedIn', { loggedIn: true, user, tenant, tenantKind: 'default' }), vi.fn());
    expect(master).toMatchObject({ loggedIn: true, username: 'admin', tenant, siteName: 'Master', dealerBackoffice: false, dealer: false });
    const dealerSite = { tenantKind: 'dealer', tenant: { ...tenant, kind: 'dealer' as const, name: 'Rossi' } };
    expect(connectSession(snap('loggedIn', { ...dealerSite, loggedIn: true, user }), vi.fn())).toMatchObject({
      dealerBackoffice: true,
      dealer: false,
      siteName: 'Rossi',
    });
    expect(connectSession(snap('loggedIn', { ...dealerSite, loggedIn: true, user: { ...user, role: 'DE' } }), vi.fn()).dealer).toBe(true);
    expect(connectSession(snap('loggedOut'), vi.fn())).toMatchObject({ loggedIn: false, user: null, username: null, tenant: null, siteName: null });
  });

  it('is logging in from the submit until the profile is loaded, with the errors of the last try', () => {
    expect(connectSession(snap('loggingIn'), vi.fn()).loggingIn).toBe(true);
    expect(connectSession(snap('loadingProfile'), vi.fn()).loggingIn).toBe(true);
    const failed = connectSession(snap('loggedOut', { loginErrors: { password: ['errors.required'] } }), vi.fn());
    expect(failed).toMatchObject({ loggingIn: false, loginErrors: { password: ['errors.required'] } });
  });

  it('shows the boot error and sends retry, login and logout', () => {
    const send = vi.fn();
    const props = connectSession(snap('failed', { bootError: { status: 503, key: 'errors.unavailable' } }), send);
    expect(props.bootError).toEqual({ status: 503, key: 'errors.unavailable' });
    props.retry();
    props.login({ username: 'admin', password: 'secret' });
    props.logout();
    expect(send.mock.calls.map(([e]) => e)).toEqual([{ type: 'retry' }, { type: 'login.submit', username: 'admin', password: 'secret' }, { type: 'logout' }]);
  });
});

describe('connectConfirm', () => {
  const reply = () => {};
  const question = { title: 'Delete?', question: 'Delete "Ada"?', reply };

  it('has no question while closed', () => {
    expect(connectConfirm(confirmMachine.resolveState({ value: 'closed', context: { current: null, queue: [] } }), vi.fn())).toMatchObject({
      open: false,
      request: null,
    });
  });

  it('shows the question asked now with its labels, plain or dangerous, and never the reply callback', () => {
    const open = (current: typeof question & { danger?: boolean; approveLabel?: string }) =>
      confirmMachine.resolveState({ value: 'open', context: { current, queue: [] } });
    expect(connectConfirm(open(question), vi.fn()).request).toEqual({
      title: 'Delete?',
      question: 'Delete "Ada"?',
      approveLabel: null,
      dismissLabel: null,
      danger: false,
    });
    expect(connectConfirm(open({ ...question, danger: true, approveLabel: 'Delete' }), vi.fn()).request).toMatchObject({
      danger: true,
      approveLabel: 'Delete',
    });
  });

  it('answers through approve and dismiss, and the asker hears it', async () => {
    const actor = createActor(confirmMachine).start();
    const answer = new Promise<boolean>((resolve) => actor.send({ type: 'ask', title: 'T', question: 'Q', reply: resolve }));
    const props = connectConfirm(actor.getSnapshot(), actor.send);
    expect(props.open).toBe(true);
    props.approve();
    expect(await answer).toBe(true);
    expect(connectConfirm(actor.getSnapshot(), actor.send).open).toBe(false);
    const send = vi.fn();
    connectConfirm(actor.getSnapshot(), send).dismiss();
    expect(send).toHaveBeenCalledWith({ type: 'dismiss' });
  });
});

describe('connectLanguage', () => {
  const snap = (value: string, language: 'en' | 'it', requested: 'en' | 'it') => languageMachine.resolveState({ value, context: { language, requested } });

  it('is not ready while the first language loads; the selector shows the one asked for while it loads', () => {
    expect(connectLanguage(snap('loading', 'en', 'it'), vi.fn())).toMatchObject({ ready: false, language: 'en', requested: 'it', switching: false });
    expect(connectLanguage(snap('switching', 'en', 'it'), vi.fn())).toMatchObject({ ready: true, language: 'en', requested: 'it', switching: true });
    expect(connectLanguage(snap('ready', 'it', 'it'), vi.fn())).toMatchObject({ ready: true, language: 'it', switching: false });
  });

  it('sends the chosen language', () => {
    const send = vi.fn();
    connectLanguage(snap('ready', 'en', 'en'), send).choose('it');
    expect(send).toHaveBeenCalledWith({ type: 'language.change', language: 'it' });
  });
});

describe('connectLoadingBar', () => {
  const snap = (value: string) => loadingBarMachine.resolveState({ value, context: { active: 0 } });

  it('shows the bar only past the throttle, full and fading while it completes (spec §9)', () => {
    expect(connectLoadingBar(snap('idle'))).toEqual({ visible: false, completing: false });
    expect(connectLoadingBar(snap('pending'))).toEqual({ visible: false, completing: false });
    expect(connectLoadingBar(snap('visible'))).toEqual({ visible: true, completing: false });
    expect(connectLoadingBar(snap('completing'))).toEqual({ visible: true, completing: true });
  });
});

describe('connectSidebar', () => {
  const flags = { drawer: true, clipped: false, minivariant: false, narrow: false, overlayOpen: false, expanded: [] as string[] };
  const snap = (context: Partial<typeof flags>) => sidebarMachine.resolveState({ value: 'ready', context: { ...flags, ...context } });

  it('sits beside the page as a drawer, icons only, hidden, or as an overlay on a narrow screen', () => {
    expect(connectSidebar(snap({}), vi.fn()).mode).toBe('drawer');
    expect(connectSidebar(snap({ minivariant: true }), vi.fn())).toMatchObject({ mode: 'mini', mini: true });
    expect(connectSidebar(snap({ drawer: false }), vi.fn()).mode).toBe('hidden');
    expect(connectSidebar(snap({ narrow: true, minivariant: true, drawer: false, overlayOpen: true }), vi.fn())).toMatchObject({
      mode: 'overlay',
      mini: false,
      overlayOpen: true,
    });
  });

  it('clips the layout only where there is room, while the display menu keeps showing the saved choices', () => {
    expect(connectSidebar(snap({ clipped: true }), vi.fn())).toMatchObject({ clippedLayout: true, options: { clipped: true, minivariant: false } });
    expect(connectSidebar(snap({ clipped: true, minivariant: true, narrow: true }), vi.fn())).toMatchObject({
      clippedLayout: false,
      options: { clipped: true, minivariant: true },
    });
  });

  it('sends the toggles and the route change', () => {
    const send = vi.fn();
    const props = connectSidebar(snap({ expanded: ['pages'] }), send);
    expect(props.expanded).toEqual(['pages']);
    props.toggleDrawer();
    props.toggleClipped();
    props.toggleMinivariant();
    props.toggleGroup('brand');
    props.routeChanged(null);
    expect(send.mock.calls.map(([e]) => e)).toEqual([
      { type: 'drawer.toggle' },
      { type: 'clipped.toggle' },
      { type: 'minivariant.toggle' },
      { type: 'group.toggle', name: 'brand' },
      { type: 'route.changed', group: null },
    ]);
  });
});

describe('connectAutocomplete', () => {
  const base = createActor(autocompleteMachine, { input: { resource: 'brand' } }).getSnapshot().context;
  const snap = (value: unknown, context: Partial<typeof base> = {}) =>
    autocompleteMachine.resolveState({ value: value as never, context: { ...base, ...context } });

  it('is closed, searching, ready or failed, with what to say when nothing is listed', () => {
    expect(connectAutocomplete(snap('closed'), vi.fn())).toMatchObject({
      open: false,
      status: 'closed',
      searchingEmpty: false,
      noOptions: false,
      failed: false,
    });
    expect(connectAutocomplete(snap({ open: 'debouncing' }), vi.fn())).toMatchObject({ open: true, status: 'searching', searchingEmpty: true });
    expect(connectAutocomplete(snap({ open: 'searching' }, { options }), vi.fn()).searchingEmpty).toBe(false);
    expect(connectAutocomplete(snap({ open: 'ready' }), vi.fn())).toMatchObject({ status: 'ready', noOptions: true });
    expect(connectAutocomplete(snap({ open: 'failed' }), vi.fn())).toMatchObject({ status: 'failed', failed: true });
  });

  it('offers the options not already chosen; Enter takes the one pointed at, else the first offered', () => {
    const pointedAtSecond = connectAutocomplete(snap({ open: 'ready' }, { options, highlighted: 1 }), vi.fn());
    expect(pointedAtSecond.options.map((o) => [o.title, o.highlighted])).toEqual([
      ['Deutz-Fahr', false],
      ['SAME', true],
    ]);
    expect(pointedAtSecond.enterPick).toEqual(options[1]);
    const secondChosen = connectAutocomplete(snap({ open: 'ready' }, { options, highlighted: 1 }), vi.fn(), { exclude: [2] });
    expect(secondChosen.options.map((o) => o.id)).toEqual([1]);
    expect(secondChosen.current).toBeNull();
    expect(secondChosen.enterPick).toEqual(options[0]);
    expect(connectAutocomplete(snap({ open: 'ready' }, { options, highlighted: 0 }), vi.fn(), { exclude: [1, 2] }).enterPick).toBeNull();
  });

  it('points at an option by its place among all the answers, and sends what the keyboard and the list do', () => {
    const send = vi.fn();
    const props = connectAutocomplete(snap({ open: 'ready' }, { options, highlighted: 0 }), send, { exclude: [1] });
    props.options[0]?.point();
    expect(props.options).toHaveLength(1);
    props.openList();
    props.type('sa');
    props.move(-1);
    props.chosen();
    props.retry();
    props.close();
    expect(send.mock.calls.map(([e]) => e)).toEqual([
      { type: 'highlight.set', index: 1 },
      { type: 'open' },
      { type: 'query.change', query: 'sa' },
      { type: 'highlight.move', delta: -1 },
      { type: 'choose' },
      { type: 'retry' },
      { type: 'close' },
    ]);
  });
});
