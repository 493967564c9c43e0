/**
 * Redirects of a dealer's public site (issue 15 §4): a 301 recorded when a public row's slug
 * changes, chains collapsed, loops refused or resolved, redirects written by hand under the
 * same rules, each site's redirects its own, and the lookup the delivery API answers with.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { onEntityWrite } from '../../server/entities/hooks.js';
import { redirectFor } from '../../server/services/redirects/lookup.js';
import { api, entity, fixtures, HOSTS, json, tenantId } from './entity-fixtures.js';
import { describeEachDialect, expectFieldErrors, type Session } from './harness.js';

const news = entity('news');
const redirect = entity('redirect');
const ORIGIN = `https://${HOSTS.rossi}`;

interface Row {
  from_path: string;
  to_path: string;
  language: string | null;
  origin: string;
}

describeEachDialect('redirects', (h) => {
  const fx = fixtures(h);
  let rossi: Session;
  let verdi: Session;
  beforeEach(async () => {
    rossi = await h.login('rossi', HOSTS.rossi);
    verdi = await h.login('verdi', HOSTS.verdi);
  });
  const asRossi = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown, headers?: Record<string, string>) =>
    h.call(method, url, { host: HOSTS.rossi, session: rossi, body, headers });

  /** Rossi's redirects touching these paths, as `from → to`. */
  async function redirectsAmong(...paths: string[]) {
    const site = await tenantId(h, 'rossi');
    const rows = (await h.db
      .selectFrom('redirects' as never)
      .select(['from_path', 'to_path', 'language', 'origin'] as never)
      .where('tenant_id' as never, '=', site as never)
      .where((eb: any) => eb.or([eb('from_path', 'in', paths), eb('to_path', 'in', paths)]))
      .orderBy('from_path' as never)
      .execute()) as Row[];
    return rows;
  }
  const arrows = async (...paths: string[]) => (await redirectsAmong(...paths)).map((r) => `${r.from_path} → ${r.to_path}`);

  async function createNews(status: string, slugs: { it: string; en: string }) {
    const body = await fx.body('news', 'rossi', {
      status,
      translations: { it: { title: 'Notizia', slug: slugs.it }, en: { title: 'News', slug: slugs.en } },
    });
    const res = await asRossi('POST', api(news), body);
    expect(res.statusCode, res.body).toBe(201);
    return json(res).id as number;
  }
  async function setSlugs(id: number, slugs: Partial<{ it: string; en: string }>, extra: Record<string, unknown> = {}) {
    const current = json(await asRossi('GET', api(news, id)));
    const translations = Object.fromEntries(Object.entries(slugs).map(([l, slug]) => [l, { ...current.translations[l], slug }]));
    const res = await asRossi('PATCH', api(news, id), { translations, ...extra, version: current.version });
    expect(res.statusCode, res.body).toBe(200);
  }
  const names = () => {
    const n = fx.next();
    return { it: `notizia-${n}`, en: `news-${n}`, n };
  };

  describe('automatic redirects', () => {
    it('a published item whose slug changes in one language gets a 301 in that language only', async () => {
      const s = names();
      const id = await createNews('published', s);
      await setSlugs(id, { en: `renamed-${s.n}` });
      expect(await redirectsAmong(`/en/news/${s.en}`, `/it/notizie/${s.it}`)).toEqual([
        { from_path: `/en/news/${s.en}`, to_path: `/en/news/renamed-${s.n}`, language: 'en', origin: 'automatic' },
      ]);
    });

    it('a change in every language records one redirect per language', async () => {
      const s = names();
      const id = await createNews('published', s);
      await setSlugs(id, { it: `nuova-${s.n}`, en: `new-${s.n}` });
      const rows = await redirectsAmong(`/en/news/${s.en}`, `/it/notizie/${s.it}`);
      expect(rows.map((r) => [r.language, r.from_path, r.to_path])).toEqual([
        ['en', `/en/news/${s.en}`, `/en/news/new-${s.n}`],
        ['it', `/it/notizie/${s.it}`, `/it/notizie/nuova-${s.n}`],
      ]);
    });

    it('chains collapse: A→B then B→C gives A→C and B→C', async () => {
      const s = names();
      const [a, b, c] = [`/en/news/${s.en}`, `/en/news/b-${s.n}`, `/en/news/c-${s.n}`];
      const id = await createNews('published', s);
      await setSlugs(id, { en: `b-${s.n}` });
      await setSlugs(id, { en: `c-${s.n}` });
      expect((await arrows(a, b, c)).sort()).toEqual([`${a} → ${c}`, `${b} → ${c}`].sort());
    });

    it('moving back to an old path drops the redirect away from it, so no loop forms', async () => {
      const s = names();
      const [a, b] = [`/en/news/${s.en}`, `/en/news/b-${s.n}`];
      const id = await createNews('published', s);
      await setSlugs(id, { en: `b-${s.n}` });
      await setSlugs(id, { en: s.en });
      expect(await arrows(a, b)).toEqual([`${b} → ${a}`]);
    });

    it('content moving onto the source of a hand-made redirect removes that redirect', async () => {
      const s = names();
      const target = `/en/news/landed-${s.n}`;
      const made = await asRossi('POST', api(redirect), { from_path: target, to_path: '/en/' });
      expect(made.statusCode, made.body).toBe(201);
      const id = await createNews('published', s);
      await setSlugs(id, { en: `landed-${s.n}` });
      expect(await arrows(target, `/en/news/${s.en}`)).toEqual([`/en/news/${s.en} → ${target}`]);
    });

    it('drafts, unpublishing and deleting record nothing', async () => {
      const s = names();
      const draft = await createNews('draft', s);
      await setSlugs(draft, { en: `draft-moved-${s.n}` });
      const t = names();
      const published = await createNews('published', t);
      await setSlugs(published, { en: `gone-${t.n}` }, { status: 'archived' });
      const u = names();
      const deleted = await createNews('published', u);
      expect((await asRossi('DELETE', api(news, deleted))).statusCode).toBe(204);
      expect(await redirectsAmong(`/en/news/${s.en}`, `/en/news/${t.en}`, `/en/news/gone-${t.n}`, `/en/news/${u.en}`)).toEqual([]);
    });

    it('a slug change announces the new URL to search engines and no longer deletes the old one', async () => {
      const s = names();
      const id = await createNews('published', s);
      await setSlugs(id, { en: `announced-${s.n}` });
      const actions = (await h.db
        .selectFrom('indexing_actions' as never)
        .select(['url', 'action'] as never)
        .where('entity' as never, '=', 'news' as never)
        .where('entity_id' as never, '=', id as never)
        .orderBy('id' as never)
        .execute()) as Array<{ url: string; action: string }>;
      const later = actions.slice(2).map((a) => `${a.action} ${a.url}`);
      expect(later).toContain(`updated ${ORIGIN}/en/news/announced-${s.n}`);
      expect(later.filter((a) => a.startsWith('deleted'))).toEqual([]);
    });

    it('are written through the entity engine: its write hooks see every automatic create, change and delete', async () => {
      const seen: string[] = [];
      onEntityWrite(redirect.name, async (_ctx, event) => {
        seen.push(`${event.op} ${String((event.after ?? event.before)?.values.from_path)}`);
      });
      const s = names();
      const id = await createNews('published', s);
      await setSlugs(id, { en: `hooked-${s.n}` });
      await setSlugs(id, { en: `hooked-again-${s.n}` });
      await setSlugs(id, { en: s.en });
      expect(seen).toContain(`create /en/news/${s.en}`);
      expect(seen).toContain(`update /en/news/${s.en}`);
      expect(seen).toContain(`delete /en/news/${s.en}`);
      expect(await arrows(`/en/news/${s.en}`)).toEqual([`/en/news/hooked-${s.n} → /en/news/${s.en}`, `/en/news/hooked-again-${s.n} → /en/news/${s.en}`]);
    });

    it('automatic redirects are listed, filtered and searched like any row', async () => {
      const s = names();
      const id = await createNews('published', s);
      await setSlugs(id, { en: `listed-${s.n}` });
      const res = await asRossi('GET', `${api(redirect)}?fltr=origin=automatic&search=listed-${s.n}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = json(res);
      expect(body.items.map((r: Row) => r.from_path)).toEqual([`/en/news/${s.en}`]);
      expect(body.items[0].origin).toBe('automatic');
    });
  });

  describe('redirects by hand', () => {
    const make = (body: Record<string, unknown>, headers?: Record<string, string>) => asRossi('POST', api(redirect), body, headers);

    it('takes a site path or an https URL as target and is made by hand', async () => {
      const n = fx.next();
      const local = await make({ from_path: `/old-${n}`, to_path: `/new-${n}?ref=old#top`, language: 'it' });
      expect(local.statusCode, local.body).toBe(201);
      expect(json(local)).toMatchObject({ from_path: `/old-${n}`, origin: 'manual', language: 'it' });
      const away = await make({ from_path: `/away-${n}`, to_path: 'https://www.example.com/promo' });
      expect(away.statusCode, away.body).toBe(201);
    });

    it('refuses sources that are not site paths, targets that are neither, and a source equal to its target', async () => {
      const n = fx.next();
      for (const from_path of [`https://rossi.localhost/x-${n}`, `old-${n}`, `//evil.example/x`, `/x-${n}?q=1`, `/x ${n}`]) {
        expectFieldErrors(await make({ from_path, to_path: '/ok' }), ['from_path']);
      }
      for (const to_path of [`http://example.com/x`, `javascript:alert(1)`, `x-${n}`, `//evil.example/x`]) {
        expectFieldErrors(await make({ from_path: `/y-${n}`, to_path }), ['to_path']);
      }
      expectFieldErrors(await make({ from_path: `/same-${n}`, to_path: `/same-${n}` }), ['to_path']);
    });

    it('refuses a second redirect from the same path', async () => {
      const n = fx.next();
      expect((await make({ from_path: `/dup-${n}`, to_path: '/a' })).statusCode).toBe(201);
      expectFieldErrors(await make({ from_path: `/dup-${n}`, to_path: '/b' }), ['from_path']);
    });

    it('refuses a loop with its problem code, and writes nothing', async () => {
      const n = fx.next();
      expect((await make({ from_path: `/p-${n}`, to_path: `/q-${n}` })).statusCode).toBe(201);
      const res = await make({ from_path: `/q-${n}`, to_path: `/p-${n}` }, { 'x-problem-codes': '1' });
      const body = expectFieldErrors(res, ['to_path']);
      expect(body.$codes).toEqual({ to_path: [{ code: 'redirectLoop' }] });
      expect(await arrows(`/p-${n}`, `/q-${n}`)).toEqual([`/p-${n} → /q-${n}`]);
    });

    it('refuses an edit that would close a loop', async () => {
      const n = fx.next();
      expect((await make({ from_path: `/e1-${n}`, to_path: `/e2-${n}` })).statusCode).toBe(201);
      const other = json(await make({ from_path: `/e3-${n}`, to_path: `/e4-${n}` }));
      const res = await asRossi('PATCH', api(redirect, other.id), { from_path: `/e2-${n}`, to_path: `/e1-${n}`, version: other.version });
      expectFieldErrors(res, ['to_path']);
      expect(await arrows(`/e1-${n}`, `/e2-${n}`, `/e3-${n}`)).toEqual([`/e1-${n} → /e2-${n}`, `/e3-${n} → /e4-${n}`]);
    });

    it('treats /a and /a/ as one page, and a query as the page it is on: no duplicate, no loop, no redirect to itself', async () => {
      const n = fx.next();
      expect((await make({ from_path: `/one-${n}`, to_path: `/two-${n}/` })).statusCode).toBe(201);
      expectFieldErrors(await make({ from_path: `/one-${n}/`, to_path: '/elsewhere' }), ['from_path']);
      expectFieldErrors(await make({ from_path: `/two-${n}`, to_path: `/one-${n}/?from=two` }), ['to_path']);
      expectFieldErrors(await make({ from_path: `/three-${n}/`, to_path: `/three-${n}#top` }), ['to_path']);
      expect(await arrows(`/one-${n}`, `/two-${n}/`)).toEqual([`/one-${n} → /two-${n}/`]);
    });

    it('ignores an origin sent by the client: a redirect by hand is manual', async () => {
      const res = await make({ from_path: `/claimed-${fx.next()}`, to_path: '/x', origin: 'automatic' });
      expect(res.statusCode, res.body).toBe(201);
      expect(json(res).origin).toBe('manual');
    });

    it('collapses chains both ways: its target onward, and what led to its source', async () => {
      const n = fx.next();
      const [a, b, c, d] = [`/a-${n}`, `/b-${n}`, `/c-${n}`, `/d-${n}`];
      expect((await make({ from_path: a, to_path: b })).statusCode).toBe(201);
      expect((await make({ from_path: b, to_path: c })).statusCode).toBe(201);
      expect(await arrows(a, b, c)).toEqual([`${a} → ${c}`, `${b} → ${c}`]);
      const onward = await make({ from_path: d, to_path: a });
      expect(onward.statusCode, onward.body).toBe(201);
      expect(json(await asRossi('GET', api(redirect, json(onward).id))).to_path).toBe(c);
    });

    it('a site sees, changes and deletes only its own redirects', async () => {
      const n = fx.next();
      const mine = json(await make({ from_path: `/own-${n}`, to_path: '/x' }));
      const asVerdi = (method: 'GET' | 'PATCH' | 'DELETE', url: string, body?: unknown) => h.call(method, url, { host: HOSTS.verdi, session: verdi, body });
      expect((await asVerdi('GET', api(redirect, mine.id))).statusCode).toBe(404);
      expect((await asVerdi('PATCH', api(redirect, mine.id), { to_path: '/y', version: mine.version })).statusCode).toBe(404);
      expect((await asVerdi('DELETE', api(redirect, mine.id))).statusCode).toBe(404);
      const list = json(await asVerdi('GET', `${api(redirect)}?search=own-${n}`));
      expect(list.items).toEqual([]);
      expect((await asRossi('DELETE', api(redirect, mine.id))).statusCode).toBe(204);
    });
  });

  describe('lookup', () => {
    it('answers the target of a path of the site, with or without a trailing slash, and nothing for another site', async () => {
      const n = fx.next();
      expect((await asRossi('POST', api(redirect), { from_path: `/look-${n}`, to_path: `/found-${n}` })).statusCode).toBe(201);
      expect((await asRossi('POST', api(redirect), { from_path: `/slash-${n}/`, to_path: 'https://example.com/' })).statusCode).toBe(201);
      const rossiId = await tenantId(h, 'rossi');
      expect(await redirectFor(h.db, rossiId, `/look-${n}`)).toEqual({ location: `/found-${n}` });
      expect(await redirectFor(h.db, rossiId, `/look-${n}/`)).toEqual({ location: `/found-${n}` });
      expect(await redirectFor(h.db, rossiId, `/slash-${n}`)).toEqual({ location: 'https://example.com/' });
      expect(await redirectFor(h.db, rossiId, `/nothing-${n}`)).toBeUndefined();
      expect(await redirectFor(h.db, await tenantId(h, 'verdi'), `/look-${n}`)).toBeUndefined();
    });
  });
});
