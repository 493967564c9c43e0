/**
 * Dealer sites (/api/tenants/) and market settings (/api/marketSettings/) on the master
 * back-office: host names and their uniqueness across every site, atomic writes, what
 * deactivating a site does, the master row out of reach, and the market administrator's
 * bound to its own market.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect, expectDetail, expectFieldErrors, type Session } from './harness.js';

describeEachDialect(
  'dealer sites and market settings',
  (h) => {
    let admin: Session;
    let seq = 0;
    const host = () => `site${++seq}-${Math.floor(Math.random() * 1e6)}.localhost`;
    const as = (session: Session | undefined, body?: unknown) => ({ session, body });

    beforeAll(async () => {
      admin = await h.login('admin', 'localhost');
    });

    const domainsOf = async (tenantId: number) =>
      (await h.db.selectFrom('tenant_domains').select(['domain', 'is_primary']).where('tenant_id', '=', tenantId).orderBy('domain').execute()).map(
        (d) => `${d.domain}${d.is_primary ? ' (primary)' : ''}`,
      );
    const idOf = async (domain: string) =>
      Number((await h.db.selectFrom('tenant_domains').select('tenant_id').where('domain', '=', domain).executeTakeFirstOrThrow()).tenant_id);
    const marketId = async (code: string) => Number((await h.db.selectFrom('markets').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id);
    const counts = async () => [
      Number(
        (
          await h.db
            .selectFrom('tenants')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
      Number(
        (
          await h.db
            .selectFrom('tenant_domains')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ];

    async function createSite(body: Record<string, unknown>, session = admin) {
      const res = await h.post('/api/tenants/', as(session, body));
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as Record<string, any>;
    }

    describe('creating', () => {
      it('makes a dealer site from a name and a domain, with the defaults, answering on its domain and aliases', async () => {
        const domain = host();
        const site = await createSite({ name: 'Bianchi Agricoltura', domain, aliases: [`www.${domain}`] });
        expect(site).toMatchObject({
          name: 'Bianchi Agricoltura',
          domain,
          aliases: [`www.${domain}`],
          market: null,
          brand_list: ['DF'],
          languages: ['it', 'en'],
          default_language: 'it',
          is_active: true,
          version: 1,
        });
        expect(await domainsOf(site.id)).toEqual([`${domain} (primary)`, `www.${domain}`]);
        for (const d of [domain, `www.${domain}`]) expect((await h.get(`/api/tenants/exists?domain=${d}`)).body).toBe('"dealer"');
        expect((await h.get(`/api/tenants/by_domain?domain=${domain}`)).json()).toMatchObject({ name: 'Bianchi Agricoltura', brand_list: ['DF'] });
        const row = await h.db.selectFrom('tenants').select('kind').where('id', '=', site.id).executeTakeFirstOrThrow();
        expect(row.kind).toBe('dealer');
      });

      it('refuses host names that are not lower-case bare host names, on their path', async () => {
        const before = await counts();
        for (const bad of [
          'Rossi.example.com',
          'http://x.example.com',
          'x.example.com:8080',
          'x.example.com/path',
          '-x.example.com',
          'x..example.com',
          'a_b.example.com',
          'x y.com',
        ]) {
          expectFieldErrors(await h.post('/api/tenants/', as(admin, { name: 'Bad', domain: bad })), ['domain']);
          expectFieldErrors(await h.post('/api/tenants/', as(admin, { name: 'Bad', domain: host(), aliases: ['ok.example.com', bad] })), ['aliases.1']);
        }
        expect(await counts()).toEqual(before);
      });

      it('refuses a domain or alias any other site uses, the master site included, writing nothing', async () => {
        const before = await counts();
        const cases: Array<[Record<string, unknown>, string]> = [
          [{ domain: 'rossi.localhost' }, 'domain'],
          [{ domain: 'www.verdi.localhost' }, 'domain'],
          [{ domain: host(), aliases: ['fine.localhost', 'localhost'] }, 'aliases.1'],
          [{ domain: host(), aliases: ['127.0.0.1'] }, 'aliases.0'],
          [{ domain: host(), aliases: ['verdi.localhost'] }, 'aliases.0'],
        ];
        for (const [body, path] of cases) {
          const res = await h.post('/api/tenants/', as(admin, { name: 'Clash', ...body }));
          expect(Object.keys(expectFieldErrors(res, [path]))).toEqual([path]);
        }
        const own = host();
        expectFieldErrors(await h.post('/api/tenants/', as(admin, { name: 'Self', domain: own, aliases: [own] })), ['aliases.0']);
        expectFieldErrors(await h.post('/api/tenants/', as(admin, { name: 'Twice', domain: host(), aliases: ['a.localhost', 'a.localhost'] })), ['aliases.1']);
        expect(await counts()).toEqual(before);
      });

      it('needs the default language among the languages, and known brands and languages', async () => {
        expectFieldErrors(await h.post('/api/tenants/', as(admin, { name: 'X', domain: host(), languages: ['en'], default_language: 'it' })), [
          'default_language',
        ]);
        expectFieldErrors(await h.post('/api/tenants/', as(admin, { name: 'X', domain: host(), brand_list: ['DF', 'ACME'] })), ['brand_list.1']);
        expectFieldErrors(await h.post('/api/tenants/', as(admin, { name: 'X', domain: host(), languages: ['xx'] })), ['languages.0']);
        expectFieldErrors(await h.post('/api/tenants/', as(admin, { name: 'X', domain: host(), brand_list: [] })), ['brand_list']);
      });
    });

    describe('updating', () => {
      it('moves the domains with the row, and a refused alias changes nothing', async () => {
        const domain = host();
        const site = await createSite({ name: 'Neri', domain });
        const moved = host();
        const res = await h.call('PATCH', `/api/tenants/${site.id}/`, as(admin, { domain: moved, aliases: [domain], version: 1 }));
        expect(res.statusCode, res.body).toBe(200);
        expect(await domainsOf(site.id)).toEqual([domain, `${moved} (primary)`].sort());
        expect((await h.get(`/api/tenants/by_domain?domain=${domain}`)).json().domain).toBe(moved);

        const clash = await h.call('PATCH', `/api/tenants/${site.id}/`, as(admin, { aliases: [domain, 'rossi.localhost'], version: 2 }));
        expect(Object.keys(expectFieldErrors(clash, ['aliases.1']))).toEqual(['aliases.1']);
        expect((await h.get(`/api/tenants/${site.id}/`, as(admin))).json()).toMatchObject({ version: 2, aliases: [domain] });
        expect(await domainsOf(site.id)).toEqual([domain, `${moved} (primary)`].sort());
      });

      it('answers 409 with the current row to a stale version', async () => {
        const site = await createSite({ name: 'Gialli', domain: host() });
        expect((await h.call('PATCH', `/api/tenants/${site.id}/`, as(admin, { name: 'Gialli 2', version: 1 }))).statusCode).toBe(200);
        const stale = await h.call('PATCH', `/api/tenants/${site.id}/`, as(admin, { name: 'Gialli 3', version: 1 }));
        expect(stale.statusCode).toBe(409);
        expect(stale.json().current).toMatchObject({ name: 'Gialli 2', version: 2 });
      });
    });

    describe('deactivating', () => {
      it("takes the site off its hosts, ends its users' sessions and refuses their login, until reactivated", async () => {
        const rossiId = await idOf('rossi.localhost');
        const dealer = await h.login('rossi', 'rossi.localhost');
        const rossiUser = Number((await h.db.selectFrom('users').select('id').where('username', '=', 'rossi').executeTakeFirstOrThrow()).id);
        const other = await h.login('verdi', 'verdi.localhost');
        const version = (await h.get(`/api/tenants/${rossiId}/`, as(admin))).json().version;

        const off = await h.call('PATCH', `/api/tenants/${rossiId}/`, as(admin, { is_active: false, version }));
        expect(off.statusCode, off.body).toBe(200);
        for (const d of ['rossi.localhost', 'www.rossi.localhost']) expectDetail(await h.get(`/api/tenants/exists?domain=${d}`), 404);
        expect(await h.db.selectFrom('sessions').select('token_hash').where('user_id', '=', rossiUser).execute()).toEqual([]);
        expect((await h.get('/api/profiles/me/', { host: 'rossi.localhost', session: dealer })).statusCode).toBe(404);
        const login = await h.post('/api/auth/login', { host: 'rossi.localhost', body: { username: 'rossi', password: 'demo1234' } });
        expect(login.statusCode).toBe(404);
        // Another site's users stay signed in.
        expect((await h.get('/api/profiles/me/', { host: 'verdi.localhost', session: other })).statusCode).toBe(200);
        // The site stays listed and editable on the master back-office.
        expect((await h.get(`/api/tenants/${rossiId}/`, as(admin))).json().is_active).toBe(false);

        const on = await h.call('PATCH', `/api/tenants/${rossiId}/`, as(admin, { is_active: true, version: version + 1 }));
        expect(on.statusCode, on.body).toBe(200);
        expect((await h.get('/api/tenants/exists?domain=rossi.localhost')).body).toBe('"dealer"');
        await h.login('rossi', 'rossi.localhost');
      });
    });

    describe('deleting', () => {
      it('refuses an active site, deletes an inactive one with its users and frees its domains', async () => {
        const domain = host();
        const site = await createSite({ name: 'Effimera', domain });
        const now = new Date().toISOString();
        await h.db
          .insertInto('users')
          .values({
            username: `u-${domain}`,
            email: '',
            password_hash: 'x',
            first_name: '',
            last_name: '',
            role: 'DE',
            is_superuser: 0,
            is_active: 1,
            tenant_id: site.id,
            created_at: now,
            updated_at: now,
          })
          .execute();
        expectDetail(await h.call('DELETE', `/api/tenants/${site.id}/`, as(admin)), 409);
        expect(await domainsOf(site.id)).toEqual([`${domain} (primary)`]);

        expect((await h.call('PATCH', `/api/tenants/${site.id}/`, as(admin, { is_active: false, version: 1 }))).statusCode).toBe(200);
        expect((await h.call('DELETE', `/api/tenants/${site.id}/`, as(admin))).statusCode).toBe(204);
        expect(await domainsOf(site.id)).toEqual([]);
        expect(await h.db.selectFrom('users').select('id').where('tenant_id', '=', site.id).execute()).toEqual([]);
        await createSite({ name: 'Erede', domain });
      });
    });

    describe('the master site', () => {
      it('is not a dealer site: not listed, not readable, not writable, not deletable', async () => {
        const master = await idOf('localhost');
        const list = (await h.get('/api/tenants/?items=100', as(admin))).json();
        expect(list.items.map((i: { id: number }) => i.id)).not.toContain(master);
        expect(list.items.every((i: { domain: string }) => i.domain !== 'localhost')).toBe(true);
        expect(list.paginator.count).toBe(list.items.length);
        expect((await h.get(`/api/tenants/${master}/`, as(admin))).statusCode).toBe(404);
        expect((await h.call('PATCH', `/api/tenants/${master}/`, as(admin, { is_active: false, version: 1 }))).statusCode).toBe(404);
        expect((await h.call('PUT', `/api/tenants/${master}/`, as(admin, { name: 'Mine', domain: 'localhost', version: 1 }))).statusCode).toBe(404);
        expect((await h.call('DELETE', `/api/tenants/${master}/`, as(admin))).statusCode).toBe(404);
        expect((await h.post('/api/tenants/bulk_delete/', as(admin, { ids: [master] }))).json()).toEqual({ deleted: [], not_found: [master] });
        expect((await h.get('/api/tenants/exists?domain=localhost')).body).toBe('"default"');
      });

      it('serves the collection on the master site only, next to exists and by_domain', async () => {
        expect((await h.get('/api/tenants/', { host: 'rossi.localhost', session: await h.login('admin', 'rossi.localhost') })).statusCode).toBe(404);
        expect((await h.get('/api/tenants/')).statusCode).toBe(401);
        expect((await h.get('/api/tenants/exists?domain=rossi.localhost')).body).toBe('"dealer"');
        expect((await h.get('/api/tenants/by_domain?domain=verdi.localhost')).statusCode).toBe(200);
      });

      it('finds sites by name or domain', async () => {
        const res = (await h.get('/api/tenants/?search=verdi', as(admin))).json();
        expect(res.items.map((i: { name: string }) => i.name)).toEqual(['Verdi Macchine Agricole']);
      });
    });

    describe('a market administrator', () => {
      it('sees and writes only the dealer sites of its own market', async () => {
        const ma = await h.login('market', 'localhost');
        const italy = await marketId('IT');
        const spain = await marketId('ES');
        const spanish = await createSite({ name: 'Sitio Español', domain: host(), market: spain, languages: ['es', 'en'], default_language: 'es' });

        const list = (await h.get('/api/tenants/?items=100', as(ma))).json();
        const expected = await h.db.selectFrom('tenants').select('id').where('market_id', '=', italy).where('kind', '=', 'dealer').execute();
        expect(list.items.map((i: { id: number }) => i.id).sort()).toEqual(expected.map((r) => Number(r.id)).sort());
        expect(list.paginator.count).toBe(expected.length);
        expect((await h.get(`/api/tenants/?fltr=market=${spain}`, as(ma))).json().items).toEqual([]);

        expect((await h.get(`/api/tenants/${spanish.id}/`, as(ma))).statusCode).toBe(404);
        expect((await h.call('PATCH', `/api/tenants/${spanish.id}/`, as(ma, { name: 'Taken', version: 1 }))).statusCode).toBe(404);
        expect((await h.call('DELETE', `/api/tenants/${spanish.id}/`, as(ma))).statusCode).toBe(404);

        expectFieldErrors(await h.post('/api/tenants/', as(ma, { name: 'Elsewhere', domain: host(), market: spain })), ['market']);
        const mine = await createSite({ name: 'Mio', domain: host() }, ma);
        expect(mine.market).toBe(italy);
        expectFieldErrors(await h.call('PATCH', `/api/tenants/${mine.id}/`, as(ma, { market: spain, version: 1 })), ['market']);
        expect((await h.call('PATCH', `/api/tenants/${mine.id}/`, as(ma, { name: 'Mio 2', version: 1 }))).statusCode).toBe(200);
      });

      it('has no access to market settings', async () => {
        const ma = await h.login('market', 'localhost');
        expect((await h.get('/api/marketSettings/', as(ma))).statusCode).toBe(403);
      });
    });

    describe('market settings', () => {
      it('lists the markets and saves languages, currency, contact e-mails and indexing settings', async () => {
        const list = (await h.get('/api/marketSettings/', as(admin))).json();
        expect(list.items.map((i: { code: string }) => i.code)).toEqual(['DE', 'ES', 'IT']);
        const italy = await marketId('IT');
        const current = (await h.get(`/api/marketSettings/${italy}/`, as(admin))).json();
        expect(current).toMatchObject({ code: 'IT', languages: ['it', 'en'], currency: 'EUR', indexing_enabled: true });
        const res = await h.call(
          'PATCH',
          `/api/marketSettings/${italy}/`,
          as(admin, { contact_emails: ['a@example.com', ' b@example.com '], languages: ['it', 'en', 'de'], version: current.version }),
        );
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ contact_emails: ['a@example.com', 'b@example.com'], languages: ['it', 'en', 'de'] });
      });

      it('refuses a taken or malformed code, a bad address, an unknown currency and indexing without an endpoint', async () => {
        expectFieldErrors(await h.post('/api/marketSettings/', as(admin, { code: 'IT', name: 'Again' })), ['code']);
        expectFieldErrors(await h.post('/api/marketSettings/', as(admin, { code: 'ita', name: 'Bad' })), ['code']);
        expectFieldErrors(await h.post('/api/marketSettings/', as(admin, { code: 'FR', name: 'France', contact_emails: ['ok@example.com', 'nope'] })), [
          'contact_emails.1',
        ]);
        expectFieldErrors(await h.post('/api/marketSettings/', as(admin, { code: 'FR', name: 'France', currency: 'XYZ' })), ['currency']);
        expectFieldErrors(await h.post('/api/marketSettings/', as(admin, { code: 'FR', name: 'France', indexing_enabled: true })), ['indexing_endpoint']);
        const ok = await h.post(
          '/api/marketSettings/',
          as(admin, { code: 'FR', name: 'France', languages: ['fr', 'en'], indexing_enabled: true, indexing_endpoint: 'https://idx.example.com/' }),
        );
        expect(ok.statusCode, ok.body).toBe(201);
      });

      it('refuses to delete a market its dealer sites use', async () => {
        const res = await h.call('DELETE', `/api/marketSettings/${await marketId('IT')}/`, as(admin));
        expect(res.statusCode).toBe(409);
        expect(res.json().used_by[0]).toMatchObject({ entity: 'tenant', field: 'market' });
      });

      it('lets master staff look but not change', async () => {
        const staff = await h.login('staff', 'localhost');
        expect((await h.get('/api/marketSettings/', as(staff))).statusCode).toBe(200);
        expect((await h.get('/api/tenants/', as(staff))).statusCode).toBe(200);
        expect((await h.post('/api/marketSettings/', as(staff, { code: 'PT', name: 'Portugal' }))).statusCode).toBe(403);
        expect((await h.post('/api/tenants/', as(staff, { name: 'No', domain: host() }))).statusCode).toBe(403);
      });
    });
  },
  { resetBetweenTests: false },
);
