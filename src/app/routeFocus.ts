import { useEffect, useRef } from 'react';
import { MAIN_ID } from './Main';

/** How long a route's heading is waited for (a slow chunk or list), before focus is left alone. */
const WAIT_MS = 10_000;

/**
 * Focuses the main landmark's heading once it is shown, unless the user has already moved
 * focus into the page (a form that saved and stayed keeps focus on its button). Returns
 * a function that stops waiting.
 */
export function focusHeadingWhenShown(doc: Document = document, waitMs = WAIT_MS): () => void {
  const view = doc.defaultView ?? window;
  let frame = 0;
  const userIsInPage = (main: HTMLElement) => {
    const active = doc.activeElement;
    return !!active && active !== doc.body && active !== main && main.contains(active);
  };
  const attempt = () => {
    const main = doc.getElementById(MAIN_ID);
    // While the next screen loads, React keeps the last one in the page, hidden: its heading does not count.
    const heading = [...(main?.querySelectorAll<HTMLElement>('h1') ?? [])].find((h) => h.checkVisibility());
    // A closing dialog (the phone's navigation drawer) gives focus back to what opened it: wait until it has gone.
    if (!main || !heading || doc.querySelector('[aria-modal="true"]')) return false;
    // A frame later, after a dialog that just closed has given focus back.
    frame = view.requestAnimationFrame(() => {
      if (!heading.isConnected || userIsInPage(main)) return;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus();
    });
    return true;
  };
  const observer = new MutationObserver(() => attempt() && observer.disconnect());
  const timer = view.setTimeout(() => observer.disconnect(), waitMs);
  if (!attempt()) observer.observe(doc.body, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
    view.clearTimeout(timer);
    view.cancelAnimationFrame(frame);
  };
}

/**
 * After a route change (not the first load, which starts at the top with the skip link),
 * focus moves to the new page's heading: a screen reader says where the user is, and Tab
 * goes on inside the page instead of from the link that was clicked.
 */
export function useRouteFocus(path: string) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    return focusHeadingWhenShown();
  }, [path]);
}
