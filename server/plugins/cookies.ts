/**
 * The two cookie operations the server needs, as plain functions: reading one cookie of a
 * request, and adding a Set-Cookie header to a reply. @fastify/cookie parsed every
 * request's Cookie header in a hook and ran an onSend hook on every answer, a few
 * percent of the CPU of a small API answer, for the few routes that touch a cookie.
 * Parsing and serialising follow the `cookie` package that plugin used.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The value of the first cookie called `name`, URL-decoded when it can be; undefined when absent. */
export function readCookie(req: FastifyRequest, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  const len = header.length;
  let index = 0;
  while (index < len) {
    const eq = header.indexOf('=', index);
    if (eq === -1) return undefined;
    let end = header.indexOf(';', index);
    if (end === -1) end = len;
    if (eq > end) {
      // A pair without '=': skip it.
      index = end + 1;
      continue;
    }
    if (trimmed(header, index, eq) === name) return decode(trimmed(header, eq + 1, end));
    index = end + 1;
  }
  return undefined;
}

export interface CookieOptions {
  path?: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'lax' | 'strict' | 'none';
  /** Seconds. */
  maxAge?: number;
  expires?: Date;
}

/** Adds a Set-Cookie header (SameSite=Lax unless told otherwise); other Set-Cookie headers stay. */
export function setCookie(reply: FastifyReply, name: string, value: string, options: CookieOptions) {
  reply.header('set-cookie', serialize(name, value, { sameSite: 'lax', ...options }));
  return reply;
}

/** Tells the browser to drop the cookie: empty, expired, with the path and flags it was set with. */
export function clearCookie(reply: FastifyReply, name: string, options: CookieOptions) {
  return setCookie(reply, name, '', { path: '/', ...options, expires: new Date(0), maxAge: 0 });
}

const NAME = /^[\u0021-\u003A\u003C\u003E-\u007E]+$/;
const PATH = /^[\u0020-\u003A\u003D-\u007E]*$/;
const NEEDS_ENCODING = /[\u0000-\u0020\u007F-\uFFFF",;\\%]/;
const SAME_SITE = { lax: 'Lax', strict: 'Strict', none: 'None' } as const;

function serialize(name: string, value: string, o: CookieOptions) {
  if (!NAME.test(name)) throw new TypeError(`cookie name is invalid: ${name}`);
  let out = `${name}=${NEEDS_ENCODING.test(value) ? encodeURIComponent(value) : value}`;
  if (o.maxAge !== undefined) {
    if (!Number.isSafeInteger(o.maxAge)) throw new TypeError(`cookie maxAge is invalid: ${o.maxAge}`);
    out += `; Max-Age=${o.maxAge}`;
  }
  if (o.path) {
    if (!PATH.test(o.path)) throw new TypeError(`cookie path is invalid: ${o.path}`);
    out += `; Path=${o.path}`;
  }
  if (o.expires) out += `; Expires=${o.expires.toUTCString()}`;
  if (o.httpOnly) out += '; HttpOnly';
  if (o.secure) out += '; Secure';
  if (o.sameSite) out += `; SameSite=${SAME_SITE[o.sameSite]}`;
  return out;
}

/** The text between start and end without surrounding spaces and tabs. */
function trimmed(s: string, start: number, end: number) {
  while (start < end && (s.charCodeAt(start) === 32 || s.charCodeAt(start) === 9)) start++;
  while (end > start && (s.charCodeAt(end - 1) === 32 || s.charCodeAt(end - 1) === 9)) end--;
  return s.slice(start, end);
}

function decode(value: string) {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
