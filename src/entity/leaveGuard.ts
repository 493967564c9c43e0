import { useEffect, useRef } from 'react';

/** The parts of the Navigation API the guard uses (Chromium; elsewhere the popstate path works). */
interface NavigateEvent extends Event {
  navigationType: 'push' | 'replace' | 'reload' | 'traverse';
  cancelable: boolean;
  destination: { key: string; sameDocument: boolean };
}
interface NavigationLike extends EventTarget {
  traverseTo(key: string): unknown;
}

/**
 * Keeps unsaved work from being left by accident. While `active`:
 * - a route change through the History API (wouter's links and `navigate`) waits for `ask()`;
 * - back/forward is held (Navigation API) or undone (popstate), asked, and redone if allowed;
 * - closing or reloading the tab gets the browser's own warning.
 * `pass(fn)` runs a navigation the app means to make (after a save or a delete).
 */
export function useLeaveGuard(active: boolean, ask: () => Promise<boolean>) {
  const ref = useRef({ active, ask, passing: false, traversing: false, asking: false, href: '' });
  ref.current.active = active;
  ref.current.ask = ask;

  useEffect(() => {
    ref.current.href = window.location.href;
  });

  useEffect(() => {
    const s = ref.current;
    const push = window.history.pushState;
    const navigation = (window as unknown as { navigation?: NavigationLike }).navigation;
    const otherPage = (url: string | URL | null | undefined) => url != null && new URL(String(url), window.location.href).pathname !== window.location.pathname;
    const confirmThen = (go: () => void) => {
      if (s.asking) return;
      s.asking = true;
      void s
        .ask()
        .then((ok) => ok && go())
        .finally(() => {
          s.asking = false;
        });
    };
    const passing = (go: () => void) => () => {
      s.passing = true;
      try {
        go();
      } finally {
        s.passing = false;
      }
    };

    window.history.pushState = function guardedPush(this: History, data: unknown, unused: string, url?: string | URL | null) {
      if (s.active && !s.passing && otherPage(url)) {
        confirmThen(passing(() => push.call(window.history, data, unused, url)));
        return;
      }
      return push.call(this, data, unused, url);
    };

    // Back/forward, where the Navigation API can hold it before the URL changes.
    const onNavigate = (event: Event) => {
      const e = event as NavigateEvent;
      if (e.navigationType !== 'traverse') return;
      if (s.traversing) {
        s.traversing = false;
        return;
      }
      if (!s.active || !e.cancelable || !e.destination.sameDocument) return;
      e.preventDefault();
      const key = e.destination.key;
      confirmThen(() => {
        s.traversing = true;
        navigation?.traverseTo(key);
      });
    };
    // Elsewhere: put the form's URL back before the router renders the other page, then ask.
    // (Capture: at the window, capture listeners run before wouter's.)
    const onPopState = () => {
      if (s.traversing) {
        s.traversing = false;
        return;
      }
      if (!s.active || window.location.href === s.href) return;
      push.call(window.history, window.history.state, '', s.href);
      confirmThen(() => {
        s.traversing = true;
        window.history.back();
      });
    };
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!s.active) return;
      e.preventDefault();
      e.returnValue = '';
    };
    if (navigation) navigation.addEventListener('navigate', onNavigate);
    else window.addEventListener('popstate', onPopState, { capture: true });
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.history.pushState = push;
      if (navigation) navigation.removeEventListener('navigate', onNavigate);
      else window.removeEventListener('popstate', onPopState, { capture: true });
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, []);

  return {
    /** Runs a navigation the app itself decided on (no question asked). */
    pass<T>(fn: () => T): T {
      const s = ref.current;
      s.passing = true;
      try {
        return fn();
      } finally {
        s.passing = false;
      }
    },
  };
}
