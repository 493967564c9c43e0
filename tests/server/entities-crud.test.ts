/**
 * Generated from the declarations, for every catalog entity: the create → read → update
 * (PUT, PATCH) → delete round trip, optimistic concurrency, and every invalid value of
 * every field answering 400 on that field's path with nothing written.
 */
import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EntityDef } from '../../entities/define.js';
import { ENTITIES } from '../../entities/index.js';
import { invalidSamples, sampleValue } from '../../entities/fieldTypes/index.js';
import { api, contextFor, fixtures, HOSTS, json, rowOf, snapshot } from './entity-fixtures.js';
import { describeEachDialect, type Session } from './harness.js';

const catalog = ENTITIES.filter((e) => e.scope === 'dealer');

/**
 * A plain field of the entity that a PATCH can set to distinct values: an integer (k steps
 * above its minimum) or, for entities without one, a date-time (k days into 2026), else a
 * text (its type's k-th sample).
 */
function patchField(e: EntityDef): [string, (k: number) => number | string] {
  const plain = Object.entries(e.fields).filter(([, f]) => !f.translated);
  const int = plain.find(([, f]) => f.type === 'integer');
  if (int) {
    const [name, f] = int;
    const min = f.type === 'integer' ? (f.min ?? 0) : 0;
    return [name, (k) => min + k];
  }
  const datetime = plain.find(([, f]) => f.type === 'datetime');
  if (datetime) return [datetime[0], (k) => new Date(Date.UTC(2026, 0, 1 + k, 9, 30)).toISOString()];
  const [name, text] = plain.find(([, f]) => f.type === 'text' && !f.readOnly)!;
  return [name, (k) => String(sampleValue(text, k, {}, 'patched'))];
}

