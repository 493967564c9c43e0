/* A changed value and where it is, as text: the conflict dialog and the history's diff. */
import type { EntityDef } from '../../entities/define';
import type { Field } from '../../entities/fields';
import { labelText } from '../fields/label';

type T = (key: string, params?: Record<string, unknown>) => string;

/** `translations.it.name` → "Name (IT)", `specs.2.value` → "Specs › 3 › Value". */
export function pathLabel(entity: EntityDef, path: string, t: T): string {
  const parts = path.split('.');
  let language: string | undefined;
  if (parts[0] === 'translations' && parts.length >= 3) {
    language = parts[1];
    parts.splice(0, 2);
  }
  const out: string[] = [];
  let fields: Readonly<Record<string, Field>> | undefined = entity.fields;
  for (const part of parts) {
    if (/^\d+$/.test(part)) {
      out.push(String(Number(part) + 1));
      continue;
    }
    const field: Field | undefined = fields?.[part];
    out.push(field ? labelText(t, field.label) : part);
    fields = field?.type === 'repeater' ? field.fields : undefined;
  }
  return `${out.join(' › ')}${language ? ` (${language.toUpperCase()})` : ''}`;
}

/** A value as one line of text for the diff. */
export function showValue(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'string')
    return (
      v
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim() || '—'
    );
  if (Array.isArray(v)) return v.length ? v.map(showValue).join(', ') : '—';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}
