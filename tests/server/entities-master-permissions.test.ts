/**
 * Generated from the declarations, for every master-scoped entity (dealer sites, market
 * settings, and whatever joins them): each action × identity on the master site answers as
 * the user's permissions say, dealer sessions are refused there, the entity does not exist
 * on a dealer site, invalid values are refused on their path, and a market administrator
 * never reaches a row of another market.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { EntityDef } from '../../entities/define.js';
import { ENTITIES } from '../../entities/index.js';
import { type Action as Permission, can } from '../../entities/permissions.js';
import { invalidSamples } from '../../entities/fieldTypes/index.js';
import { api, fixtures, HOSTS, json } from './entity-fixtures.js';
import { describeEachDialect, type Session } from './harness.js';

type Action = 'list' | 'read' | 'create' | 'update' | 'delete';
const ACTIONS: Action[] = ['list', 'read', 'create', 'update', 'delete'];
const PERMISSION: Record<Action, Permission> = { list: 'view', read: 'view', create: 'add', update: 'change', delete: 'delete' };
const OK: Record<Action, number> = { list: 200, read: 200, create: 201, update: 200, delete: 204 };
type Who = 'admin' | 'staff' | 'market' | 'rossi' | 'verdi' | 'anonymous';
const WHO: Who[] = ['admin', 'staff', 'market', 'rossi', 'verdi', 'anonymous'];

const masterEntities = ENTITIES.filter((e) => e.scope === 'master');

/** Distinct two-letter codes (AA, AB, …) for unique fields whose pattern leaves samples too few values. */
function* codes() {
  for (let i = 0; ; i++) yield String.fromCharCode(65 + (Math.floor(i / 26) % 26), 65 + (i % 26));
}

