/**
 * Dealer users in and out (issue 17, docs/decisions.md §33): the accounts lists exported as
 * CSV/XLSX by the one export writer — the list's roster, search, filters and ids, no secret
 * column — and imported by the one import job through the API's own account writes: created,
 * updated, unchanged, the dry run, the password rules, and the refusals of anti-escalation and
 * of another site's accounts as that row's error. An exported file imports back unchanged.
 */
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { expect, it } from 'vitest';
import { describeEachDialect, type Session } from './harness.js';
import { sendParts } from './fixtures/mediaApi.js';
import { GOOD_PASSWORD, HOSTS, idOf, json, siteId, uniqueName, usersSnapshot } from './users-fixtures.js';

type Path = '/api/users/' | '/api/tenantUsers/';

describeEachDialect('dealer users: export and import', (h) => {
  const csvRows = (body: string) => parse(body.replace(/^\uFEFF/, ''), { relax_column_count: true }) as string[][];

  async function exported(session: Session, path: Path = '/api/users/', query = '') {
    const res = await h.get(`${path}export/?format=csv${query}`, { host: session.host, session });
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...rows] = csvRows(res.body);
    return { header: header!, rows, body: res.body, res };
  }
  const column = (x: { header: string[]; rows: string[][] }, name: string) => x.rows.map((r) => r[x.header.indexOf(name)]);

  const send = (session: Session, file: string, options: Record<string, unknown>, path: Path = '/api/users/') =>
    sendParts(
      h,
      session,
      [
        { name: 'options', body: JSON.stringify(options) },
        { name: 'file', filename: 'users.csv', contentType: 'text/csv', body: Buffer.from(file) },
      ],
      { url: `${path}import/` },
    );

  /** Imports and runs the job to its end: the job and its rows' outcomes. */
  async function imported(session: Session, file: string, options: Record<string, unknown> = {}, path: Path = '/api/users/') {
    const res = await send(session, file, options, path);
    expect(res.statusCode, res.body).toBe(202);
    const id = Number(json(res).job.id);
    await h.app.jobs.runUntilIdle();
    const job = json(await h.get(`/api/jobs/${id}/`, { host: session.host, session }));
    expect(job.status).toBe('done');
    const rows = json(await h.get(`/api/jobs/${id}/rows/`, { host: session.host, session })).items as Array<Record<string, any>>;
    const report = (await h.get(`/api/jobs/${id}/report/`, { host: session.host, session })).body;
    return { job, rows, report, outcomes: rows.map((r) => r.outcome as string) };
  }

  const account = (username: string) => h.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();

  it("a dealer exports its own site's dealer users, no secret column, the list's search and ids", async () => {
    const rossi = await h.login('rossi', HOSTS.rossi);
    const all = await exported(rossi);
    expect(all.header).toEqual(['id', 'username', 'first_name', 'last_name', 'email', 'is_active', 'permissions', 'role', 'created_at', 'updated_at']);
    expect(column(all, 'username')).toEqual(['rossi', 'rossi.viewer']);
    expect(column(all, 'role')).toEqual(['DE', 'DE']);
    expect(all.body).not.toMatch(/argon2|password|token/i);
    expect(all.res.headers['content-disposition']).toMatch(/^attachment; filename="user-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(column(await exported(rossi, '/api/users/', '&search=lucia'), 'username')).toEqual(['rossi.viewer']);
    expect(column(await exported(rossi, '/api/users/', '&sort=-username'), 'username')).toEqual(['rossi.viewer', 'rossi']);
    const viewer = await idOf(h, 'rossi.viewer');
    const verdi = await idOf(h, 'verdi');
    expect(column(await exported(rossi, '/api/users/', `&ids=${viewer},${verdi}`), 'username')).toEqual(['rossi.viewer']);
    expect((await h.get('/api/users/export/?format=pdf', { host: HOSTS.rossi, session: rossi })).statusCode).toBe(400);
  });

  it("the master's dealer users: every site's for staff, its market's for a market administrator, as XLSX too", async () => {
    const admin = await h.login('admin', HOSTS.master);
    const all = await exported(admin, '/api/tenantUsers/');
    expect(all.header).toEqual([
      'id',
      'username',
      'first_name',
      'last_name',
      'email',
      'is_active',
      'tenant',
      'permissions',
      'role',
      'created_at',
      'updated_at',
    ]);
    expect(column(all, 'username').sort()).toEqual(['rossi', 'rossi.viewer', 'verdi', 'verdi.sales']);
    expect(all.rows.find((r) => r[1] === 'rossi')![6]).toBe(HOSTS.rossi);
    const rossiSite = await siteId(h, HOSTS.rossi);
    expect(column(await exported(admin, '/api/tenantUsers/', `&fltr=tenant=${rossiSite}`), 'username').sort()).toEqual(['rossi', 'rossi.viewer']);
    expect((await exported(await h.login('spain', HOSTS.master), '/api/tenantUsers/')).rows).toEqual([]);

    const res = await h.get('/api/tenantUsers/export/?format=xlsx', { host: HOSTS.master, session: admin });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(all.header);
    expect(sheet.rowCount).toBe(5);
  });

  it("the master's own users list exports its staff and market administrators, with role, market and superuser flag", async () => {
    const staff = await exported(await h.login('admin', HOSTS.master));
    expect(staff.header).toEqual([
      'id',
      'username',
      'first_name',
      'last_name',
      'email',
      'is_active',
      'role',
      'market',
      'is_superuser',
      'permissions',
      'created_at',
      'updated_at',
    ]);
    expect(column(staff, 'username').sort()).toEqual(['admin', 'former.staff', 'market', 'spain', 'staff']);
    expect(staff.rows.find((r) => r[1] === 'spain')!.slice(6, 9)).toEqual(['MA', 'ES', 'false']);
    expect(column(await exported(await h.login('market', HOSTS.master)), 'username')).toEqual(['market']);
  });

  it('a dealer user without view_user cannot export; a text cell a spreadsheet would run is neutralised', async () => {
    const rossi = await h.login('rossi', HOSTS.rossi);
    const viewer = await idOf(h, 'rossi.viewer');
    const version = Number((await h.get(`/api/users/${viewer}/`, { host: HOSTS.rossi, session: rossi })).json().version);
    const res = await h.call('PATCH', `/api/users/${viewer}/`, { host: HOSTS.rossi, session: rossi, body: { first_name: '=HYPERLINK("x")', version } });
    expect(res.statusCode, res.body).toBe(200);
    expect(column(await exported(rossi), 'first_name')).toContain(`'=HYPERLINK("x")`);
    const sales = await h.login('verdi.sales', HOSTS.verdi);
    expect((await h.get('/api/users/export/?format=csv', { host: HOSTS.verdi, session: sales })).statusCode).toBe(403);
  });

  it('imports create, update and leave unchanged through the account rules; the password is hashed and works', async () => {
    const rossi = await h.login('rossi', HOSTS.rossi);
    const name = uniqueName('imp');
    const first = await imported(rossi, `username,email,first_name,password\n${name},${name}@example.com,Anna,${GOOD_PASSWORD}\n`, { mode: 'create' });
    expect(first.outcomes).toEqual(['created']);
    const made = (await account(name))!;
    expect(made).toMatchObject({ role: 'DE', tenant_id: await siteId(h, HOSTS.rossi), is_superuser: 0, first_name: 'Anna' });
    expect(made.password_hash).not.toContain(GOOD_PASSWORD);
    await h.login(name, HOSTS.rossi, { password: GOOD_PASSWORD });

    const again = await imported(rossi, `username,first_name,email\n${name},Anna,${name}@example.com\n`, { mode: 'update' });
    expect(again.outcomes).toEqual(['unchanged']);
    const renamed = await imported(rossi, `Username,First name\n${name},Annalisa\n`, { mode: 'upsert' });
    expect(renamed.rows[0]).toMatchObject({ outcome: 'updated', changes: ['first_name'] });
    expect((await account(name))!.first_name).toBe('Annalisa');
    const byEmail = await imported(rossi, `email,last_name\n${name}@example.com,Bianchi\n`, { mode: 'update', key: 'email' });
    expect(byEmail.outcomes).toEqual(['updated']);
    expect((await account(name))!.last_name).toBe('Bianchi');
  });

  it('a dry run reports what would happen and writes nothing', async () => {
    const rossi = await h.login('rossi', HOSTS.rossi);
    const before = await usersSnapshot(h);
    const name = uniqueName('dry');
    const dry = await imported(rossi, `username,first_name,password\n${name},Nuovo,${GOOD_PASSWORD}\nrossi.viewer,Cambiata,\n`, { dry_run: true });
    expect(dry.outcomes).toEqual(['created', 'updated']);
    expect(dry.job.summary).toMatchObject({ created: 1, updated: 1, written: false });
    expect(await usersSnapshot(h)).toEqual(before);
  });

  it('refuses per row: another role, a weak or missing password, another site’s username, a permission not held', async () => {
    const rossi = await h.login('rossi', HOSTS.rossi);
    const before = await usersSnapshot(h);
    const [a, b, c, d] = [uniqueName('ma'), uniqueName('weak'), uniqueName('nopw'), uniqueName('perm')];
    const file = [
      'username,role,password,permissions',
      `${a},MA,${GOOD_PASSWORD},`,
      `${b},DE,password,`,
      `${c},,,`,
      `verdi,DE,${GOOD_PASSWORD},`,
      `${d},,${GOOD_PASSWORD},add_tenant`,
    ].join('\n');
    const run = await imported(rossi, file);
    expect(run.outcomes).toEqual(['error', 'error', 'error', 'error', 'error']);
    const report = csvRows(run.report).slice(1);
    expect([...new Set(report.map((r) => `${r[0]} ${r[1]}`))]).toEqual(['2 role', '3 password', '4 password', '5 username', '6 ']);
    expect(report.find((r) => r[0] === '6')![2]).toMatch(/permission you do not hold/);
    expect(await usersSnapshot(h)).toEqual(before);

    const update = await imported(rossi, 'username,first_name\nverdi,Preso\nadmin,Preso\n', { mode: 'update' });
    expect(update.outcomes).toEqual(['error', 'error']);
    expect(update.report).toMatch(/No row of this site has this username/);
    expect(await usersSnapshot(h)).toEqual(before);
  });

  it('the master imports dealer users into a site named by its domain; a market administrator who may only view cannot', async () => {
    const admin = await h.login('admin', HOSTS.master);
    const name = uniqueName('site');
    const made = await imported(admin, `username,tenant,password\n${name},${HOSTS.verdi},${GOOD_PASSWORD}\n`, {}, '/api/tenantUsers/');
    expect(made.outcomes).toEqual(['created']);
    expect((await account(name))!.tenant_id).toBe(await siteId(h, HOSTS.verdi));
    const spain = await h.login('spain', HOSTS.master);
    // Spain's administrator may only view dealer users: no import at all.
    expect((await send(spain, `username,tenant\n${name},${HOSTS.rossi}\n`, {}, '/api/tenantUsers/')).statusCode).toBe(403);
  });

  it('imports no staff or market administrators: the master users list has no import; view alone is 403', async () => {
    const admin = await h.login('admin', HOSTS.master);
    expect((await send(admin, `username,password\n${uniqueName('st')},${GOOD_PASSWORD}\n`, {})).statusCode).toBe(404);
    expect((await h.get('/api/users/import/mapping/', { host: HOSTS.master, session: admin })).statusCode).toBe(404);
    const viewer = await h.login('rossi.viewer', HOSTS.rossi);
    expect((await send(viewer, `username\nx\n`, {})).statusCode).toBe(403);
    const rossi = await h.login('rossi', HOSTS.rossi);
    const mapping = json(await h.get('/api/users/import/mapping/', { host: HOSTS.rossi, session: rossi }));
    expect(mapping.columns).toEqual(['id', 'username', 'first_name', 'last_name', 'email', 'is_active', 'permissions', 'role', 'password']);
    expect(mapping.keys).toEqual(['id', 'username', 'email']);
  });

  it('an exported file imports back unchanged (round trip)', async () => {
    const rossi = await h.login('rossi', HOSTS.rossi);
    const before = await usersSnapshot(h);
    const file = await exported(rossi);
    const run = await imported(rossi, file.body, { mode: 'update' });
    expect(run.outcomes).toEqual(file.rows.map(() => 'unchanged'));
    const admin = await h.login('admin', HOSTS.master);
    const master = await exported(admin, '/api/tenantUsers/');
    expect((await imported(admin, master.body, { mode: 'upsert' }, '/api/tenantUsers/')).outcomes).toEqual(master.rows.map(() => 'unchanged'));
    expect(await usersSnapshot(h)).toEqual(before);
  });
});
