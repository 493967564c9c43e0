import { useEffect, useRef } from 'react';
import { whenShown } from '../../machines/dom/whenShown';
import { MAIN_ID } from './Main';

/**
 * The heading of the page in the main landmark, once there is one to focus: while the next
 * screen loads, React keeps the last one in the page, hidden; and a closing dialog (the
 * phone's navigation drawer) gives focus back to what opened it, so wait until it has gone.
 */
function shownHeading(doc: Document): HTMLElement | null {
  const main = doc.getElementById(MAIN_ID);
  if (!main || doc.querySelector('[aria-modal="true"]')) return null;
  return [...main.querySelectorAll<HTMLElement>('h1')].find((h) => h.checkVisibility()) ?? null;
}

/** The user already works in the new page (a form that saved and stayed keeps focus on its button). */
function userIsInPage(doc: Document) {
  const main = doc.getElementById(MAIN_ID);
  const active = doc.activeElement;
  return !!main && !!active && active !== doc.body && active !== main && main.contains(active);
}

/**
 * The user opened a menu or popover (the header's Display options) while the page loaded:
 * taking focus away would close it under their pointer. Only a control the user moved to
 * counts: a closing dialog gives focus back to its opener, which then still moves on.
 */
function userOpenedMenu(doc: Document, before: Element | null) {
  const active = doc.activeElement;
  if (!active || active === before || active === doc.body) return false;
  return [...doc.querySelectorAll('[aria-expanded="true"]')].some((control) => {
    const panel = control.getAttribute('aria-controls');
    return control === active || (!!panel && !!doc.getElementById(panel)?.contains(active));
  });
}

export function focusHeadingWhenShown(doc: Document = document): () => void {
  const before = doc.activeElement;
  return whenShown(
    () => shownHeading(doc),
    (heading) => {
      if (userIsInPage(doc) || userOpenedMenu(doc, before)) return;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus();
    },
    doc,
  );
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
