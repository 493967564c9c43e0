/**
 * The permission and site matrix of the account endpoints: every identity × endpoint ×
 * action answers as the rules say, and a refused request writes nothing.
 */
import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect, type Session } from './harness.js';
import { GOOD_PASSWORD, HOSTS, idOf, siteId, uniqueName, usersSnapshot } from './users-fixtures.js';

type Who = 'anonymous' | 'admin' | 'staff' | 'market' | 'rossi' | 'verdi' | 'rossi.viewer';
type Action = 'list' | 'read' | 'create';
interface Endpoint {
  name: string;
  host: string;
  path: '/api/users/' | '/api/tenantUsers/';
  /** The account a read asks for. */
  reads: string;
  expect: Record<Who, [number, number, number]>;
}

const ENDPOINTS: Endpoint[] = [
  {
    name: 'users on a dealer site',
    host: HOSTS.rossi,
    path: '/api/users/',
    reads: 'rossi',
    expect: {
      anonymous: [401, 401, 401],
      admin: [200, 200, 201],
      staff: [200, 200, 403],
      market: [200, 200, 201],
      rossi: [200, 200, 201],
      verdi: [401, 401, 401],
      'rossi.viewer': [200, 200, 403],
    },
  },
  {
    name: 'users on the master site',
    host: HOSTS.master,
    path: '/api/users/',
    reads: 'staff',
    expect: {
      anonymous: [401, 401, 401],
      admin: [200, 200, 201],
      staff: [200, 200, 403],
      // Its roster is the market administrators of its market; it makes no master account.
      market: [200, 404, 403],
      rossi: [401, 401, 401],
      verdi: [401, 401, 401],
      'rossi.viewer': [401, 401, 401],
    },
  },
  {
    name: 'tenantUsers on the master site',
    host: HOSTS.master,
    path: '/api/tenantUsers/',
    reads: 'rossi',
    expect: {
      anonymous: [401, 401, 401],
      admin: [200, 200, 201],
      staff: [200, 200, 403],
      market: [200, 200, 201],
      rossi: [401, 401, 401],
      verdi: [401, 401, 401],
      'rossi.viewer': [401, 401, 401],
    },
  },
  {
    name: 'tenantUsers on a dealer site',
    host: HOSTS.rossi,
    path: '/api/tenantUsers/',
    reads: 'rossi',
    expect: {
      anonymous: [404, 404, 404],
      admin: [404, 404, 404],
      staff: [404, 404, 404],
      market: [404, 404, 404],
      rossi: [404, 404, 404],
      verdi: [404, 404, 404],
      'rossi.viewer': [404, 404, 404],
    },
  },
];

const ACTIONS: Action[] = ['list', 'read', 'create'];
const WHO: Who[] = ['anonymous', 'admin', 'staff', 'market', 'rossi', 'verdi', 'rossi.viewer'];

describeEachDialect(
  'accounts: permission and site matrix',
  (h) => {
    const sessions = new Map<string, Session>();
    /** A session of `who` on `host`, signed in on the host it may use (a dealer's own site when not this one). */
    async function sessionOf(who: Who, host: string): Promise<Session | undefined> {
      if (who === 'anonymous') return undefined;
      const home = who === 'verdi' ? HOSTS.verdi : who === 'rossi' || who === 'rossi.viewer' ? HOSTS.rossi : host;
      const key = `${who}@${home}`;
      if (!sessions.has(key)) sessions.set(key, await h.login(who, home));
      return sessions.get(key);
    }

    beforeAll(async () => {
      await h.resetState();
    });

    for (const ep of ENDPOINTS) {
      for (const who of WHO) {
        ACTIONS.forEach((action, i) => {
          const want = ep.expect[who][i]!; // one answer per action
          it(`${ep.name}: ${action} by ${who} answers ${want}`, async () => {
            const session = await sessionOf(who, ep.host);
            const before = await usersSnapshot(h);
            let res;
            if (action === 'list') res = await h.get(ep.path, { host: ep.host, session });
            else if (action === 'read') res = await h.get(`${ep.path}${await idOf(h, ep.reads)}/`, { host: ep.host, session });
            else {
              const body = { username: uniqueName('matrix'), password: GOOD_PASSWORD, tenant: await siteId(h, HOSTS.rossi) };
              res = await h.post(ep.path, { host: ep.host, session, body });
            }
            expect(res.statusCode, res.body).toBe(want);
            if (want >= 400) {
              expect(typeof (res.json() as { detail?: unknown }).detail).toBe('string');
              expect(await usersSnapshot(h)).toEqual(before);
            }
          });
        });
      }
    }
  },
  { resetBetweenTests: false },
);
