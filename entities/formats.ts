/**
 * What a well-formed value looks like, as pure predicates shared by the field types, the
 * list parameters and the menu: ids, URLs, dates, rich-text emptiness.
 */
import type { Field } from './fields.js';
import { EMAIL_ADDRESS } from './patterns.js';

/** Ids are PostgreSQL `integer`s. */
export const MAX_ID = 2_147_483_647;

export const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

export const EMAIL = new RegExp(`^(?:${EMAIL_ADDRESS})$`, 'u');
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(\.\d{1,6})?)?(Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

export function isHttpUrl(v: string): boolean {
  if (/\s/.test(v)) return false;
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Links a menu may hold: http(s) URLs, site paths, anchors, mailto: and tel:. */
export function isMenuUrl(v: string): boolean {
  if (/\s/.test(v) || v.length > 2000) return false;
  if (v.startsWith('/')) return !v.startsWith('//') && !v.includes('\\');
  if (v.startsWith('#')) return true;
  if (/^mailto:[^\s@]+@[^\s@]+$/.test(v) || /^tel:\+?[0-9 ()-]{3,}$/.test(v)) return true;
  return isHttpUrl(v);
}

export function isValidDate(v: string): boolean {
  const m = DATE.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1 && t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/** ISO 8601 with a zone → `YYYY-MM-DDTHH:mm:ss.sssZ`, or undefined. */
export function normalizeDatetime(v: string): string | undefined {
  const m = DATETIME.exec(v);
  if (!m?.[1] || !isValidDate(m[1])) return undefined;
  const t = Date.parse(v);
  return Number.isFinite(t) ? new Date(t).toISOString() : undefined;
}

/** `HH:MM[:SS]` → `HH:MM:SS`, or undefined. */
export function normalizeTime(v: string): string | undefined {
  const m = TIME.exec(v);
  return m ? `${m[1]}:${m[2]}:${m[3] ?? '00'}` : undefined;
}

/** Text of an HTML fragment, for "is this rich text empty?". */
export function richTextIsEmpty(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;/g, ' ')
      .trim() === ''
  );
}

/** A positive integer id, from a number or its decimal text. */
export function parseId(raw: unknown): number | undefined {
  if (typeof raw === 'number' && Number.isInteger(raw) && raw >= 1 && raw <= MAX_ID) return raw;
  if (typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= MAX_ID) return Number(raw);
  return undefined;
}

const patterns = new WeakMap<Field, RegExp>();

/** A declaration's `pattern`, compiled once, matched against a whole value. */
export function patternOf(field: Field & { pattern?: string }): RegExp | undefined {
  if (field.pattern === undefined) return undefined;
  let re = patterns.get(field);
  if (!re) {
    re = new RegExp(`^(?:${field.pattern})$`, 'u');
    patterns.set(field, re);
  }
  return re;
}

/** `Trattore DF 5080 Ultra!` → `trattore-df-5080-ultra`; accents folded, other scripts kept. */
export function slugify(text: string, maxLength = 200): string {
  const s = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  // Keep only what a slug may hold (a-z, 0-9): other scripts become nothing here.
  const ascii = s
    .replace(/[^a-z0-9-]+/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
  return ascii.slice(0, maxLength).replace(/-+$/, '');
}

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
