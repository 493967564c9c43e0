import { NON_FIELD } from '../../machines/entityForm.helpers';

const FOCUSABLE = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), [contenteditable="true"], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

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
