/**
 * Every field type through the real server: a test-only entity declaring all of them gets
 * its table from createEntityTable, its routes from the same plugin as the catalog, and
 * must store, read back and refuse values as the declaration says. Then the "add a field"
 * recipe: addEntityColumn on a table with rows.
 */
import { ResponseCache } from '../../server/cache/responseCache.js';
import { loginThrottle } from '../../server/services/loginThrottle.js';
import { databaseRateLimiter } from '../../server/services/rateLimit.js';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineEntity, type EntityDef } from '../../entities/define.js';
import type { Field, FieldType } from '../../entities/fields.js';
import { ENTITIES } from '../../entities/index.js';
import entityRoutes from '../../server/entities/routes.js';
import { invalidSamples } from '../../entities/fieldTypes/index.js';
import { sampleBody } from '../../server/entities/samples.js';
import { addEntityColumn, createEntityTable } from '../../server/entities/schema.js';
import context from '../../server/plugins/context.js';
import errors from '../../server/plugins/errors.js';
import security from '../../server/plugins/security.js';
import auth from '../../server/routes/auth.js';
import { contextFor, fixtures, HOSTS, json, snapshot } from './entity-fixtures.js';
import { describeEachDialect, type Session } from './harness.js';

const sink = defineEntity({
  name: 'kitchenSink',
  model: 'product',
  scope: 'dealer',
  path: '/kitchenSink',
  table: 'kitchen_sinks',
  label: { one: 'entities.kitchenSink.one', many: 'entities.kitchenSink.many' },
  titleField: 'title',
  fields: {
    title: { type: 'text', label: 'f.title', required: true, translated: true, maxLength: 80 },
    slug: { type: 'slug', label: 'f.slug', translated: true, from: 'title' },
    code: { type: 'text', label: 'f.code', pattern: '[a-z]{2}-\\d{3}', unique: true, maxLength: 6 },
    note: { type: 'textarea', label: 'f.note', maxLength: 500 },
    email: { type: 'email', label: 'f.email' },
    website: { type: 'url', label: 'f.website' },
    price: { type: 'number', label: 'f.price', min: 0, max: 1000 },
    quantity: { type: 'integer', label: 'f.quantity', min: -5, max: 50 },
    visible: { type: 'boolean', label: 'f.visible', default: true },
    kind: {
      type: 'select',
      label: 'f.kind',
      required: true,
      default: 'a',
      options: [
        { value: 'a', label: 'o.a' },
        { value: 'b', label: 'o.b' },
      ],
    },
    colour: { type: 'color', label: 'f.colour', alpha: true },
    day: { type: 'date', label: 'f.day', min: '2000-01-01', max: '2099-12-31' },
    moment: { type: 'datetime', label: 'f.moment' },
    opens: { type: 'time', label: 'f.opens' },
    picture: { type: 'media', label: 'f.picture', accept: 'image/*' },
    pictures: { type: 'mediaMany', label: 'f.pictures', max: 5 },
    document: { type: 'file', label: 'f.document' },
    brand: { type: 'fk', label: 'f.brand', target: 'brand', onDelete: 'setNull' },
    tags: { type: 'm2m', label: 'f.tags', target: 'tag', onDelete: 'unlink' },
    rows: {
      type: 'repeater',
      label: 'f.rows',
      max: 4,
      fields: {
        label: { type: 'text', label: 'f.rows.label', required: true, maxLength: 20 },
        at: { type: 'time', label: 'f.rows.at' },
        image: { type: 'media', label: 'f.rows.image' },
        link: { type: 'fk', label: 'f.rows.link', target: 'product' },
      },
    },
    seo: { type: 'seo', label: 'f.seo', translated: true },
    place: { type: 'map', label: 'f.place' },
    body: { type: 'richtext', label: 'f.body', translated: true },
    menu: { type: 'menuTree', label: 'f.menu', maxDepth: 2, pages: ['home', 'contacts'] },
    hosts: { type: 'list', label: 'f.hosts', pattern: '[a-z0-9]+(?:\\.[a-z0-9]+)+', patternCode: 'hostName', max: 3 },
    codes: {
      type: 'list',
      label: 'f.codes',
      required: true,
      options: [
        { value: 'x', label: 'o.x' },
        { value: 'y', name: 'Y' },
      ],
    },
  },
  list: {
    columns: ['title', 'kind', 'brand', 'tags', 'day'],
    sort: '-id',
    sortable: ['title', 'code', 'price', 'quantity', 'visible', 'kind', 'day', 'moment', 'opens', 'created_at'],
    search: ['title', 'code', 'note'],
    filters: [
      { field: 'kind', kind: 'select' },
      { field: 'brand', kind: 'fk' },
      { field: 'tags', kind: 'fk' },
      { field: 'visible', kind: 'boolean' },
      { field: 'moment', kind: 'dateRange' },
    ],
  },
  form: {
    tabs: [
      {
        label: 't.all',
        groups: [
          {
            fields: [
              'title',
              'slug',
              'code',
              'note',
              'email',
              'website',
              'price',
              'quantity',
              'visible',
              'kind',
              'colour',
              'day',
              'moment',
              'opens',
              'picture',
              'pictures',
              'document',
              'brand',
              'tags',
              'rows',
              'seo',
              'place',
              'body',
              'menu',
              'hosts',
              'codes',
            ],
          },
        ],
      },
    ],
  },
});

