import { type EventObject, fromCallback } from 'xstate';
import { whenShown } from './dom/whenShown';
import { NON_FIELD } from './fieldErrors';
import type { ErrorTarget } from './entityForm.types';

/**
 * The entity form machine's effects on the page (the way Zag.js keeps a machine's DOM work
 * in its `*.dom.ts`): the machine invokes them in the states they belong to, so each lives
 * exactly as long as that state. They reach the page through the form's scope; a form
 * without one (tests in Node) has nothing to listen to or focus.
 */

/** Where a form lives: its window, and its `<form>` element once rendered. */
export interface FormScope {
  win: Window;
  form: () => HTMLElement | null;
}

const FOCUSABLE =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), [contenteditable="true"], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The control to focus for an error path inside a form: the field's own control (what its
 * label names), else the first control in the field's frame. A path deeper than any field
 * frame (`specs.2.value` of a collapsed row) falls back to the nearest frame above it; the
 * form-wide messages are the target of `non_field_errors`.
 */
export function errorControl(form: HTMLElement, path: string): HTMLElement | null {
  if (path === NON_FIELD) return form.querySelector<HTMLElement>('[data-form-errors]');
  const parts = path.split('.');
  for (let n = parts.length; n > 0; n--) {
    const frame = form.querySelector<HTMLElement>(`[data-field="${CSS.escape(parts.slice(0, n).join('.'))}"]`);
    if (!frame) continue;
    const labelled = frame.querySelector<HTMLLabelElement>(':scope > label[for]');
    const own = labelled ? form.ownerDocument.getElementById(labelled.htmlFor) : null;
    return own?.matches(FOCUSABLE) ? own : frame.querySelector<HTMLElement>(FOCUSABLE);
  }
  return null;
}

/** Ctrl/Cmd+S never opens the browser's "save page" over a form: it is Save & continue (which a read-only form refuses). */
export const saveShortcut = fromCallback<EventObject, { scope: FormScope | null }>(({ input, sendBack }) => {
  const win = input.scope?.win;
  if (!win) return;
  const onKey = (e: KeyboardEvent) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || e.key.toLowerCase() !== 's') return;
    e.preventDefault();
    sendBack({ type: 'saveAndContinue' });
  };
  win.addEventListener('keydown', onKey);
  return () => win.removeEventListener('keydown', onKey);
});

/** A hidden or closing tab writes the draft at once instead of after the debounce. */
export const flushOnHide = fromCallback<EventObject, { scope: FormScope | null }>(({ input, sendBack }) => {
  const win = input.scope?.win;
  if (!win) return;
  const flush = () => sendBack({ type: 'draft.flush' });
  const onVisibility = () => win.document.visibilityState === 'hidden' && flush();
  win.addEventListener('pagehide', flush);
  win.document.addEventListener('visibilitychange', onVisibility);
  return () => {
    win.removeEventListener('pagehide', flush);
    win.document.removeEventListener('visibilitychange', onVisibility);
  };
});

/**
 * Keyboard focus on the control of the error a failed save shows, once the page shows it
 * (the screen has just switched to its language and section); leaving the state stops waiting.
 */
export const focusError = fromCallback<EventObject, { scope: FormScope | null; target: ErrorTarget }>(({ input }) => {
  const scope = input.scope;
  if (!scope) return;
  return whenShown(
    () => {
      const form = scope.form();
      return form ? errorControl(form, input.target.path) : null;
    },
    (control) => control.focus(),
    scope.win.document,
  );
});
