/**
 * Revisions (issue 16): every write of the entity engine stores one in its transaction, a
 * row's history reads newest first with a field-by-field diff, a restore is a new write
 * checked against the current version, and a deleted row waits in its entity's bin until
 * REVISIONS_KEEP_DAYS have passed. A dealer never reaches another site's history or bin.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { pruneBin } from '../../server/activity/prune.js';
import { api, entity, fixtures, HOSTS, json } from './entity-fixtures.js';
import { describeEachDialect, type Session } from './harness.js';

const news = entity('news');

describeEachDialect(
  'revisions',
  (h) => {
    let rossi: Session;
    let verdi: Session;
    const fx = fixtures(h);
    // Signed in once for the block: sessions are kept between its tests.
    beforeAll(async () => {
      rossi = await h.login('rossi', HOSTS.rossi);
      verdi = await h.login('verdi', HOSTS.verdi);
    });
    const as = (s: Session) => (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
      h.call(method, url, { host: s.host, session: s, body });
    const r = () => as(rossi);
    const revisions = (id: number, query = '') => `${api(news, id)}revisions/${query}`;
    const entries = async (id: number) =>
      h.db.selectFrom('activity').select(['id', 'action', 'version']).where('model', '=', 'news').where('object_id', '=', id).orderBy('id').execute();

    /** A news item made through the API, then its title changed twice: versions 1, 2, 3. */
    async function editedTwice() {
      const made = await r()('POST', api(news), await fx.body('news', 'rossi', { translations: { it: { title: 'Primo titolo' } } }));
      expect(made.statusCode, made.body).toBe(201);
      const created = json(made);
      await r()('PATCH', `${api(news, created.id)}?language_code=it`, { title: 'Secondo titolo', version: 1 });
      const third = await r()('PATCH', `${api(news, created.id)}?language_code=it`, { title: 'Terzo titolo', version: 2 });
      expect(third.statusCode, third.body).toBe(200);
      return created.id as number;
    }

    it('stores a revision of every write with who, where, what changed and the whole row', async () => {
      const id = await editedTwice();
      const res = await r()('GET', revisions(id));
      expect(res.statusCode, res.body).toBe(200);
      const page = json(res);
      expect(page.items.map((e: { action: string; version: number }) => [e.action, e.version])).toEqual([
        ['update', 3],
        ['update', 2],
        ['create', 1],
      ]);
      expect(page.next).toBeNull();
      const [last] = page.items;
      expect(last.user.username).toBe('rossi');
      expect(last.ip).not.toBe('');
      expect(last.changes).toEqual({ fields: [], translations: { it: ['title'] } });

      const detail = json(await r()('GET', `${revisions(id)}${last.id}/`));
      expect(detail.diff).toEqual([{ field: 'title', language: 'it', before: 'Secondo titolo', after: 'Terzo titolo' }]);
      expect(detail.record.translations.it.title).toBe('Terzo titolo');
    });

    it('pages a history newest first by its cursor', async () => {
      const id = await editedTwice();
      const first = json(await r()('GET', revisions(id, '?items=2')));
      expect(first.items).toHaveLength(2);
      expect(first.next).toBe(first.items[1].id);
      const second = json(await r()('GET', revisions(id, `?items=2&before=${first.next}`)));
      expect(second.items.map((e: { action: string }) => e.action)).toEqual(['create']);
      expect(second.next).toBeNull();
      expect((await r()('GET', revisions(id, '?items=500'))).statusCode).toBe(400);
    });

    it('restores an earlier revision as a new write over the current version', async () => {
      const id = await editedTwice();
      const [created] = await entries(id);
      const res = await r()('POST', `${revisions(id)}${created!.id}/restore/?language_code=it`, { version: 3 });
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res)).toMatchObject({ version: 4, title: 'Primo titolo' });
      const after = await entries(id);
      expect(after.at(-1)).toMatchObject({ action: 'restore', version: 4 });
    });

    it('refuses a restore made from a stale version with the current row, writing nothing', async () => {
      const id = await editedTwice();
      const [created] = await entries(id);
      // Someone else saved in between: the restore was made from version 3.
      await r()('PATCH', `${api(news, id)}?language_code=it`, { title: 'Quarto titolo', version: 3 });
      const before = await entries(id);
      const res = await r()('POST', `${revisions(id)}${created!.id}/restore/`, { version: 3 });
      expect(res.statusCode).toBe(409);
      expect(json(res).current).toMatchObject({ version: 4 });
      expect(await entries(id)).toEqual(before);
      expect((await r()('POST', `${revisions(id)}${created!.id}/restore/`, {})).statusCode).toBe(400);
    });

    it('stores nothing for a refused write', async () => {
      const id = await editedTwice();
      const before = await entries(id);
      expect((await r()('PATCH', `${api(news, id)}?language_code=it`, { title: '', version: 3 })).statusCode).toBe(400);
      expect(await entries(id)).toEqual(before);
    });

    it('keeps a deleted row in the bin, restorable with its id, and only for its site', async () => {
      const id = await editedTwice();
      expect((await r()('DELETE', api(news, id))).statusCode).toBe(204);
      const bin = json(await r()('GET', `${api(news)}bin/`));
      const entry = bin.items.find((e: { object_id: number }) => e.object_id === id);
      expect(entry).toMatchObject({ action: 'delete', version: 3 });
      expect(entry.record.translations.it.title).toBe('Terzo titolo');

      // Another dealer sees neither the bin entry nor can restore it.
      const theirs = json(await as(verdi)('GET', `${api(news)}bin/`));
      expect(theirs.items.some((e: { object_id: number }) => e.object_id === id)).toBe(false);
      expect((await as(verdi)('POST', `${api(news)}bin/${entry.id}/restore/`)).statusCode).toBe(404);

      const back = await r()('POST', `${api(news)}bin/${entry.id}/restore/?language_code=it`);
      expect(back.statusCode, back.body).toBe(201);
      expect(json(back)).toMatchObject({ id, version: 1, title: 'Terzo titolo' });
      const again = json(await r()('GET', `${api(news)}bin/`));
      expect(again.items.some((e: { object_id: number }) => e.object_id === id)).toBe(false);
      expect((await r()('POST', `${api(news)}bin/${entry.id}/restore/`)).statusCode).toBe(404);
      expect((await entries(id)).map((e) => e.action)).toEqual(['create', 'update', 'update', 'delete', 'restore']);
    });

    it("never shows another site's history", async () => {
      const id = await editedTwice();
      const [created] = await entries(id);
      expect((await as(verdi)('GET', revisions(id))).statusCode).toBe(404);
      expect((await as(verdi)('GET', `${revisions(id)}${created!.id}/`)).statusCode).toBe(404);
      expect((await as(verdi)('POST', `${revisions(id)}${created!.id}/restore/`, { version: 3 })).statusCode).toBe(404);
    });

    describe('retention', () => {
      it('prunes deletes older than REVISIONS_KEEP_DAYS out of the bin, keeping the log lines', async () => {
        const old = await editedTwice();
        const fresh = await editedTwice();
        await r()('DELETE', api(news, old));
        await r()('DELETE', api(news, fresh));
        const longAgo = new Date(Date.now() - 91 * 86_400_000).toISOString();
        await h.db.updateTable('activity').set({ at: longAgo }).where('model', '=', 'news').where('object_id', '=', old).execute();

        expect(await pruneBin(h.db, 90)).toBeGreaterThanOrEqual(1);
        const bin = json(await r()('GET', `${api(news)}bin/`)).items.map((e: { object_id: number }) => e.object_id);
        expect(bin).toContain(fresh);
        expect(bin).not.toContain(old);
        const lines = await h.db.selectFrom('activity').select(['action', 'record']).where('model', '=', 'news').where('object_id', '=', old).execute();
        expect(lines.map((l) => l.action)).toEqual(['create', 'update', 'update', 'delete']);
        expect(lines.every((l) => l.record === null)).toBe(true);
      });
    });
  },
  { resetBetweenTests: false },
);