/** The same entity, one migration later: the recipe's "add a field". */
const sinkV2 = defineEntity({
  ...sink,
  fields: {
    ...sink.fields,
    warranty: { type: 'integer', label: 'f.warranty', default: 2, min: 0, max: 10 },
    extras: { type: 'm2m', label: 'f.extras', target: 'tag', onDelete: 'unlink' },
    subtitle: { type: 'text', label: 'f.subtitle', translated: true },
    ribbon: { type: 'color', label: 'f.ribbon' },
  },
  list: { ...sink.list, sortable: [...sink.list.sortable, 'warranty', 'subtitle'], filters: [...sink.list.filters, { field: 'extras', kind: 'fk' }] },
  form: { tabs: [{ label: 't.all', groups: [{ fields: [...sink.form.tabs[0].groups[0].fields, 'warranty', 'extras', 'subtitle', 'ribbon'] }] }] },
});

/** Issue 6 shapes: a master-only entity and one that every site has its own rows of. */
const masterThing = defineEntity({
  name: 'masterThing',
  model: 'marketSettings',
  scope: 'master',
  path: '/masterThings',
  table: 'master_things',
  label: { one: 'x.one', many: 'x.many' },
  titleField: 'code',
  fields: {
    code: { type: 'text', label: 'f.code', required: true, unique: true, maxLength: 8 },
    slug: { type: 'slug', label: 'f.slug', from: 'code' },
  },
  list: { columns: ['code'], sort: 'code', sortable: ['code'], search: ['code'], filters: [] },
  form: { tabs: [{ label: 't', groups: [{ fields: ['code', 'slug'] }] }] },
});
const sharedThing = defineEntity({
  ...masterThing,
  name: 'sharedThing',
  model: 'page',
  scope: 'both',
  path: '/sharedThings',
  table: 'shared_things',
});

const ALL_TYPES: FieldType[] = [
  'text',
  'textarea',
  'slug',
  'email',
  'url',
  'number',
  'integer',
  'boolean',
  'select',
  'color',
  'date',
  'datetime',
  'time',
  'media',
  'mediaMany',
  'file',
  'fk',
  'm2m',
  'repeater',
  'seo',
  'map',
  'richtext',
  'menuTree',
  'list',
];

async function appWith(h: { db: any; dialect: any; config: any }, entities: readonly EntityDef[]): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
  app.decorate('db', h.db);
  app.decorate('dialect', h.dialect);
  app.decorate('config', h.config);
  app.decorate('responseCache', new ResponseCache(h.config.listCacheBytes));
  app.decorate('loginThrottle', loginThrottle(databaseRateLimiter(h.db), h.config.login));
  app.addHook('onClose', () => app.loginThrottle.close());
  await app.register(errors);
  await app.register(context);
  await app.register(security);
  await app.register(auth);
  await app.register(entityRoutes, { entities });
  await app.ready();
  return app;
}

