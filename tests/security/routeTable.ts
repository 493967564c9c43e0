/**
 * The live route table of the harness app, as the attack suite walks it: one entry per
 * method and URL, with the access the route declares (server/access.ts).
 */
import type { RouteOptions } from 'fastify';
import type { Access } from '../../server/access.js';
import type { Harness } from '../server/harness.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteCase {
  method: Method;
  url: string;
  access: Access | undefined;
}

/** Routes the API answers under: every one of them must declare its access. */
export const isApi = (url: string) => url.startsWith('/api/') || url.startsWith('/backoffice/api/');

const MUTATING = new Set<string>(['POST', 'PUT', 'PATCH', 'DELETE']);
export const isMutating = (method: string) => MUTATING.has(method);

/** HEAD is Fastify's automatic twin of GET: same handler, so GET stands for it. */
export function routeCases(routes: readonly RouteOptions[]): RouteCase[] {
  const out: RouteCase[] = [];
  for (const r of routes) {
    for (const method of [r.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      out.push({ method: method as Method, url: r.url, access: r.config?.access });
    }
  }
  return out.sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
}

/** The API's routes, and a dealer host's own files (robots.txt, sitemaps), which the delivery API serves at the root. */
export const apiRoutes = (h: Harness) => routeCases(h.routes).filter((r) => isApi(r.url) || r.access?.kind === 'delivery');

/** Routes without a declaration, as `METHOD url`. */
export const undeclared = (cases: readonly RouteCase[]) => cases.filter((r) => r.access === undefined).map((r) => `${r.method} ${r.url}`);

/**
 * Routes that leave part of what comes in undeclared (server/schemas.ts), as
 * `METHOD url: part`: every route declares its query string, a route with parameters its
 * params, a route that takes a body its body.
 */
export function undeclaredInput(routes: readonly RouteOptions[]): string[] {
  const out: string[] = [];
  for (const r of routes) {
    const schema = (r.schema ?? {}) as Record<string, unknown>;
    const parts = ['querystring'];
    if (/[:*]/.test(r.url)) parts.push('params');
    if ([r.method].flat().some((m) => m !== 'GET' && m !== 'HEAD')) parts.push('body');
    for (const part of parts) if (schema[part] === undefined) out.push(`${[r.method].flat().join(',')} ${r.url}: ${part}`);
  }
  return out;
}

export function describeAccess(a: Access | undefined): string {
  if (!a) return 'UNDECLARED';
  if (a.kind === 'delivery' && a.byHost) return 'delivery (by host)';
  if (a.kind !== 'permission') return a.kind;
  const hidden = a.superuserOnly ? ', superusers only' : a.notForRoles ? `, not for ${a.notForRoles.join('/')}` : '';
  return `${[a.action].flat().join('|')}_${a.model} (${a.scope}${hidden})`;
}

/** The route's URL with its parameters filled with the id, and `*` with a key that names no file. */
export function fill(url: string, id: number | string) {
  return url.replace(/:[A-Za-z_]\w*/g, String(id)).replace(/\*$/, 'zz/zz/00000000000000000000000000000000.png');
}

/** Whether the URL names a row: `:id`, or any other parameter a route may add. */
export const hasId = (url: string) => /:[A-Za-z_]\w*/.test(url);