describeEachDialect(
  'entity CRUD',
  (h) => {
    let rossi: Session;
    /** The site's default language and another of its languages. */
    let def = '';
    let other = '';
    const fx = fixtures(h);
    const host = HOSTS.rossi;
    beforeAll(async () => {
      rossi = await h.login('rossi', host);
      const site = (await contextFor(h, 'rossi')).site;
      def = site.default_language;
      other = site.languages.find((l) => l !== def)!;
    });
    const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown, headers?: Record<string, string>) =>
      h.call(method, url, { host, session: rossi, body, headers });

    it("names a detail's m2m targets in the field's order and the asked language, the default language's copy where it has none", async () => {
      const tag = (translations: Record<string, { title: string }>) => fx.create('tag', 'rossi', { translations });
      const both = await tag({ [def]: { title: 'Etichetta doppia' }, [other]: { title: 'Double tag' } });
      const one = await tag({ [def]: { title: 'Solo predefinita' } });
      const made = await call('POST', `${api(ENTITIES.find((x) => x.name === 'product')!)}?language_code=${other}`, {
        ...(await fx.body('product', 'rossi')),
        tags: [one, both],
      });
      expect(made.statusCode, made.body).toBe(201);
      const expected = [
        { id: one, title: 'Solo predefinita' },
        { id: both, title: 'Double tag' },
      ];
      expect(json(made)._refs.tags).toEqual(expected);
      const url = `${api(ENTITIES.find((x) => x.name === 'product')!)}${json(made).id}/?language_code=${other}`;
      expect(json(await call('GET', url))._refs.tags).toEqual(expected);
      // A link to another site's row (none the API writes) names no title of that site.
      const foreign = await fx.create('tag', 'verdi');
      await (h.db as Kysely<any>)
        .insertInto('products_tags')
        .values({ source_id: json(made).id, target_id: foreign, position: 2 })
        .execute();
      expect(json(await call('GET', url))._refs.tags).toEqual([...expected, { id: foreign, title: `#${foreign}` }]);
    });

    for (const e of catalog) {
      describe(e.name, () => {
        it('creates, reads, replaces, patches and deletes', async () => {
          const body = await fx.body(e.name, 'rossi');
          const created = await call('POST', api(e), body);
          expect(created.statusCode, created.body).toBe(201);
          const row = json(created);
          expect(row.version).toBe(1);
          expect(created.headers.etag).toBe('"1"');
          for (const name of Object.keys(e.fields)) expect(row, name).toHaveProperty(name);
          const translated = Object.values(e.fields).filter((f) => f.translated);
          if (translated.length) expect(Object.keys(row.translations).sort()).toEqual([def, other].sort());

          const read = await call('GET', api(e, row.id));
          expect(read.statusCode).toBe(200);
          expect(json(read)).toEqual(row);
          expect(read.headers.etag).toBe('"1"');

          const replacement = await fx.body(e.name, 'rossi');
          const put = await call('PUT', api(e, row.id), { ...replacement, version: 1 });
          expect(put.statusCode, put.body).toBe(200);
          expect(json(put).version).toBe(2);
          expect(json(put).created_at).toBe(row.created_at);

          const [plainName, value] = patchField(e);
          const patched = await call('PATCH', api(e, row.id), { [plainName]: value(42) }, { 'if-match': '"2"' });
          expect(patched.statusCode, patched.body).toBe(200);
          const after = json(patched);
          expect(after.version).toBe(3);
          expect(after[plainName]).toBe(value(42));
          for (const name of Object.keys(e.fields)) if (name !== plainName) expect(after[name], name).toEqual(json(put)[name]);

          const deleted = await call('DELETE', api(e, row.id));
          expect(deleted.statusCode).toBe(204);
          expect(deleted.body).toBe('');
          expect((await call('GET', api(e, row.id))).statusCode).toBe(404);
          expect((await call('DELETE', api(e, row.id))).statusCode).toBe(404);
        });

        it('answers 409 with the current row for a stale version, and writes nothing', async () => {
          const id = await fx.create(e.name, 'rossi');
          const [int, value] = patchField(e);
          const first = await call('PATCH', api(e, id), { [int]: value(1), version: 1 });
          expect(first.statusCode, first.body).toBe(200);
          const before = await rowOf(h, e, id);
          for (const [method, body, headers] of [
            ['PATCH', { [int]: value(2), version: 1 }, {}],
            ['PUT', { ...(await fx.body(e.name, 'rossi')), version: 1 }, {}],
            ['PATCH', { [int]: value(2) }, { 'if-match': '"1"' }],
            ['DELETE', undefined, { 'if-match': 'W/"1"' }],
          ] as const) {
            const res = await call(method, api(e, id), body, headers);
            expect(res.statusCode, `${method} ${res.body}`).toBe(409);
            const answer = json(res);
            expect(typeof answer.detail).toBe('string');
            expect(answer.current.id).toBe(id);
            expect(answer.current.version).toBe(2);
            expect(answer.current[int]).toBe(value(1));
          }
          expect(await rowOf(h, e, id)).toEqual(before);
        });

        it('needs the version of an update (400 on version) and refuses a malformed one', async () => {
          const id = await fx.create(e.name, 'rossi');
          for (const [body, headers] of [
            [{}, {}],
            [{ version: 'one' }, {}],
            [{}, { 'if-match': '*' }],
            [{ version: 1 }, { 'if-match': '"2"' }],
          ] as const) {
            const res = await call('PATCH', api(e, id), body, headers);
            expect(res.statusCode, res.body).toBe(400);
            expect(Array.isArray(json(res).version)).toBe(true);
          }
          expect((await rowOf(h, e, id))!.version).toBe(1);
        });

        it('answers 404 for an id that does not exist or is not an id', async () => {
          for (const id of ['999999999', '0', 'abc', '1.5', '-1', '99999999999']) {
            expect((await call('GET', api(e, id))).statusCode).toBe(404);
            expect((await call('PATCH', api(e, id), { version: 1 })).statusCode).toBe(404);
            expect((await call('DELETE', api(e, id))).statusCode).toBe(404);
          }
        });

        for (const [name, field] of Object.entries(e.fields)) {
          const samples = invalidSamples(field);
          // A read-only field is never written by clients: whatever they send is ignored.
          if (!samples.length || field.readOnly) continue;
          it(`refuses invalid ${field.type} values of ${name} on its path, and writes nothing`, async () => {
            const id = await fx.create(e.name, 'rossi');
            const good = await fx.body(e.name, 'rossi');
            const before = await snapshot(h, 'rossi');
            for (const s of samples) {
              const path = (field.translated ? `translations.${def}.${name}` : name) + s.at;
              const payload = field.translated
                ? { ...good, translations: { ...(good.translations as object), [def]: { ...(good.translations as any)[def], [name]: s.value } } }
                : { ...good, [name]: s.value };
              const created = await call('POST', api(e), payload);
              expect(created.statusCode, `POST ${s.why}: ${created.body}`).toBe(400);
              expect(json(created), `POST ${s.why}`).toHaveProperty([path]);

              const patch = field.translated ? { translations: { [def]: { [name]: s.value } } } : { [name]: s.value };
              const patched = await call('PATCH', api(e, id), { ...patch, version: 1 });
              expect(patched.statusCode, `PATCH ${s.why}: ${patched.body}`).toBe(400);
              expect(Object.keys(json(patched)), `PATCH ${s.why}`).toContain(path);
            }
            expect(await snapshot(h, 'rossi')).toEqual(before);
          });
        }

        it('requires its required fields (400 "This field is required." on each)', async () => {
          const required = Object.entries(e.fields).filter(([, f]) => f.required && !('default' in f));
          const res = await call('POST', api(e), {});
          expect(res.statusCode).toBe(400);
          const errors = json(res);
          for (const [name, f] of required) {
            const path = f.translated ? `translations.${def}.${name}` : name;
            expect(errors[path], path).toEqual(['This field is required.']);
          }
        });
      });
    }

    describe('translations', () => {
      const product = ENTITIES.find((e) => e.name === 'product')!;
      const t = (body: Record<string, unknown>) => body.translations as Record<string, Record<string, unknown>>;

      it('reads flat values in the language asked for, exactly (no fallback), and the default language otherwise', async () => {
        const body = await fx.body('product', 'rossi');
        Object.assign(t(body)[other]!, { name: 'Trattore di prova', summary: '' });
        const id = json(await call('POST', api(product), body)).id;
        const asked = json(await call('GET', `${api(product, id)}?language_code=${other}`));
        expect(asked.name).toBe('Trattore di prova');
        expect(asked.summary).toBe('');
        const plain = json(await call('GET', api(product, id)));
        expect(plain.name).toBe(t(body)[def]?.name);
        expect(plain.summary).toBe(t(body)[def]?.summary);
        expect(plain.translations[other].name).toBe('Trattore di prova');
        const list = json(await call('GET', `${api(product)}?language_code=${other}&search=prova`));
        expect(list.items.map((i: any) => i.name)).toContain('Trattore di prova');
      });

      it('writes flat values into the language_code language and leaves the others', async () => {
        const id = await fx.create('product', 'rossi');
        const before = json(await call('GET', api(product, id)));
        const res = await call('PATCH', `${api(product, id)}?language_code=${other}`, { name: 'Nome tradotto', version: 1 });
        expect(res.statusCode, res.body).toBe(200);
        const after = json(res);
        expect(after.name).toBe('Nome tradotto');
        expect(after.translations[other].name).toBe('Nome tradotto');
        expect(after.translations[def]).toEqual(before.translations[def]);
      });

      it('ignores flat translated values without language_code', async () => {
        const id = await fx.create('product', 'rossi');
        const before = json(await call('GET', api(product, id)));
        const after = json(await call('PATCH', api(product, id), { name: 'Flat', version: 1 }));
        expect(after.translations).toEqual(before.translations);
      });

      it('needs the required translated fields in the site default language only', async () => {
        const body = await fx.body('product', 'rossi');
        const res = await call('POST', api(product), { ...body, translations: { [other]: t(body)[other] } });
        expect(res.statusCode).toBe(400);
        expect(json(res)[`translations.${def}.name`]).toEqual(['This field is required.']);
        const ok = await call('POST', api(product), { ...body, translations: { [def]: t(body)[def] } });
        expect(ok.statusCode, ok.body).toBe(201);
        expect(Object.keys(json(ok).translations)).toEqual([def]);
      });

      it('refuses a language the site does not have, and an unknown language_code', async () => {
        const body = await fx.body('product', 'rossi');
        const res = await call('POST', api(product), { ...body, translations: { ...t(body), de: { name: 'Traktor' } } });
        expect(res.statusCode).toBe(400);
        expect(json(res)['translations.de']).toBeDefined();
        expect(json(await call('GET', `${api(product)}?language_code=xx`)).language_code).toBeDefined();
      });

      it('removes a language given as null, merges a patched language field by field', async () => {
        const id = await fx.create('product', 'rossi');
        const patched = json(await call('PATCH', api(product, id), { translations: { [other]: { summary: 'Solo il riassunto' } }, version: 1 }));
        expect(patched.translations[other].summary).toBe('Solo il riassunto');
        expect(patched.translations[other].name).toMatch(new RegExp(` ${other} `));
        const removed = json(await call('PATCH', api(product, id), { translations: { [other]: null }, version: 2 }));
        expect(Object.keys(removed.translations)).toEqual([def]);
        const refused = await call('PATCH', api(product, id), { translations: { [def]: null }, version: 3 });
        expect(refused.statusCode).toBe(400);
        expect(json(refused)[`translations.${def}.name`]).toBeDefined();
      });

      it('reports nested paths inside a repeater and inside translations', async () => {
        const body = await fx.body('product', 'rossi');
        const res = await call('POST', api(product), {
          ...body,
          specs: [
            { name: 'Power', value: '100 hp' },
            { name: 'Weight', value: '4,000 kg' },
            { name: 'Engine', value: '' },
          ],
          translations: { ...t(body), [other]: { ...t(body)[other], seo: { title: 'x'.repeat(201) } } },
        });
        expect(res.statusCode).toBe(400);
        expect(json(res)).toEqual({
          'specs.2.value': ['This field may not be blank.'],
          [`translations.${other}.seo.title`]: ['Ensure this field has no more than 200 characters.'],
        });
      });
    });

    it('answers 400, never 500, for bodies that are not objects', async () => {
      const product = ENTITIES.find((e) => e.name === 'product')!;
      const id = await fx.create('product', 'rossi');
      for (const payload of ['[]', '"x"', '42', 'null', '[{"name":"x"}]']) {
        const res = await h.call('POST', api(product), { host, session: rossi, payload, headers: { 'content-type': 'application/json' } });
        expect(res.statusCode, payload).toBe(400);
        const put = await h.call('PUT', api(product, id), { host, session: rossi, payload, headers: { 'content-type': 'application/json' } });
        expect(put.statusCode, payload).toBe(400);
      }
    });
  },
  { resetBetweenTests: false },
);
