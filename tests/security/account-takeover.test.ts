/**
 * Issue 13.1: setting another user's password, e-mail or username, or (de)activating
 * them, is a way into their account. It is allowed only over an account that holds
 * nothing the actor does not hold itself (the rule of granting), on every route that
 * reaches accounts; other edits keep their rules.
 */
import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect, expectDetail, type Session } from '../server/harness.js';
import { createVia, GOOD_PASSWORD, HOSTS, idOf, json, siteId, uniqueName, usersSnapshot } from '../server/users-fixtures.js';

describeEachDialect('attack suite: account takeover through user management', (h) => {
  const version = async (id: number) => (await h.db.selectFrom('users').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;
  const patch = async (session: Session, path: string, id: number, body: Record<string, unknown>) =>
    h.call('PATCH', `${path}${id}/`, { host: session.host, session, body: { version: await version(id), ...body } });

  /** Every change that hands the account to someone else. */
  const takeovers = () => [
    { password: 'Presa-Del-Conto-2026' },
    { email: `${uniqueName('attacker')}@evil.example` },
    { username: uniqueName('taken') },
    { is_active: false },
  ];

  /** Each takeover of `target` by `session` is 403 and writes nothing; a change of name still works. */
  async function expectGuarded(session: Session, path: string, target: number) {
    const before = await usersSnapshot(h);
    for (const body of takeovers()) {
      const res = await patch(session, path, target, body);
      expectDetail(res, 403);
    }
    expect(await usersSnapshot(h)).toEqual(before);
    const renamed = await patch(session, path, target, { last_name: 'Rinominato' });
    expect(renamed.statusCode, renamed.body).toBe(200);
  }

  let helpdesk: { id: number; username: string };
  let staffAdmin: { id: number; username: string };

  beforeAll(async () => {
    const admin = await h.login('admin', HOSTS.master);
    // A dealer's helpdesk: may manage the site's users, holds nothing of the catalogue.
    helpdesk = (await createVia(h, admin, '/api/tenantUsers/', {
      username: uniqueName('helpdesk'),
      tenant: await siteId(h, HOSTS.rossi),
      permissions: ['view_user', 'change_user'],
    })) as { id: number; username: string };
    staffAdmin = (await createVia(h, admin, '/api/users/', {
      username: uniqueName('staffadmin'),
      permissions: ['view_user', 'change_user'],
    })) as { id: number; username: string };
  });

  it("a dealer's helpdesk cannot take over the dealer's full account, only one holding no more than it", async () => {
    const session = await h.login(helpdesk.username, HOSTS.rossi, { password: GOOD_PASSWORD });
    await expectGuarded(session, '/api/users/', await idOf(h, 'rossi'));
    const admin = await h.login('admin', HOSTS.rossi);
    const peer = await createVia(h, admin, '/api/users/', { username: uniqueName('peer'), permissions: ['view_user'] });
    for (const body of takeovers()) {
      const res = await patch(session, '/api/users/', peer.id, body);
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('a market administrator cannot take over a dealer user holding more, from the master or the dealer site', async () => {
    const rossi = await idOf(h, 'rossi');
    await expectGuarded(await h.login('market', HOSTS.master), '/api/tenantUsers/', rossi);
    await expectGuarded(await h.login('market', HOSTS.rossi), '/api/users/', rossi);
    // A dealer user it made itself holds only what it holds.
    const market = await h.login('market', HOSTS.master);
    const own = await createVia(h, market, '/api/tenantUsers/', {
      username: uniqueName('own'),
      tenant: await siteId(h, HOSTS.rossi),
      permissions: ['view_user'],
    });
    const res = await patch(market, '/api/tenantUsers/', own.id, { password: 'Presa-Del-Conto-2026' });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('master staff cannot take over other staff holding more', async () => {
    const session = await h.login(staffAdmin.username, HOSTS.master, { password: GOOD_PASSWORD });
    await expectGuarded(session, '/api/users/', await idOf(h, 'staff'));
  });

  it('a reset refused leaves the victim signed in and the attacker unable to sign in as it', async () => {
    const session = await h.login(helpdesk.username, HOSTS.rossi, { password: GOOD_PASSWORD });
    const victim = await h.login('rossi', HOSTS.rossi);
    expectDetail(await patch(session, '/api/users/', await idOf(h, 'rossi'), { password: 'Presa-Del-Conto-2026' }), 403);
    expect((await h.get('/api/profiles/me/', { host: HOSTS.rossi, session: victim })).statusCode).toBe(200);
    const login = await h.post('/api/auth/login', { host: HOSTS.rossi, body: { username: 'rossi', password: 'Presa-Del-Conto-2026' } });
    expect(login.statusCode, json(login).detail).toBe(400);
  });
});
