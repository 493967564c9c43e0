import { type EventObject, fromCallback, fromPromise } from 'xstate';

/**
 * The leave guard's effects on the browser's history (leaveGuard.machine.ts invokes them):
 * `holdHistory` holds every way out of the page while unsaved work is on it and reports
 * each as a leave attempt; `leave` makes the attempt the user then allowed.
 */

/** A way out of the page that was held, to make once the user allows it. */
export type LeaveAttempt =
  /** A route change through the History API (wouter's links and `navigate`). */
  | { kind: 'push'; data: unknown; url: string }
  /** Back/forward, held by the Navigation API before the URL changed. */
  | { kind: 'traverse'; key: string }
  /** Back/forward where only popstate tells (no Navigation API): undone at once, redone by going back. */
  | { kind: 'back' };

/** The parts of the Navigation API the guard uses (Chromium; elsewhere the popstate path works). */
interface NavigateEvent extends Event {
  navigationType: 'push' | 'replace' | 'reload' | 'traverse';
  cancelable: boolean;
  destination: { key: string; sameDocument: boolean };
}
interface NavigationLike extends EventTarget {
  traverseTo(key: string): { finished: Promise<unknown> };
}

const navigationOf = (win: Window) => (win as unknown as { navigation?: NavigationLike }).navigation;

/**
 * While it runs: a push to another page is not made but reported; back/forward is held
 * (Navigation API) or undone (popstate) and reported; closing or reloading the tab gets the
 * browser's own warning. Stopping it puts `history.pushState` back.
 */
export const holdHistory = fromCallback<EventObject>(({ sendBack }) => {
  const win = window;
  const push = win.history.pushState;
  // The form's own URL, to put back when popstate has already left it.
  const href = win.location.href;
  const navigation = navigationOf(win);
  const attempt = (leave: LeaveAttempt) => sendBack({ type: 'leave.attempt', attempt: leave });
  const otherPage = (url: string | URL | null | undefined) => url != null && new URL(String(url), win.location.href).pathname !== win.location.pathname;

  win.history.pushState = function guardedPush(this: History, data: unknown, unused: string, url?: string | URL | null) {
    if (otherPage(url)) attempt({ kind: 'push', data, url: String(url) });
    else push.call(this, data, unused, url);
  };
  const onNavigate = (event: Event) => {
    const e = event as NavigateEvent;
    if (e.navigationType !== 'traverse' || !e.cancelable || !e.destination.sameDocument) return;
    e.preventDefault();
    attempt({ kind: 'traverse', key: e.destination.key });
  };
  // Capture: at the window, capture listeners run before the router's, so the form's URL is
  // back before the router renders the other page.
  const onPopState = () => {
    if (win.location.href === href) return;
    push.call(win.history, win.history.state, '', href);
    attempt({ kind: 'back' });
  };
  const onBeforeUnload = (e: BeforeUnloadEvent) => {
    e.preventDefault();
    e.returnValue = '';
  };
  if (navigation) navigation.addEventListener('navigate', onNavigate);
  else win.addEventListener('popstate', onPopState, { capture: true });
  win.addEventListener('beforeunload', onBeforeUnload);
  return () => {
    win.history.pushState = push;
    if (navigation) navigation.removeEventListener('navigate', onNavigate);
    else win.removeEventListener('popstate', onPopState, { capture: true });
    win.removeEventListener('beforeunload', onBeforeUnload);
  };
});

/**
 * Makes the allowed attempt and settles once the browser has made it; without one (the app
 * leaves on its own, right after sending `leave.pass`) it settles at once.
 */
export const leave = fromPromise<void, LeaveAttempt | null>(({ input }) => {
  const win = window;
  if (!input) return Promise.resolve();
  if (input.kind === 'push') {
    win.history.pushState(input.data, '', input.url);
    return Promise.resolve();
  }
  if (input.kind === 'traverse') {
    const made = navigationOf(win)?.traverseTo(input.key).finished;
    return Promise.resolve(made).then(
      () => undefined,
      () => undefined,
    );
  }
  return new Promise<void>((resolve) => {
    win.addEventListener('popstate', () => resolve(), { once: true });
    win.history.back();
  });
});
