import { format, isValid, parse, parseISO } from 'date-fns';

/**
 * Conversions between what the API stores (date `YYYY-MM-DD`, datetime ISO 8601 UTC,
 * time `HH:MM:SS`) and what the native inputs hold (local wall-clock values).
 */

/** ISO instant → `datetime-local` value in the user's time zone. */
export function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = parseISO(iso);
  return isValid(d) ? format(d, "yyyy-MM-dd'T'HH:mm") : '';
}

/** `datetime-local` value (the user's wall clock) → ISO instant in UTC; '' → null. */
export function localInputToIso(local: string): string | null {
  if (!local) return null;
  const d = parse(local, local.length > 16 ? "yyyy-MM-dd'T'HH:mm:ss" : "yyyy-MM-dd'T'HH:mm", new Date());
  return isValid(d) ? d.toISOString() : null;
}

/** `HH:MM:SS` → `HH:MM` for the time input. */
export const timeToInput = (v: string | null | undefined) => (v ? v.slice(0, 5) : '');

/** `HH:MM` (or `HH:MM:SS`) → `HH:MM:SS`; '' → null. */
export const inputToTime = (v: string) => (v ? (v.length === 5 ? `${v}:00` : v) : null);

/** A stored date as a local calendar day (date-fns reads `YYYY-MM-DD` as local midnight). */
export function dateOf(v: string | null | undefined): Date | null {
  if (!v) return null;
  const d = parseISO(v);
  return isValid(d) ? d : null;
}

export function timeOf(v: string | null | undefined): Date | null {
  if (!v) return null;
  const d = parse(v.length === 5 ? `${v}:00` : v, 'HH:mm:ss', new Date(2000, 0, 1));
  return isValid(d) ? d : null;
}
