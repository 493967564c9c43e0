/**
 * The accounts lists search by word (issue 20): a search word finds the accounts having a
 * word of their username, e-mail or names that starts with it, in the request's roster only;
 * the words follow every write of the account at once.
 */
import { expect, it } from 'vitest';
import { describeEachDialect, type Session } from './harness.js';
import { createVia, HOSTS, json, siteId, uniqueName } from './users-fixtures.js';

describeEachDialect('accounts: search by word', (h) => {
  const found = async (session: Session, path: string, search: string) => {
    const res = await h.get(`${path}?items=100&search=${encodeURIComponent(search)}`, { host: session.host, session });
    expect(res.statusCode, res.body).toBe(200);
    return (json(res).items as Array<{ username: string }>).map((i) => i.username).sort();
  };
  const version = async (id: number) => (await h.db.selectFrom('users').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;

  it('finds an account by the start of any word of its username, e-mail or names, accents folded', async () => {
    const admin = await h.login('admin', HOSTS.master);
    const name = uniqueName('campo.');
    await createVia(h, admin, '/api/tenantUsers/', {
      username: name,
      email: 'agronomo@fattoria-example.it',
      first_name: 'Nicolò',
      last_name: 'Zanzibar',
      tenant: await siteId(h, HOSTS.rossi),
    });
    for (const search of [name, name.split('.')[1]!.slice(0, 4), 'agronom', 'FATTORIA', 'nicolo', 'zanz nico']) {
      expect(await found(admin, '/api/tenantUsers/', search), search).toEqual([name]);
    }
    // Not within a word: a search word starts the words it finds.
    expect(await found(admin, '/api/tenantUsers/', 'anzibar')).toEqual([]);
  });

  it("a site's search finds only that site's dealer users; the master list only its own accounts", async () => {
    const admin = await h.login('admin', HOSTS.master);
    const rossi = await h.login('rossi', HOSTS.rossi);
    const verdi = await h.login('verdi', HOSTS.verdi);
    expect(await found(rossi, '/api/users/', 'rossi')).toEqual(['rossi', 'rossi.viewer']);
    expect(await found(verdi, '/api/users/', 'rossi')).toEqual([]);
    expect(await found(admin, '/api/users/', 'rossi')).toEqual([]);
    expect(await found(admin, '/api/users/', 'staff')).toEqual(['former.staff', 'staff']);
    const market = await h.login('market', HOSTS.master);
    expect(await found(market, '/api/users/', 'staff')).toEqual([]);
  });

  it('follows a rename, a move to another site and a delete at once', async () => {
    const admin = await h.login('admin', HOSTS.master);
    const name = uniqueName('mover');
    const created = await createVia(h, admin, '/api/tenantUsers/', { username: name, first_name: 'Ottavio', tenant: await siteId(h, HOSTS.rossi) });
    const rossi = await h.login('rossi', HOSTS.rossi);
    const verdi = await h.login('verdi', HOSTS.verdi);
    expect(await found(rossi, '/api/users/', 'ottavio')).toEqual([name]);

    const moved = await h.call('PATCH', `/api/tenantUsers/${created.id}/`, {
      session: admin,
      body: { version: await version(created.id), first_name: 'Quirino', tenant: await siteId(h, HOSTS.verdi) },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await found(rossi, '/api/users/', 'ottavio')).toEqual([]);
    expect(await found(rossi, '/api/users/', 'quirino')).toEqual([]);
    expect(await found(verdi, '/api/users/', 'quirino')).toEqual([name]);
    expect(await found(admin, '/api/tenantUsers/', 'quirino')).toEqual([name]);

    const gone = await h.call('DELETE', `/api/tenantUsers/${created.id}/`, { session: admin });
    expect(gone.statusCode, gone.body).toBe(204);
    expect(await found(admin, '/api/tenantUsers/', 'quirino')).toEqual([]);
    const words = await h.db
      .selectFrom('users_search' as never)
      .selectAll()
      .where('user_id' as never, '=', created.id as never)
      .execute();
    expect(words).toEqual([]);
  });
});