describeEachDialect(
  'every field type',
  (h) => {
    let app: FastifyInstance;
    let rossi: Session;
    let def = '';
    let other = '';
    const fx = fixtures(h);
    const host = HOSTS.rossi;
    const url = (id?: number) => (id === undefined ? '/api/kitchenSink/' : `/api/kitchenSink/${id}/`);
    const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown, a = app) =>
      h.call(method, path, { host, session: rossi, body, app: a });

    beforeAll(async () => {
      await createEntityTable(h.db, h.dialect, 'kitchenSink', undefined, [...ENTITIES, sink]);
      app = await appWith(h, [...ENTITIES, sink]);
      rossi = await h.login('rossi', host, { app });
      const site = (await contextFor(h, 'rossi')).site;
      def = site.default_language;
      other = site.languages.find((l) => l !== def)!;
    });
    afterAll(async () => {
      await app?.close();
    });

    it('declares all 24 field types', () => {
      expect(new Set(Object.values(sink.fields).map((f) => f.type))).toEqual(new Set(ALL_TYPES));
    });

    const sinkRows = async () =>
      Number(
        (
          await h.db
            .selectFrom('kitchen_sinks' as never)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    async function refs() {
      return {
        brand: [await fx.create('brand', 'rossi')],
        tag: [await fx.create('tag', 'rossi'), await fx.create('tag', 'rossi')],
        product: [await fx.create('product', 'rossi')],
      };
    }

    it('stores and reads back a value of every type, normalised', async () => {
      const body = sampleBody(sink, 7, await refs(), [def, other]);
      Object.assign(body, {
        code: 'ab-123',
        colour: '#AABBCCDD',
        moment: '2026-05-01T11:30:00+02:00',
        opens: '08:15',
        place: { lat: 45.07, lng: 7.69 },
        menu: [{ label: ' Home ', page: 'home', children: [{ label: 'Mail', url: 'mailto:info@example.com', new_tab: true }] }],
        hosts: [' www.example.com ', 'shop.example.com'],
        codes: ['y', 'x'],
      });
      const res = await call('POST', url(), body);
      expect(res.statusCode, res.body).toBe(201);
      const row = json(res);
      expect(row).toMatchObject({
        code: 'ab-123',
        note: body.note,
        email: body.email,
        website: body.website,
        price: body.price,
        quantity: body.quantity,
        visible: true,
        kind: 'a',
        colour: '#aabbccdd',
        day: '2026-05-01',
        moment: '2026-05-01T09:30:00.000Z',
        opens: '08:15:00',
        picture: null,
        pictures: [],
        document: null,
        brand: body.brand,
        tags: body.tags,
        rows: [{ label: 'label 7', at: '09:30:00', image: null, link: (body.rows as any)[0].link }],
        place: { lat: 45.07, lng: 7.69 },
        menu: [{ label: 'Home', page: 'home', children: [{ label: 'Mail', url: 'mailto:info@example.com', new_tab: true, children: [] }] }],
        hosts: ['www.example.com', 'shop.example.com'],
        codes: ['y', 'x'],
      });
      expect(row.slug).toBe(`kitchensink-title-${def}-7`);
      expect(row.translations[other].slug).toBe(`kitchensink-title-${other}-7`);
      expect(row.seo).toEqual({ title: `kitchenSink seo ${def} 7`, description: `About kitchenSink seo ${def} 7.`, slug: '' });
      expect(row._refs.tags).toHaveLength(2);
      expect(json(await call('GET', url(row.id)))).toEqual(row);
    });

    for (const [name, field] of Object.entries(sink.fields as Record<string, Field>)) {
      it(`refuses invalid ${field.type} values of ${name} with their path, writing nothing`, async () => {
        const good = sampleBody(sink, 8, await refs(), [def, other]);
        const before = [await snapshot(h, 'rossi'), await sinkRows()];
        for (const s of invalidSamples(field)) {
          const path = (field.translated ? `translations.${def}.${name}` : name) + s.at;
          const payload = field.translated
            ? { ...good, translations: { ...(good.translations as object), [def]: { ...(good.translations as any)[def], [name]: s.value } } }
            : { ...good, [name]: s.value };
          const res = await call('POST', url(), payload);
          expect(res.statusCode, `${name} ${s.why}: ${res.body}`).toBe(400);
          expect(Object.keys(json(res)), `${name} ${s.why}`).toContain(path);
        }
        expect([await snapshot(h, 'rossi'), await sinkRows()]).toEqual(before);
      });
    }

    it('refuses a menu link to a page it does not know, and a nested reference of another site', async () => {
      const good = sampleBody(sink, 9, await refs(), [def, other]);
      const verdiProduct = await fx.create('product', 'verdi');
      const res = await call('POST', url(), {
        ...good,
        menu: [{ label: 'About', page: 'about_us' }],
        rows: [{ label: 'ok' }, { label: 'bad', link: verdiProduct }],
      });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({ 'menu.0.page': ['"about_us" is not a valid choice.'] });
      const second = await call('POST', url(), { ...good, rows: [{ label: 'ok' }, { label: 'bad', link: verdiProduct }] });
      expect(json(second)).toEqual({ 'rows.1.link': [`Invalid pk "${verdiProduct}" - object does not exist.`] });
    });

    it('clears a setNull reference when its target is deleted, keeping the row', async () => {
      const r = await refs();
      const created = json(await call('POST', url(), { ...sampleBody(sink, 10, r, [def, other]), brand: r.brand[0] }));
      const brands = ENTITIES.find((e) => e.name === 'brand')!;
      const del = await call('DELETE', `/api${brands.path}/${r.brand[0]}/`);
      expect(del.statusCode, del.body).toBe(204);
      const after = json(await call('GET', url(created.id)));
      expect(after.brand).toBeNull();
      expect(after.version).toBe(created.version + 1);
      const counted = json(await call('GET', `${url()}?fltr=brand=null&items=100`));
      expect(counted.items.map((i: { id: number }) => i.id)).toContain(created.id);
    });

    it('filters a datetime by a date range in UTC days', async () => {
      const r = await refs();
      const mk = async (moment: string) => {
        const res = await call('POST', url(), { ...sampleBody(sink, 11, r, [def, other]), moment });
        expect(res.statusCode, res.body).toBe(201);
        return json(res).id as number;
      };
      const a = await mk('2031-03-01T00:00:00Z');
      const b = await mk('2031-03-01T23:59:59Z');
      const c = await mk('2031-03-02T00:00:00Z');
      const ids = async (q: string) => (json(await call('GET', `${url()}?fltr=moment=${q}&items=100`)).items as Array<{ id: number }>).map((i) => i.id).sort();
      expect(await ids('2031-03-01')).toEqual([a, b].sort());
      expect(await ids('2031-03-02..2031-03-05')).toEqual([c]);
    });

    describe('master and both scopes', () => {
      it('serve a master entity on the master site only, and a both entity per site', async () => {
        const all = [...ENTITIES, masterThing, sharedThing];
        await createEntityTable(h.db, h.dialect, 'masterThing', undefined, all);
        await createEntityTable(h.db, h.dialect, 'sharedThing', undefined, all);
        const scoped = await appWith(h, all);
        try {
          const admin = await h.login('admin', 'localhost', { app: scoped });
          const staff = await h.login('staff', 'localhost', { app: scoped });
          const dealer = await h.login('rossi', host, { app: scoped });
          const on = (hostName: string, session: Session) => ({ host: hostName, session, app: scoped });
          const created = await h.post('/api/masterThings/', { ...on('localhost', admin), body: { code: 'IT' } });
          expect(created.statusCode, created.body).toBe(201);
          expect(json(created).slug).toBe('it');
          expect((await h.post('/api/masterThings/', { ...on('localhost', admin), body: { code: 'IT' } })).statusCode).toBe(400);
          expect((await h.get('/api/masterThings/', on('localhost', staff))).statusCode).toBe(200);
          expect((await h.post('/api/masterThings/', { ...on('localhost', staff), body: { code: 'ES' } })).statusCode).toBe(403);
          expect((await h.get('/api/masterThings/', on(host, dealer))).statusCode).toBe(404);

          const mine = json(await h.post('/api/sharedThings/', { ...on(host, dealer), body: { code: 'R1' } }));
          const masters = json(await h.post('/api/sharedThings/', { ...on('localhost', admin), body: { code: 'R1' } }));
          expect(masters.slug).toBe('r1');
          expect(json(await h.get('/api/sharedThings/', on(host, dealer))).items.map((i: { id: number }) => i.id)).toEqual([mine.id]);
          expect(json(await h.get('/api/sharedThings/', on('localhost', admin))).items.map((i: { id: number }) => i.id)).toEqual([masters.id]);
          expect((await h.get(`/api/sharedThings/${masters.id}/`, on(host, dealer))).statusCode).toBe(404);
        } finally {
          await scoped.close();
        }
      });
    });

    describe('adding a field (the recipe in entities/define.ts)', () => {
      it('adds columns, join tables and translated fields to a table with rows, and serves them', async () => {
        const r = await refs();
        const old = json(await call('POST', url(), sampleBody(sink, 12, r, [def, other])));
        for (const f of ['warranty', 'extras', 'subtitle', 'ribbon']) await addEntityColumn(h.db, h.dialect, 'kitchenSink', f, [...ENTITIES, sinkV2]);
        const v2 = await appWith(h, [...ENTITIES, sinkV2]);
        try {
          const got = await call('GET', url(old.id), undefined, v2);
          expect(got.statusCode, got.body).toBe(200);
          const read = json(got);
          expect({ warranty: read.warranty, extras: read.extras, subtitle: read.subtitle, ribbon: read.ribbon }).toEqual({
            warranty: 2,
            extras: [],
            subtitle: '',
            ribbon: null,
          });
          const patched = await call(
            'PATCH',
            url(old.id),
            { warranty: 5, extras: r.tag, ribbon: '#ff0000', translations: { [def]: { subtitle: 'Nuovo' } }, version: old.version },
            v2,
          );
          expect(patched.statusCode, patched.body).toBe(200);
          expect(json(patched)).toMatchObject({ warranty: 5, extras: r.tag, ribbon: '#ff0000', subtitle: 'Nuovo' });
          const sorted = json(await call('GET', `${url()}?sort=-warranty&fltr=extras=${r.tag[0]}`, undefined, v2));
          expect(sorted.items[0].id).toBe(old.id);
        } finally {
          await v2.close();
        }
      });
    });
  },
  { resetBetweenTests: false },
);
