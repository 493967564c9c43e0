/**
 * The generated layer of the attack suite: every API route of the live route table ×
 * method × identity × host, each answer checked against the rules of rules.ts, and a
 * compact table of what was tried.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { Harness, Session } from '../server/harness.js';
import { hasCell } from '../../entities/fieldTypes/index.js';
import { multipart } from '../server/fixtures/media.js';
import { holds, HOST_NAMES, HOSTS, type HostName, type Identity, IDENTITY_NAMES, type IdentityName, type World } from './identities.js';
import { leakIn } from './leaks.js';
import { importOf, NO_SUCH_ID, type Resources, type SiteKey } from './resources.js';
import { describeAccess, hasId, isMutating, type RouteCase } from './routeTable.js';
import { expected, passes } from './rules.js';

export interface Outcome {
  route: RouteCase;
  host: HostName;
  who: IdentityName;
  status: number;
  rule: string;
  violation?: string;
}

const SITE: Record<Exclude<HostName, 'unknown'>, SiteKey> = { master: 'master', dealer: 'dealer' };

/**
 * Checks every answer may pass: no 5xx, JSON for errors, nothing internal in the body.
 * `sent`: what the request itself carried; an error naming the rejected value quotes it,
 * which reveals nothing, so it is taken out before the body is searched for SQL text.
 */
export function answerProblem(res: LightMyRequestResponse, sent: readonly string[] = []): string | undefined {
  if (res.statusCode >= 500) return `${res.statusCode}: ${res.body.slice(0, 200)}`;
  if (res.statusCode >= 400 && !String(res.headers['content-type'] ?? '').startsWith('application/json')) {
    return `error ${res.statusCode} is not JSON (${res.headers['content-type']})`;
  }
  const body = sent.reduce((b, s) => b.split(JSON.stringify(s).slice(1, -1)).join('<sent>'), res.body);
  const leak = leakIn(body, res.statusCode);
  return leak ? `${res.statusCode} body carries ${leak}: ${res.body.slice(0, 200)}` : undefined;
}

/**
 * An import's multipart body for one who passed its guard (the headers route reads its file
 * and leaves the options out): a dry run of a file with a header and no rows, in the mode the identity may ask (create with add, else update by id), so
 * the answer is the route's own (202), not its refusal of a JSON body (415).
 */
function importPayload(route: RouteCase, who: Identity): { payload: Buffer; headers: Record<string, string> } | undefined {
  const entity = importOf(route.url);
  if (!entity || route.access?.kind !== 'permission') return undefined;
  const column = Object.keys(entity.fields).find((n) => !entity.fields[n]!.translated && hasCell(entity.fields[n]!))!;
  const mode = holds(who, 'add', route.access.model) ? 'create' : 'update';
  const { payload, contentType } = multipart([
    { name: 'options', body: JSON.stringify({ mode, key: 'id', dry_run: true }) },
    { name: 'file', filename: 'rows.csv', contentType: 'text/csv', body: `id,${column}\n` },
  ]);
  return { payload, headers: { 'content-type': contentType } };
}

async function bodyFor(route: RouteCase, site: SiteKey | undefined, guardPassed: boolean, r: Resources, id: number | undefined) {
  if (!isMutating(route.method) || route.method === 'DELETE') return undefined;
  if (!guardPassed || !site) return {};
  if (route.url.endsWith('/bulk_delete/')) {
    const doomed = await r.throwawayId(route, site);
    return { ids: [doomed ?? NO_SUCH_ID] };
  }
  return r.validBody(route, site, id);
}

/**
 * An unknown site has no users: everyone gets the same 404 there. Sampled: anonymous and
 * one signed-in identity per route, in turn, so each identity meets it on several routes.
 */
const identitiesOn = (host: HostName, routeIndex: number): IdentityName[] =>
  host === 'unknown' ? ['anonymous', IDENTITY_NAMES[1 + (routeIndex % (IDENTITY_NAMES.length - 1))]!] : IDENTITY_NAMES;

