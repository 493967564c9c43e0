/**
 * The delivery API's OpenAPI document (issue 15 point 6): a valid OpenAPI 3.1 document,
 * generated from the declarations, describing every delivery route; served like the rest of
 * the API; and every answer validates against it. The harness checks every delivery answer of
 * every server test against it (publicAnswers.ts); here each kind of answer is made once and
 * the check itself is shown to fail on what the document does not describe.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { expect, it } from 'vitest';
import { publicPath } from '../../entities/publicPaths.js';
import { sitePageInfo } from '../../entities/sitePages/keys.js';
import { Registry, sharedRegistry } from '../../server/entities/registry.js';
import { openApiDocument } from '../../server/public/openapi/document.js';
import { PUBLIC_API, publicEntities } from '../../server/public/routes.js';
import { fixtures, HOSTS, json } from './entity-fixtures.js';
import { describeEachDialect, type Session } from './harness.js';
import { answerProblems, type PublicAnswer, servedDocument, takeRecordedAnswers } from './publicAnswers.js';

const rossi = { host: HOSTS.rossi };
const DOC = `${PUBLIC_API}/openapi.json`;
const registry = sharedRegistry();
const product = publicEntities(registry.entities).find((e) => e.name === 'product')!;
const asArray = <T>(v: T | T[]): T[] => (Array.isArray(v) ? v : [v]);

describeEachDialect("the delivery API's OpenAPI document", (h) => {
  const fx = fixtures(h);
  let admin: Session | undefined;
  async function siteKey() {
    admin ??= await h.login('admin', HOSTS.master);
    const tenant = (await h.db.selectFrom('tenants').select('id').where('domain', '=', HOSTS.rossi).executeTakeFirstOrThrow()).id;
    const res = await h.post('/api/siteKeys/', { host: HOSTS.master, session: admin, body: { tenant, name: 'OpenAPI' } });
    expect(res.statusCode, res.body).toBe(201);
    return json(res) as { id: number; key: string };
  }
  /** A published product, and its slug in Italian. */
  async function publishedProduct() {
    const id = await fx.create('product', 'rossi', { status: 'published' });
    const one = json(await h.get(`${PUBLIC_API}/products/?items=100&sort=-id`, rossi)).items.find((i: { id: number }) => i.id === id);
    return { id, slug: one.slug as string };
  }

  it('is a valid OpenAPI 3.1 document with an operation for every delivery route', async () => {
    const doc = servedDocument();
    expect(await new Validator().validate(structuredClone(doc) as never)).toEqual({ valid: true });
    const routes = h.routes
      .filter((r) => r.url.startsWith(PUBLIC_API) && asArray(r.method).includes('GET'))
      .map((r) => r.url.slice(PUBLIC_API.length).replace(/:(\w+)/g, '{$1}'));
    expect(Object.keys(doc.paths).sort()).toEqual([...new Set(routes)].sort());
    expect(doc.components.securitySchemes.siteKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('is served on a dealer host and with a site key, cacheable and revalidated, and not on the master or an unknown host', async () => {
    const res = await h.get(DOC, rossi);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual(JSON.parse(JSON.stringify(servedDocument())));
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    expect(res.headers['surrogate-key']).toMatch(/^site-\d+$/);
    const etag = String(res.headers.etag);
    const again = await h.get(DOC, { ...rossi, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // A write to the site's content does not outdate the document: it changes with the server only.
    await fx.create('news', 'rossi', {});
    expect((await h.get(DOC, { ...rossi, headers: { 'if-none-match': etag } })).statusCode).toBe(304);

    const { key } = await siteKey();
    expect((await h.get(DOC, { host: HOSTS.master, headers: { authorization: `Bearer ${key}` } })).statusCode).toBe(200);
    expect((await h.get(DOC, { host: HOSTS.master })).statusCode).toBe(404);
    expect((await h.get(DOC, { host: 'nobody.localhost' })).statusCode).toBe(404);
    expect((await h.get(DOC, { ...rossi, headers: { authorization: `Bearer ${key}x` } })).statusCode).toBe(401);
  });

  it('describes every kind of answer — each endpoint, 301, 304, 400, 401, 404, 429 — and each validates against it', async () => {
    takeRecordedAnswers();
    const { slug } = await publishedProduct();
    await fx.create('redirect', 'rossi', {
      from_path: '/it/vecchio-trattore',
      to_path: publicPath(product.public.urlPattern!, 'it', { slug }),
      language: 'it',
    });
    const ok = async (url: string) => expect((await h.get(url, rossi)).statusCode, url).toBe(200);
    await ok(`${PUBLIC_API}/site?lang=en`);
    await ok(`${PUBLIC_API}/pages/about_us?lang=en`);
    for (const e of publicEntities(registry.entities)) await ok(`${PUBLIC_API}/${e.public.collection}/`);
    await ok(`${PUBLIC_API}/products/${slug}`);
    await ok(`${PUBLIC_API}/route?path=${encodeURIComponent(publicPath(sitePageInfo('about_us').url, 'it'))}`);
    await ok(`${PUBLIC_API}/route?path=${encodeURIComponent(publicPath(product.public.urlPattern!, 'it', { slug }))}`);
    await ok(DOC);
    expect((await h.get(`${PUBLIC_API}/route?path=/it/vecchio-trattore`, rossi)).statusCode).toBe(301);
    const first = await h.get(`${PUBLIC_API}/products/${slug}`, rossi);
    expect((await h.get(`${PUBLIC_API}/products/${slug}`, { ...rossi, headers: { 'if-none-match': String(first.headers.etag) } })).statusCode).toBe(304);
    expect((await h.get(`${PUBLIC_API}/products/?lang=xx&sort=nothing`, rossi)).statusCode).toBe(400);
    expect((await h.get(`${PUBLIC_API}/site`, { headers: { authorization: 'Bearer dbk_nothing' } })).statusCode).toBe(401);
    expect((await h.get(`${PUBLIC_API}/products/no-such-product`, rossi)).statusCode).toBe(404);
    const limited = await h.appWith({ PUBLIC_API_REQUESTS_PER_MINUTE: '1' });
    for (const status of [200, 429])
      expect((await h.get(`${PUBLIC_API}/site`, { ...rossi, app: limited, remoteAddress: '192.0.2.77' })).statusCode).toBe(status);

    const answers = takeRecordedAnswers();
    expect([...new Set(answers.map((a) => a.status))].sort()).toEqual([200, 301, 304, 400, 401, 404, 429]);
    expect(answerProblems(servedDocument(), answers)).toEqual([]);
  });

  it('fails an answer with a field its declaration does not list, or without one it does', async () => {
    const { slug } = await publishedProduct();
    takeRecordedAnswers();
    await h.get(`${PUBLIC_API}/products/${slug}`, rossi);
    const [answer] = takeRecordedAnswers();
    expect(answerProblems(servedDocument(), [answer!])).toEqual([]);
    const changed = (change: (item: Record<string, unknown>) => void): PublicAnswer => {
      const body = JSON.parse(answer!.body) as { item: Record<string, unknown> };
      change(body.item);
      return { ...answer!, body: JSON.stringify(body) };
    };
    expect(answerProblems(servedDocument(), [changed((i) => (i.cost_price = 1))]).join()).toMatch(/\/item must NOT have additional properties: cost_price/);
    expect(answerProblems(servedDocument(), [changed((i) => delete i.sku)]).join()).toMatch(/must have required property 'sku'/);
    expect(answerProblems(servedDocument(), [changed((i) => (i.brand = 7))]).join()).toMatch(/brand/);

    // The document follows the declarations: one without `sku` public refuses the answer that has it.
    const narrower = new Registry(
      registry.entities.map((e) => (e.name === 'product' ? { ...e, public: { ...e.public!, fields: e.public!.fields.filter((f) => f !== 'sku') } } : e)),
    );
    expect(answerProblems(openApiDocument(narrower, publicEntities(narrower.entities)), [answer!]).join()).toMatch(/additional properties: sku/);
  });

  it('fails a status or a header the document does not describe', () => {
    const site: PublicAnswer = { path: '/site', status: 500, headers: { 'content-type': 'application/json' }, body: '{"detail":"A server error occurred."}' };
    expect(answerProblems(servedDocument(), [site])).toEqual([expect.stringMatching(/status not described/)]);
    const bare = { ...site, status: 429, body: '{"detail":"Too many requests."}' };
    expect(answerProblems(servedDocument(), [bare])).toEqual([expect.stringMatching(/no Retry-After header/)]);
    expect(answerProblems(servedDocument(), [{ ...site, path: '/nothing' }])).toEqual([expect.stringMatching(/no such operation/)]);
  });
});
