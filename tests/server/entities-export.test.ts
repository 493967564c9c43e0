/**
 * Export (issue 17): what a list shows, or its selected rows, as CSV or XLSX — every language's
 * columns, references by natural key, cells safe from formula injection, the list's search,
 * filters and sort, the site's rows only, the entity's view permission.
 */
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES } from '../../entities/index.js';
import { keysetIds } from '../../server/entities/list/keyset.js';
import { parseListQuery } from '../../server/entities/list/query.js';
import { api, contextFor, fixtures, HOSTS, json } from './entity-fixtures.js';
import { describeEachDialect, expectFieldErrors, type Session } from './harness.js';

const byName = (n: string) => ENTITIES.find((e) => e.name === n)!;
const tag = byName('tag');
const product = byName('product');
const brand = byName('brand');

const BOM = '\uFEFF';

describeEachDialect(
  'entity export',
  (h) => {
    let rossi: Session;
    let verdi: Session;
    let def = '';
    let other = '';
    const fx = fixtures(h);
    const host = HOSTS.rossi;
    const marker = () => `zq${Math.random().toString(36).slice(2, 10)}`;

    beforeAll(async () => {
      rossi = await h.login('rossi', host);
      verdi = await h.login('verdi', HOSTS.verdi);
      const site = (await contextFor(h, 'rossi')).site;
      def = site.default_language;
      other = site.languages.find((l) => l !== def)!;
    });

    const exportOf = async (url: string, session = rossi, on: string = host) => {
      const res = await h.get(url, { host: on, session });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      return res;
    };
    /** The CSV's rows as records by header. */
    const csvRows = (body: string) => {
      expect(body.startsWith(BOM)).toBe(true);
      return parse(body.slice(1), { columns: true }) as Array<Record<string, string>>;
    };
    const listIds = async (url: string) => {
      const res = await h.get(url, { host, session: rossi });
      expect(res.statusCode, res.body).toBe(200);
      return (json(res).items as Array<{ id: number }>).map((i) => i.id);
    };

    async function tags(mark: string, titles: string[]) {
      const ids: number[] = [];
      for (const [i, title] of titles.entries()) {
        ids.push(
          await fx.create('tag', 'rossi', { order: i % 3, translations: { [def]: { title: `${mark} ${title}` }, [other]: { title: `${mark} altro ${i}` } } }),
        );
      }
      return ids;
    }

    describe('the file', () => {
      it('is a UTF-8 CSV with a BOM, named after the entity and the day, with every language of the site as columns', async () => {
        const mark = marker();
        const ids = await tags(mark, ['è uno', 'zwei 中']);
        const res = await exportOf(`${api(tag)}export/?format=csv&search=${mark}`);
        expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
        const day = new Date().toISOString().slice(0, 10);
        expect(res.headers['content-disposition']).toBe(`attachment; filename="tag-${day}.csv"`);
        const rows = csvRows(res.body);
        expect(Object.keys(rows[0]!)).toEqual(['id', ...(await contextFor(h, 'rossi')).site.languages.map((l) => `title.${l}`), 'slug', 'order']);
        expect(rows.map((r) => Number(r.id)).sort()).toEqual([...ids].sort());
        expect(rows.map((r) => r[`title.${def}`]).sort()).toEqual([`${mark} zwei 中`, `${mark} è uno`].sort());
        expect(rows.every((r) => r[`title.${other}`]!.startsWith(`${mark} altro`))).toBe(true);
      });

      it('quotes commas, quotes and newlines, and neutralises cells a spreadsheet would run as formulas', async () => {
        const mark = marker();
        const risky = ['=HYPERLINK("http://x")', '+1+2', '-3', '@SUM(A1)', "'=already"];
        const texts = ['a, "b"\nc', ...risky];
        const ids: number[] = [];
        for (const t of texts) ids.push(await fx.create('tag', 'rossi', { translations: { [def]: { title: t }, [other]: { title: mark } } }));
        const res = await exportOf(`${api(tag)}export/?format=csv&search=${mark}&sort=id`);
        expect(res.body).toContain('"a, ""b""\nc"');
        const rows = csvRows(res.body);
        expect(rows.map((r) => r[`title.${def}`])).toEqual(['a, "b"\nc', ...risky.map((t) => `'${t}`)]);
        expect(rows.map((r) => Number(r.id))).toEqual(ids);
      });

      it('writes every field of a product: translations, references by natural key, lists one per line, numbers and booleans', async () => {
        const brandCode = `B${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
        const brandId = await fx.create('brand', 'rossi', { code: brandCode });
        const mark = marker();
        const tagIds = await tags(mark, ['one', 'two']);
        const tagSlugs = await Promise.all(tagIds.map(async (id) => json(await h.get(api(tag, id), { host, session: rossi })).slug as string));
        const id = await fx.create('product', 'rossi', {
          brand: brandId,
          tags: tagIds,
          price: 1234.5,
          show_price: false,
          sku: `=${mark}`,
          specs: [{ name: 'Power', value: '75, "hp"' }],
          translations: { [def]: { name: `${mark} trattore` }, [other]: { name: `${mark} tractor` } },
        });
        const rows = csvRows((await exportOf(`${api(product)}export/?format=csv&ids=${id}`)).body);
        expect(rows).toHaveLength(1);
        const row = rows[0]!;
        expect(row).toMatchObject({
          id: String(id),
          [`name.${def}`]: `${mark} trattore`,
          [`name.${other}`]: `${mark} tractor`,
          brand: brandCode,
          tags: tagSlugs.join('\n'),
          price: '1234.5',
          show_price: 'false',
          sku: `'=${mark}`,
          status: 'draft',
          specs: JSON.stringify([{ name: 'Power', value: '75, "hp"' }]),
        });
        expect(Object.keys(row)).toEqual(expect.arrayContaining(['gallery', 'brochure', `seo.${def}`, `seo.${other}`, `summary.${other}`]));
      });

      it("gives the same rows as XLSX, numbers and booleans as the spreadsheet's own", async () => {
        const mark = marker();
        await tags(mark, ['a', 'b', 'c']);
        const csv = csvRows((await exportOf(`${api(tag)}export/?format=csv&search=${mark}`)).body);
        const res = await exportOf(`${api(tag)}export/?format=xlsx&search=${mark}`);
        expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
        expect(res.headers['content-disposition']).toMatch(/^attachment; filename="tag-\d{4}-\d{2}-\d{2}\.xlsx"$/);
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
        const sheet = book.worksheets[0]!;
        const values = sheet.getSheetValues().slice(1) as unknown[][];
        const [header, ...body] = values.map((r) => r.slice(1));
        expect(header).toEqual(Object.keys(csv[0]!));
        expect(body.map((r) => r.map((c) => String(c ?? '')))).toEqual(csv.map((r) => Object.values(r)));
        expect(typeof body[0]![0]).toBe('number');
      });
    });

    describe('what the list shows', () => {
      it("follows the list's search and sort, and a filter", async () => {
        const mark = marker();
        await tags(mark, ['b', 'a', 'd', 'c', 'e']);
        for (const sort of ['order,title', '-title', 'slug', '-order,-id']) {
          const rows = csvRows((await exportOf(`${api(tag)}export/?format=csv&search=${mark}&sort=${sort}`)).body);
          expect(
            rows.map((r) => Number(r.id)),
            sort,
          ).toEqual(await listIds(`${api(tag)}?search=${mark}&sort=${sort}&items=100`));
        }
        const b = await fx.create('brand', 'rossi', {});
        const made = [await fx.create('product', 'rossi', { brand: b, status: 'published' }), await fx.create('product', 'rossi', { brand: b })];
        const published = csvRows((await exportOf(`${api(product)}export/?format=csv&fltr=brand=${b}&fltr=status=published`)).body);
        expect(published.map((r) => Number(r.id))).toEqual([made[0]]);
      });

      it("reads every row in batches by keyset in the list's order, nullable sort columns included", async () => {
        const b = await fx.create('brand', 'rossi', {});
        const prices = [null, 10, 10, null, 5, 20, 5, null, 10];
        for (const [i, price] of prices.entries()) await fx.create('product', 'rossi', { brand: b, price, model_year: i % 2 ? null : 2000 + (i % 3) });
        const ctx = await contextFor(h, 'rossi');
        for (const sort of ['price', '-price', 'model_year,-price', '-model_year,price', 'name', '-id']) {
          const raw = { fltr: `brand=${b}`, sort, items: '100' };
          const { query, errors } = parseListQuery(product, raw);
          expect(errors).toEqual({});
          const batches: number[][] = [];
          for await (const ids of keysetIds(ctx, product, query, 2)) batches.push(ids);
          expect(batches.every((ids) => ids.length <= 2)).toBe(true);
          expect(batches.flat(), sort).toEqual(await listIds(`${api(product)}?fltr=brand=${b}&sort=${sort}&items=100`));
        }
      });

      it('exports the selected rows only, and only those of the site', async () => {
        const mark = marker();
        const ids = await tags(mark, ['x', 'y', 'z']);
        const theirs = await fx.create('tag', 'verdi', {});
        const rows = csvRows((await exportOf(`${api(tag)}export/?format=csv&ids=${ids[2]},${ids[0]},${theirs}&sort=id`)).body);
        expect(rows.map((r) => Number(r.id))).toEqual([ids[0], ids[2]]);
      });

      it("never holds another site's rows", async () => {
        const mark = marker();
        await tags(mark, ['mine']);
        const b = await fx.create('brand', 'verdi', {});
        const res = await exportOf(`${api(brand)}export/?format=csv`, verdi, HOSTS.verdi);
        const rows = csvRows(res.body);
        expect(rows.map((r) => Number(r.id))).toContain(b);
        const rossiBrands = await h.db
          .selectFrom('brands' as never)
          .select('id' as never)
          .where('tenant_id' as never, '=', (await contextFor(h, 'rossi')).site.id as never)
          .execute();
        const theirs = new Set((rossiBrands as Array<{ id: number }>).map((r) => Number(r.id)));
        expect(rows.some((r) => theirs.has(Number(r.id)))).toBe(false);
        const tagRows = csvRows((await exportOf(`${api(tag)}export/?format=csv&search=${mark}`, verdi, HOSTS.verdi)).body);
        expect(tagRows).toEqual([]);
      });
    });

    describe('refusals', () => {
      it('needs a session and the view permission of the entity', async () => {
        expect((await h.get(`${api(tag)}export/?format=csv`, { host })).statusCode).toBe(401);
        const staff = await h.login('staff', host);
        expect((await h.get(`${api(tag)}export/?format=csv`, { host, session: staff })).statusCode).toBe(403);
      });

      it('answers 400 to a bad format, bad ids or a bad list parameter, never a file', async () => {
        for (const [query, field] of [
          ['format=pdf', 'format'],
          ['', 'format'],
          ['format=csv&ids=1,x', 'ids'],
          ['format=csv&ids=0', 'ids'],
          ['format=csv&sort=nope', 'sort'],
          ['format=csv&fltr=nope=1', 'fltr'],
        ] as const) {
          const res = await h.get(`${api(tag)}export/?${query}`, { host, session: rossi });
          expect(res.statusCode, query).toBe(400);
          expectFieldErrors(res, [field]);
        }
      });

      it('is served only for the entities declared exportable', async () => {
        const res = await h.get(`/api/featuredProducts/export/?format=csv`, { host, session: rossi });
        expect(res.statusCode).toBe(404);
      });
    });
  },
  { resetBetweenTests: false },
);