export async function runMatrix(h: Harness, world: World, r: Resources, routes: readonly RouteCase[]): Promise<Outcome[]> {
  const out: Outcome[] = [];
  const shared = new Map<string, number | undefined>();
  const kept = new Map<string, Promise<Session | undefined>>();
  // A read behind a guard cannot sign anyone out: its session is reused. Anything else
  // (a write, a public route such as logout) gets a fresh one.
  const sessionFor = (route: RouteCase, name: IdentityName, host: HostName) => {
    const reusable = route.method === 'GET' && (route.access?.kind === 'permission' || route.access?.kind === 'auth');
    if (!reusable) return world.session(name, HOSTS[host]);
    const key = `${name}@${host}`;
    if (!kept.has(key)) kept.set(key, world.session(name, HOSTS[host]));
    return kept.get(key)!;
  };
  for (const [index, route] of routes.entries()) {
    const withId = hasId(route.url);
    for (const host of HOST_NAMES) {
      const site = host === 'unknown' ? undefined : SITE[host];
      for (const name of identitiesOn(host, index)) {
        const who = world.identities[name];
        const guess = expected(world, route, who, host, { real: false, routeHasId: withId });
        let id: number | undefined;
        if (withId && site && passes(guess)) {
          if (route.method === 'DELETE') id = await r.throwawayId(route, site);
          else {
            const key = `${route.url}@${site}`;
            if (!shared.has(key)) shared.set(key, await r.existingId(route, site));
            id = shared.get(key);
          }
        }
        if (site && passes(guess)) await r.prepare(route, site, id);
        const body = await bodyFor(route, site, passes(guess), r, id);
        const form = passes(guess) && site ? importPayload(route, who) : undefined;
        const res = await h.call(route.method, await r.urlOf(route, id ?? NO_SUCH_ID), {
          host: HOSTS[host],
          session: await sessionFor(route, name, host),
          ...(form ?? { body }),
        });
        const market = id === undefined || !site ? undefined : await r.marketOf(route, site, id);
        const want = expected(world, route, who, host, { real: id !== undefined, routeHasId: withId, market });
        const problem =
          answerProblem(res) ??
          (want.ok(res.statusCode) ? undefined : `answered ${res.statusCode}, rule "${want.rule}" wants ${want.want}: ${res.body.slice(0, 160)}`);
        out.push({ route, host, who: name, status: res.statusCode, rule: want.rule, violation: problem });
        // A PUT or PATCH may have moved the shared row's version on: later cases read it afresh.
        if (withId && site && isMutating(route.method)) shared.delete(`${route.url}@${site}`);
      }
    }
  }
  return out;
}

/** One line per route and method: the status each identity got on each host, and the totals. */
export function table(outcomes: readonly Outcome[]): string {
  const lines: string[] = [];
  const byRoute = new Map<string, Outcome[]>();
  for (const o of outcomes) {
    const key = `${o.route.method} ${o.route.url}`;
    byRoute.set(key, [...(byRoute.get(key) ?? []), o]);
  }
  const width = Math.max(...[...byRoute.keys()].map((k) => k.length));
  const accessWidth = Math.max(...outcomes.map((o) => describeAccess(o.route.access).length));
  lines.push(`${'route'.padEnd(width)}  ${'access'.padEnd(accessWidth)}  ${HOST_NAMES.map((h) => `${h}: ${IDENTITY_NAMES.join(' ')}`).join(' | ')}`);
  for (const [key, list] of byRoute) {
    const [first] = list;
    if (!first) continue;
    const cells = HOST_NAMES.map((host) =>
      IDENTITY_NAMES.map((who) => {
        const o = list.find((x) => x.host === host && x.who === who);
        return o ? `${o.status}${o.violation ? '!' : ''}` : ' · ';
      }).join(' '),
    );
    lines.push(`${key.padEnd(width)}  ${describeAccess(first.route.access).padEnd(accessWidth)}  ${cells.join(' | ')}`);
  }
  const count = (f: (o: Outcome) => string) => {
    const m = new Map<string, number>();
    for (const o of outcomes) m.set(f(o), (m.get(f(o)) ?? 0) + 1);
    return [...m]
      .sort()
      .map(([k, n]) => `${k} ${n}`)
      .join(', ');
  };
  lines.push(
    `${byRoute.size} route×method, ${IDENTITY_NAMES.length} identities, ${HOST_NAMES.length} hosts (the unknown one sampled, · = not tried): ${outcomes.length} requests`,
    `by rule: ${count((o) => o.rule)}`,
    `by status: ${count((o) => String(o.status))}`,
    `violations: ${outcomes.filter((o) => o.violation).length}`,
  );
  return lines.join('\n');
}
