/**
 * Drafts beside the live row and preview links (issue 16 items 1–2): a draft never reaches
 * the delivery API except through a valid preview token of its site and row; drafts are
 * checked against the row's version and the draft they were made from (409); publishing
 * writes the live row and a `publish` revision; discarding goes back to live; a site page
 * has drafts too.
 */
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { pruneDrafts } from '../../server/activity/prune.js';
import { PUBLIC_API } from '../../server/public/routes.js';
import { api, entity, fixtures, HOSTS, json } from './entity-fixtures.js';
import { describeEachDialect, type Session } from './harness.js';

const news = entity('news');
const ABOUT = '/api/sitePages/about_us/';

describeEachDialect(
  'drafts and preview',
  (h) => {
    let rossi: Session;
    let verdi: Session;
    const fx = fixtures(h);
    beforeAll(async () => {
      rossi = await h.login('rossi', HOSTS.rossi);
      verdi = await h.login('verdi', HOSTS.verdi);
    });
    afterEach(() => {
      vi.useRealTimers();
    });
    const as = (s: Session) => (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
      h.call(method, url, { host: s.host, session: s, body });
    const r = () => as(rossi);
    const entries = async (model: string, id: number) =>
      h.db.selectFrom('activity').select(['action', 'version']).where('model', '=', model).where('object_id', '=', id).orderBy('id').execute();
    const publicNews = (slug: string, query = '', host: string = HOSTS.rossi) => h.get(`${PUBLIC_API}/news/${slug}?lang=it${query}`, { host });

    /** A published news item of rossi's, at version 1: its id and Italian slug. */
    async function published(title = 'Titolo pubblicato') {
      const made = await r()('POST', `${api(news)}?language_code=it`, await fx.body('news', 'rossi', { status: 'published', translations: { it: { title } } }));
      expect(made.statusCode, made.body).toBe(201);
      const row = json(made);
      return { id: row.id as number, slug: row.translations.it.slug as string, row };
    }
    /** The form's record with its Italian title changed. */
    const draftOf = (row: Record<string, any>, title: string, extra: Record<string, unknown> = {}) => ({
      ...row,
      translations: { ...row.translations, it: { ...row.translations.it, title } },
      ...extra,
    });

    it('keeps a draft off the delivery API and out of the live row, and shows it to the form', async () => {
      const { id, slug, row } = await published();
      const saved = await r()('POST', `${api(news, id)}draft/?language_code=it`, draftOf(row, 'Titolo in bozza', { version: 1 }));
      expect(saved.statusCode, saved.body).toBe(200);
      expect(json(saved)).toMatchObject({ id, version: 1, title: 'Titolo in bozza', has_draft: true });

      const live = await publicNews(slug);
      expect(live.statusCode).toBe(200);
      expect(json(live).item.title).toBe('Titolo pubblicato');
      expect(json(await r()('GET', `${api(news, id)}?language_code=it`))).toMatchObject({ title: 'Titolo pubblicato', version: 1, has_draft: true });
      expect(json(await r()('GET', `${api(news, id)}draft/?language_code=it`))).toMatchObject({ title: 'Titolo in bozza', has_draft: true });
      const list = json(await r()('GET', `${api(news)}?language_code=it&items=100`));
      expect(list.items.find((i: { id: number }) => i.id === id)).toMatchObject({ has_draft: true });
      expect(list.items.filter((i: { id: number }) => i.id !== id).every((i: { has_draft: boolean }) => i.has_draft === false)).toBe(true);
      expect((await entries('news', id)).map((e) => e.action)).toEqual(['create', 'draft']);
    });

    it('keeps one of several drafts saved at once from the same base, and answers the others 409', async () => {
      const { id, row } = await published();
      const url = `${api(news, id)}draft/?language_code=it`;
      const answers = await Promise.all([1, 2, 3, 4].map((n) => r()('POST', url, draftOf(row, `Bozza simultanea ${n}`, { version: 1 }))));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
      expect((await entries('news', id)).map((e) => e.action)).toEqual(['create', 'draft']);
    });

    it('checks a draft against the row version and the draft it was made from (409, nothing written)', async () => {
      const { id, row } = await published();
      const url = `${api(news, id)}draft/?language_code=it`;
      expect((await r()('POST', url, draftOf(row, 'Bozza', { version: undefined }))).statusCode).toBe(400);
      const first = json(await r()('POST', url, draftOf(row, 'Prima bozza', { version: 1 })));
      // A second draft made from the live row, not from the first draft: someone else's draft would be lost.
      const blind = await r()('POST', url, draftOf(row, 'Bozza cieca', { version: 1 }));
      expect(blind.statusCode).toBe(409);
      expect(json(blind).current).toMatchObject({ title: 'Prima bozza', draft: { id: first.draft.id } });
      const next = await r()('POST', url, draftOf(row, 'Seconda bozza', { version: 1, draft: first.draft.id }));
      expect(next.statusCode, next.body).toBe(200);
      // Stale: made from the first draft, now replaced.
      expect((await r()('POST', url, draftOf(row, 'Terza', { version: 1, draft: first.draft.id }))).statusCode).toBe(409);
      // The live row moved on since the form loaded it.
      await r()('PATCH', `${api(news, id)}?language_code=it`, { title: 'Salvato dal vivo', version: 1 });
      const stale = await r()('POST', url, draftOf(row, 'Vecchia', { version: 1 }));
      expect(stale.statusCode).toBe(409);
      expect(json(stale).current).toMatchObject({ version: 2, title: 'Salvato dal vivo' });
      expect((await entries('news', id)).map((e) => e.action)).toEqual(['create', 'draft', 'draft', 'update']);
    });

    it('publishes the draft as an update of the live row with a publish revision', async () => {
      const { id, slug, row } = await published();
      await r()('POST', `${api(news, id)}draft/?language_code=it`, draftOf(row, 'Bozza da pubblicare', { version: 1 }));
      expect((await r()('POST', `${api(news, id)}publish/?language_code=it`, { version: 2 })).statusCode).toBe(409);
      const res = await r()('POST', `${api(news, id)}publish/?language_code=it`, { version: 1 });
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res)).toMatchObject({ version: 2, title: 'Bozza da pubblicare', has_draft: false });
      expect((await entries('news', id)).map((e) => [e.action, e.version])).toEqual([
        ['create', 1],
        ['draft', 1],
        ['publish', 2],
      ]);
      expect(json(await publicNews(slug)).item.title).toBe('Bozza da pubblicare');
      expect((await r()('GET', `${api(news, id)}draft/`)).statusCode).toBe(404);
      expect((await r()('POST', `${api(news, id)}publish/`, { version: 2 })).statusCode).toBe(404);
    });

    it('discards a draft: the form and the site go back to live', async () => {
      const { id, row } = await published();
      await r()('POST', `${api(news, id)}draft/?language_code=it`, draftOf(row, 'Da scartare', { version: 1 }));
      expect((await r()('DELETE', `${api(news, id)}draft/`)).statusCode).toBe(204);
      expect((await r()('GET', `${api(news, id)}draft/`)).statusCode).toBe(404);
      expect((await r()('DELETE', `${api(news, id)}draft/`)).statusCode).toBe(404);
      expect(json(await r()('GET', api(news, id)))).toMatchObject({ version: 1, has_draft: false });
      expect((await entries('news', id)).map((e) => e.action)).toEqual(['create', 'draft', 'discard']);
    });

    it('does not let another site reach a row’s drafts', async () => {
      const { id, row } = await published();
      for (const [method, path] of [
        ['GET', 'draft/'],
        ['POST', 'draft/'],
        ['DELETE', 'draft/'],
        ['POST', 'publish/'],
        ['POST', 'preview/'],
      ] as const) {
        const res = await as(verdi)(method, `${api(news, id)}${path}`, method === 'POST' ? draftOf(row, 'x', { version: 1 }) : undefined);
        expect(res.statusCode, `${method} ${path}`).toBe(404);
      }
    });

    it('takes a pending draft only from an entry its own site wrote', async () => {
      const { id, row } = await published();
      const other = await h.db.selectFrom('tenant_domains').select('tenant_id').where('domain', '=', 'verdi.localhost').executeTakeFirstOrThrow();
      const record = { values: { status: 'published' }, translations: { it: { title: 'Bozza altrui' } } };
      await h.db
        .insertInto('activity')
        .values({
          at: new Date().toISOString(),
          tenant_id: Number(other.tenant_id),
          username: 'verdi',
          ip: '',
          action: 'draft',
          model: 'news',
          object_id: id,
          version: 1,
          record: JSON.stringify(record),
        })
        .execute();
      expect((await r()('GET', `${api(news, id)}draft/?language_code=it`)).statusCode).toBe(404);
      expect(json(await r()('GET', `${api(news, id)}?language_code=it`))).toMatchObject({ title: row.title, has_draft: false });
      const list = json(await r()('GET', `${api(news)}?language_code=it&items=100`));
      expect(list.items.find((i: { id: number }) => i.id === id)).toMatchObject({ has_draft: false });
    });

    it('previews the draft with a signed token of that site and row only, never cached', async () => {
      const { id, slug, row } = await published();
      const other = await published('Altra notizia');
      await r()('POST', `${api(news, id)}draft/?language_code=it`, draftOf(row, 'Anteprima', { version: 1 }));
      await publicNews(slug); // the live answer, now in the response cache
      const res = await r()('POST', `${api(news, id)}preview/?language_code=it`, {});
      expect(res.statusCode, res.body).toBe(200);
      const { url, token, expires_at } = json(res);
      expect(url).toBe(
        `http://${HOSTS.rossi}/it/news/${slug}?preview=${encodeURIComponent(token)}`.replace('/news/', url.includes('/notizie/') ? '/notizie/' : '/news/'),
      );
      expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);

      const seen = await publicNews(slug, `&preview=${token}`);
      expect(seen.statusCode).toBe(200);
      expect(json(seen).item.title).toBe('Anteprima');
      expect(seen.headers['cache-control']).toBe('private, no-store');
      expect(seen.headers.etag).toBeUndefined();
      // The public answer is still the live one: the preview did not enter the cache.
      const after = await publicNews(slug);
      expect(json(after).item.title).toBe('Titolo pubblicato');
      expect(after.headers['cache-control']).toMatch(/^public/);
      // `route` shows the draft at the row's page too.
      const routed = await h.get(`${PUBLIC_API}/route?path=${encodeURIComponent(new URL(url).pathname)}&preview=${token}`, { host: HOSTS.rossi });
      expect(json(routed).object.title).toBe('Anteprima');

      // Another row of the same collection answers live (still unstored).
      const neighbour = await publicNews(other.slug, `&preview=${token}`);
      expect(json(neighbour).item.title).toBe('Altra notizia');
      expect(neighbour.headers['cache-control']).toBe('private, no-store');
      // Another model: the token names a news item, so the about page shows live.
      const page = await h.get(`${PUBLIC_API}/pages/about_us?lang=it&preview=${token}`, { host: HOSTS.rossi });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('private, no-store');
      // Another site: refused.
      const cross = await h.get(`${PUBLIC_API}/news/${slug}?preview=${token}`, { host: HOSTS.verdi });
      expect(cross.statusCode).toBe(403);
      expect(json(cross).detail).toMatch(/another site/);
      // Tampered: refused.
      const [payload, mac] = token.split('.');
      const forged = `${Buffer.from(JSON.stringify([1, 'news', other.id, Date.now() + 1e9])).toString('base64url')}.${mac}`;
      expect((await publicNews(other.slug, `&preview=${forged}`)).statusCode).toBe(401);
      expect((await publicNews(slug, `&preview=${payload}.${mac!.slice(1)}x`)).statusCode).toBe(401);
      expect((await publicNews(slug, '&preview=garbage')).statusCode).toBe(401);
    });

    it('shows the draft on the reference website through the preview link, never cached', async () => {
      const { id, slug, row } = await published('Sul sito');
      await r()('POST', `${api(news, id)}draft/?language_code=it`, draftOf(row, 'Sul sito (bozza)', { version: 1 }));
      const { url } = json(await r()('POST', `${api(news, id)}preview/?language_code=it`, {}));
      const link = new URL(url);
      const page = await h.get(`${link.pathname}${link.search}`, { host: HOSTS.rossi });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Sul sito (bozza)');
      expect(page.headers['cache-control']).toBe('no-store');
      const visitor = await h.get(link.pathname, { host: HOSTS.rossi });
      expect(visitor.body).toContain('Sul sito');
      expect(visitor.body).not.toContain('Sul sito (bozza)');
      expect(slug).toBe(link.pathname.split('/').at(-1));
    });

    it('expires a preview token after PREVIEW_TOKEN_HOURS', async () => {
      const { id, slug, row } = await published();
      await r()('POST', `${api(news, id)}draft/?language_code=it`, draftOf(row, 'Scade', { version: 1 }));
      const { token } = json(await r()('POST', `${api(news, id)}preview/`, {}));
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 23 * 3_600_000 });
      expect(json(await publicNews(slug, `&preview=${token}`)).item.title).toBe('Scade');
      vi.setSystemTime(Date.now() + 2 * 3_600_000);
      const expired = await publicNews(slug, `&preview=${token}`);
      expect(expired.statusCode).toBe(401);
      expect(json(expired).detail).toMatch(/expired/);
    });

    it('keeps a draft of a site page off the site until it is published', async () => {
      const page = json(await r()('GET', `${ABOUT}?language_code=it`));
      const saved = await r()('POST', `${ABOUT}draft/?language_code=it`, draftOf(page, 'Chi siamo (bozza)', { version: page.version }));
      expect(saved.statusCode, saved.body).toBe(200);
      const live = await h.get(`${PUBLIC_API}/pages/about_us?lang=it`, { host: HOSTS.rossi });
      expect(json(live).title).toBe(page.title);
      expect(json(await r()('GET', ABOUT))).toMatchObject({ has_draft: true });
      const { token, url } = json(await r()('POST', `${ABOUT}preview/?language_code=it`, {}));
      expect(new URL(url).host).toBe(HOSTS.rossi);
      const seen = await h.get(`${PUBLIC_API}/pages/about_us?lang=it&preview=${token}`, { host: HOSTS.rossi });
      expect(json(seen).title).toBe('Chi siamo (bozza)');
      const published = await r()('POST', `${ABOUT}publish/?language_code=it`, { version: page.version });
      expect(published.statusCode, published.body).toBe(200);
      expect(json(await h.get(`${PUBLIC_API}/pages/about_us?lang=it`, { host: HOSTS.rossi })).title).toBe('Chi siamo (bozza)');
    });
    it('drops the records of drafts superseded longer than REVISIONS_KEEP_DAYS ago; a pending one keeps its record however old', async () => {
      const draftUrl = (id: number) => `${api(news, id)}draft/?language_code=it`;
      const superseded = await published('Superata');
      expect((await r()('POST', draftUrl(superseded.id), draftOf(superseded.row, 'Bozza superata', { version: 1 }))).statusCode).toBe(200);
      expect((await r()('POST', `${api(news, superseded.id)}publish/?language_code=it`, { version: 1 })).statusCode).toBe(200);
      // A schedule request leaves the draft pending: it is what the scheduled publish puts live.
      const pending = await published('In attesa');
      expect((await r()('POST', draftUrl(pending.id), draftOf(pending.row, 'Bozza in attesa', { version: 1 }))).statusCode).toBe(200);
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
      const scheduled = await r()('POST', `${api(news, pending.id)}schedule/`, { publish_at: tomorrow, version: 1 });
      expect(scheduled.statusCode, scheduled.body).toBe(200);
      const recent = await published('Recente');
      expect((await r()('POST', draftUrl(recent.id), draftOf(recent.row, 'Bozza recente', { version: 1 }))).statusCode).toBe(200);
      expect((await r()('DELETE', `${api(news, recent.id)}draft/`)).statusCode).toBe(204);
      // The pending draft is the older one: a sweep of one entry a batch must walk past it.
      const age = (id: number, days: number) =>
        h.db
          .updateTable('activity')
          .set({ at: new Date(Date.now() - days * 86_400_000).toISOString() })
          .where('model', '=', 'news')
          .where('object_id', '=', id)
          .execute();
      await age(pending.id, 92);
      await age(superseded.id, 91);

      expect(await pruneDrafts(h.db, 90, Date.now(), 1)).toBe(1);
      const drafts = async (id: number) =>
        (
          await h.db.selectFrom('activity').select('record').where('model', '=', 'news').where('object_id', '=', id).where('action', '=', 'draft').execute()
        ).map((e) => e.record !== null);
      expect(await drafts(superseded.id)).toEqual([false]);
      expect(await drafts(pending.id)).toEqual([true]);
      expect(await drafts(recent.id)).toEqual([true]);
      expect(json(await r()('GET', draftUrl(pending.id)))).toMatchObject({ title: 'Bozza in attesa', has_draft: true });
      // Its row's history goes on without it; the activity log keeps the line.
      expect(json(await r()('GET', `${api(news, superseded.id)}revisions/`)).items.map((e: { action: string }) => e.action)).toEqual(['publish', 'create']);
      expect((await entries('news', superseded.id)).map((e) => e.action)).toEqual(['create', 'draft', 'publish']);
      expect(await pruneDrafts(h.db, 90)).toBe(0);
    });
  },
  { resetBetweenTests: false },
);