describeEachDialect(
  'master entity permissions',
  (h) => {
    const sessions = {} as Record<Exclude<Who, 'anonymous'>, Session>;
    const held = {} as Record<Who, Array<{ codename: string }>>;
    const fx = fixtures(h);
    const code = codes();
    let italy: number;

    /** What a row of this entity needs beyond its samples: the MA's market, a code no other row has, a site that may be deleted. */
    async function overrides(e: EntityDef): Promise<Record<string, unknown>> {
      const out: Record<string, unknown> = {};
      if (e.marketField) out[e.marketField] = italy;
      for (const [name, f] of Object.entries(e.fields)) {
        if (f.type !== 'text' || !f.unique || f.pattern !== '[A-Z]{2}') continue;
        let c = code.next().value!;
        while (
          await h.db
            .selectFrom(e.table as never)
            .select('id' as never)
            .where(name as never, '=', c as never)
            .executeTakeFirst()
        )
          c = code.next().value!;
        out[name] = c;
      }
      // Only an inactive dealer site may be deleted.
      if (e.name === 'tenant') out.is_active = false;
      return out;
    }
    const create = async (e: EntityDef) => fx.create(e.name, 'master', await overrides(e));

    beforeAll(async () => {
      for (const who of ['admin', 'staff', 'market'] as const) sessions[who] = await h.login(who, HOSTS.master);
      sessions.rossi = await h.login('rossi', HOSTS.rossi);
      sessions.verdi = await h.login('verdi', HOSTS.verdi);
      for (const who of WHO) {
        held[who] = await h.db
          .selectFrom('user_permissions as up')
          .innerJoin('permissions as p', 'p.id', 'up.permission_id')
          .innerJoin('users as u', 'u.id', 'up.user_id')
          .select('p.codename')
          .where('u.username', '=', who)
          .execute();
      }
      italy = Number((await h.db.selectFrom('markets').select('id').where('code', '=', 'IT').executeTakeFirstOrThrow()).id);
    });

    function expected(who: Who, action: Action, e: EntityDef): number {
      // A read-only entity has no write routes at all.
      if (e.readOnly && action !== 'list' && action !== 'read') return 404;
      if (who === 'anonymous' || who === 'rossi' || who === 'verdi') return 401;
      if (who === 'market' && e.notForRoles?.includes('MA')) return 404;
      if (who === 'admin') return OK[action];
      return can({ is_superuser: false, all_permissions: held[who] }, PERMISSION[action], e.model) ? OK[action] : 403;
    }

    async function act(who: Who, action: Action, e: EntityDef, id: number) {
      const session = who === 'anonymous' ? undefined : sessions[who];
      const host = HOSTS.master;
      switch (action) {
        case 'list':
          return h.get(`${api(e)}?items=100`, { host, session });
        case 'read':
          return h.get(api(e, id), { host, session });
        case 'create':
          return h.post(api(e), { host, session, body: await fx.body(e.name, 'master', await overrides(e)) });
        case 'update': {
          const version = (await h.get(api(e, id), { host, session: sessions.admin })).json().version;
          return h.call('PATCH', api(e, id), { host, session, body: { [e.titleField]: 'Changed', version } });
        }
        case 'delete':
          return h.call('DELETE', api(e, id), { host, session });
      }
    }

    /** Every row of every master-scoped table, with its version, and the site domains. */
    const masterRows = async () => {
      const out: string[] = [];
      for (const m of masterEntities) {
        const rows = (await h.db
          .selectFrom(m.table as never)
          .select(['id', 'version'] as never)
          .orderBy('id' as never)
          .execute()) as Array<{ id: number; version: number }>;
        for (const r of rows) out.push(`${m.table}:${r.id}:${r.version}`);
      }
      for (const d of await h.db.selectFrom('tenant_domains').select(['domain', 'tenant_id']).orderBy('domain').execute())
        out.push(`${d.domain}:${d.tenant_id}`);
      return out;
    };

    const versionOf = async (e: EntityDef, id: number) => {
      const res = await h.get(api(e, id), { session: sessions.admin });
      return res.statusCode === 200 ? res.json().version : undefined;
    };

    for (const e of masterEntities) {
      describe(e.name, () => {
        for (const action of ACTIONS) {
          for (const who of WHO) {
            it(`${action} by ${who} on the master site answers as the user's permissions say`, async () => {
              const want = expected(who, action, e);
              const id = await create(e);
              const before = await versionOf(e, id);
              const res = await act(who, action, e, id);
              expect(res.statusCode, res.body).toBe(want);
              if (want >= 400) expect(typeof json(res).detail).toBe('string');
              const after = await versionOf(e, id);
              if (want < 400 && action === 'delete') expect(after).toBeUndefined();
              else if (want < 400 && action === 'update') expect(after).toBe(before + 1);
              else expect(after, 'the row is untouched').toBe(before);
              if (res.statusCode === 200 && action === 'list') expect(json(res).items.map((i: { id: number }) => i.id)).toContain(id);
            });
          }
        }

        it('does not exist on a dealer site, even for the superuser (404)', async () => {
          const admin = await h.login('admin', HOSTS.rossi);
          const id = await create(e);
          const host = HOSTS.rossi;
          for (const res of [
            await h.get(api(e), { host, session: admin }),
            await h.get(api(e, id), { host, session: admin }),
            await h.post(api(e), { host, session: admin, body: {} }),
            await h.call('PATCH', api(e, id), { host, session: admin, body: { version: 1 } }),
            await h.call('DELETE', api(e, id), { host, session: admin }),
          ]) {
            expect(res.statusCode, res.body).toBe(404);
          }
          expect(await versionOf(e, id)).toBe(1);
        });

        it('bulk delete needs the delete permission', async () => {
          const id = await create(e);
          for (const who of ['staff', 'market'] as const) {
            const res = await h.post(`${api(e)}bulk_delete/`, { session: sessions[who], body: { ids: [id] } });
            const want = expected(who, 'delete', e);
            expect(res.statusCode).toBe(want === 204 ? 200 : want);
            if (res.statusCode === 200) return;
          }
          expect(await versionOf(e, id)).toBe(1);
        });

        for (const [name, field] of Object.entries(e.fields)) {
          const samples = invalidSamples(field);
          if (!samples.length || e.readOnly) continue;
          it(`refuses invalid ${field.type} values of ${name} on its path, and writes nothing`, async () => {
            const id = await create(e);
            const good = await fx.body(e.name, 'master', await overrides(e));
            const session = sessions.admin;
            const before = await masterRows();
            for (const sample of samples) {
              const path = (field.translated ? `translations.en.${name}` : name) + sample.at;
              const value = field.translated ? { translations: { en: { [name]: sample.value } } } : { [name]: sample.value };
              const created = await h.post(api(e), { session, body: { ...good, ...value } });
              expect(created.statusCode, `POST ${sample.why}: ${created.body}`).toBe(400);
              expect(Object.keys(json(created)), `POST ${sample.why}`).toContain(path);
              const patched = await h.call('PATCH', api(e, id), { session, body: { ...value, version: 1 } });
              expect(patched.statusCode, `PATCH ${sample.why}: ${patched.body}`).toBe(400);
              expect(Object.keys(json(patched)), `PATCH ${sample.why}`).toContain(path);
            }
            expect(await masterRows()).toEqual(before);
          });
        }

        if (e.marketField) {
          it('never shows a market administrator a row of another market, nor lets it write one', async () => {
            const otherMarket = Number((await h.db.selectFrom('markets').select('id').where('code', '=', 'ES').executeTakeFirstOrThrow()).id);
            const foreign = await fx.create(e.name, 'master', { ...(await overrides(e)), [e.marketField!]: otherMarket });
            const session = sessions.market;
            const list = json(await h.get(`${api(e)}?items=100`, { session }));
            expect(list.items.map((i: { id: number }) => i.id)).not.toContain(foreign);
            expect((await h.get(api(e, foreign), { session })).statusCode).toBe(404);
            expect((await h.call('PATCH', api(e, foreign), { session, body: { version: 1 } })).statusCode).toBe(404);
            expect((await h.call('DELETE', api(e, foreign), { session })).statusCode).toBe(404);
            expect(await versionOf(e, foreign)).toBe(1);
          });
        }
      });
    }
  },
  // The indexing log is a master entity whose rows the dispatcher moves as it sends them: its
  // polling would change them under a test that checks a refused write changed nothing.
  { env: { INDEXING_POLL_MS: '0' }, resetBetweenTests: false },
);
