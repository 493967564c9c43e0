/**
 * The two cookie operations the server needs, as plain functions over the `cookie`
 * package: reading one cookie of a request, and adding a Set-Cookie header to a reply.
 * @fastify/cookie parsed every request's Cookie header in a hook and ran an onSend hook
 * on every answer, a few percent of the CPU of a small API answer, for the few routes
 * that touch a cookie.
 */
import { parseCookie, type SetCookie, stringifySetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The value of the cookie called `name`, URL-decoded when it can be; undefined when absent. */
export function readCookie(req: FastifyRequest, name: string): string | undefined {
  const header = req.headers.cookie;
  return header ? parseCookie(header)[name] : undefined;
}

export type CookieOptions = Pick<SetCookie, 'path' | 'httpOnly' | 'secure' | 'sameSite' | 'maxAge' | 'expires'>;

/** Adds a Set-Cookie header (SameSite=Lax unless told otherwise); other Set-Cookie headers stay. */
export function setCookie(reply: FastifyReply, name: string, value: string, options: CookieOptions) {
  reply.header('set-cookie', stringifySetCookie({ name, value, sameSite: 'lax', ...options }));
  return reply;
}

/** Tells the browser to drop the cookie: empty, expired, with the path and flags it was set with. */
export function clearCookie(reply: FastifyReply, name: string, options: CookieOptions) {
  return setCookie(reply, name, '', { path: '/', ...options, expires: new Date(0), maxAge: 0 });
}
