/**
 * Import (issue 17): CSV in any delimiter and encoding or XLSX, mapped to an entity's columns,
 * written row by row through the entity engine as a job — created, updated, unchanged or an
 * error with its line and column — with a dry run that writes nothing, all or nothing, the
 * site's rows and references only, the add/change permissions its mode needs, cancel, and a
 * resume after a killed runner that writes no row twice. An exported file imports back
 * unchanged.
 */
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ENTITIES } from '../../entities/index.js';
import { importKind } from '../../server/entities/import/job.js';
import { JobRunner } from '../../server/services/jobs/runner.js';
import { claimJob } from '../../server/services/jobs/store.js';
import { api, contextFor, fixtures, HOSTS, json, snapshot } from './entity-fixtures.js';
import { describeEachDialect, type Session } from './harness.js';
import { image } from './fixtures/media.js';
import { folder, sendParts, uploaded } from './fixtures/mediaApi.js';

const byName = (n: string) => ENTITIES.find((e) => e.name === n)!;
const product = byName('product');
const category = byName('category');
const iso = (ms: number) => new Date(ms).toISOString();

type Options = Record<string, unknown>;

describeEachDialect(
  'entity import',
  (h) => {
    let rossi: Session;
    let verdi: Session;
    let def = '';
    let other = '';
    let brandCode = '';
    let ahead = 0;
    const fx = fixtures(h);
    /** Entity tables are the declarations', not in the typed schema. */
    const rows = () => h.db as unknown as Kysely<any>;
    const host = HOSTS.rossi;
    const mark = () => `zq${Math.random().toString(36).slice(2, 10)}`;

    /** A batch writes every row it reads (500) unless `transactionMs` bounds it. */
    const runner = (opts: Partial<ConstructorParameters<typeof JobRunner>[0]> = {}, transactionMs = Infinity) =>
      new JobRunner({ db: h.db, dialect: h.dialect, kinds: [importKind({ transactionMs })], now: () => Date.now() + ahead, random: () => 0, ...opts });

    const send = (e = product, file: Buffer | string, options: Options, session = rossi, on: string = host, filename = 'rows.csv') =>
      sendParts(
        h,
        { ...session, host: on },
        [
          { name: 'options', body: JSON.stringify(options) },
          { name: 'file', filename, contentType: 'text/csv', body: typeof file === 'string' ? Buffer.from(file) : file },
        ],
        { url: `${api(e)}import/` },
      );

    async function queued(e = product, file: Buffer | string, options: Options = {}, session = rossi, on: string = host): Promise<number> {
      const res = await send(e, file, options, session, on);
      expect(res.statusCode, res.body).toBe(202);
      const { job } = json(res);
      expect(job).toMatchObject({ kind: 'import', status: 'queued' });
      return Number(job.id);
    }

    const jobOf = async (id: number, session = rossi, on: string = host) => json(await h.get(`/api/jobs/${id}/`, { host: on, session }));
    const rowsOf = async (id: number, query = '') =>
      json(await h.get(`/api/jobs/${id}/rows/${query}`, { host, session: rossi })).items as Array<Record<string, any>>;
    const reportOf = async (id: number) => (await h.get(`/api/jobs/${id}/report/`, { host, session: rossi })).body.trim().split('\n').slice(1);

    /** Imports and runs the job to its end; the job. */
    async function imported(e = product, file: Buffer | string, options: Options = {}, session = rossi, on: string = host) {
      const id = await queued(e, file, options, session, on);
      await h.app.jobs.runUntilIdle();
      const job = await jobOf(id, session, on);
      expect(job.status).toBe('done');
      return job;
    }

    const productsBy = (sku: string) => rows().selectFrom('products').selectAll().where('sku', '=', sku).execute() as Promise<Array<Record<string, any>>>;
    const productJson = async (id: number) => json(await h.get(api(product, id), { host, session: rossi }));
    const exported = async (e: typeof product, query: string, format = 'csv') => {
      const res = await h.get(`${api(e)}export/?format=${format}&${query}`, { host, session: rossi });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      return res.rawPayload;
    };

    beforeAll(async () => {
      const site = (await contextFor(h, 'rossi')).site;
      def = site.default_language;
      other = site.languages.find((l) => l !== def)!;
      brandCode = `B${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
      await fx.create('brand', 'rossi', { code: brandCode });
    });

    beforeEach(async () => {
      ahead = 0;
      await h.db.updateTable('jobs').set({ status: 'cancelled' }).where('status', 'in', ['queued', 'running']).execute();
      rossi = await h.login('rossi', host);
      verdi = await h.login('verdi', HOSTS.verdi);
    });

    describe('reading files', () => {
      it('creates rows from a UTF-8 CSV with a BOM and semicolons, references by natural key, a quoted line break in a list', async () => {
        const m = mark();
        const cat = await fx.create('category', 'rossi', { slug: `${m}-cat` });
        const tags = [await fx.create('tag', 'rossi', { slug: `${m}-t1` }), await fx.create('tag', 'rossi', { slug: `${m}-t2` })];
        const csv = `\uFEFFsku;name.${def};name.${other};brand;category;tags;price;show_price\r\n${m}-1;Trattore è;Tractor;${brandCode};${m}-cat;"${m}-t1\n${m}-t2";1234.5;no\r\n${m}-2;"Uno; due";;${brandCode};;;;\r\n`;
        const job = await imported(product, csv, { mode: 'create' });
        expect(job).toMatchObject({ done: 2, total: 2, errors: 0, summary: { created: 2, updated: 0, unchanged: 0, error: 0, written: true } });
        const [row] = await productsBy(`${m}-1`);
        expect(await productJson(row!.id)).toMatchObject({
          translations: { [def]: { name: 'Trattore è' }, [other]: { name: 'Tractor' } },
          category: cat,
          tags,
          price: 1234.5,
          show_price: false,
        });
        expect((await productJson((await productsBy(`${m}-2`))[0]!.id)).translations[def].name).toBe('Uno; due');
        // Through the engine: each row has its revision, by the importing user.
        const rev = await h.db.selectFrom('activity').selectAll().where('model', '=', 'product').where('object_id', '=', row!.id).execute();
        expect(rev.map((r) => [r.action, r.username])).toEqual([['create', 'rossi']]);
        expect((await rowsOf(job.id)).map((r) => [r.line, r.outcome])).toEqual([
          [2, 'created'],
          [3, 'created'],
        ]);
      });

      it('reads Windows-1252 with tabs, pipes, and restores cells the export neutralised against formulas', async () => {
        const m = mark();
        const latin = Buffer.from(`sku\tname.${def}\tbrand\r\n${m}-w\tCaf\xe9 \x80 pi\xf9\t${brandCode}\r\n`, 'latin1');
        await imported(product, latin, { mode: 'create' });
        expect((await productJson((await productsBy(`${m}-w`))[0]!.id)).translations[def].name).toBe('Café € più');
        const piped = `name.${def}|sku|brand\n'=SUM(A1)|'+${m}-p|${brandCode}\n`;
        await imported(product, piped, { mode: 'create', key: 'sku' });
        const [row] = await productsBy(`+${m}-p`);
        expect((await productJson(row!.id)).translations[def].name).toBe('=SUM(A1)');
      });

      it('reads XLSX, numbers and booleans as the cells hold them', async () => {
        const m = mark();
        const book = new ExcelJS.Workbook();
        const sheet = book.addWorksheet('p');
        sheet.addRow(['sku', `name.${def}`, 'brand', 'price', 'show_price', 'model_year']);
        sheet.addRow([`${m}-x`, 'Da Excel', brandCode, 99.5, false, 2020]);
        const file = Buffer.from(await book.xlsx.writeBuffer());
        await imported(product, file, { mode: 'create' });
        const [row] = await productsBy(`${m}-x`);
        expect(await productJson(row!.id)).toMatchObject({ price: 99.5, show_price: false, model_year: 2020 });
      });

      it('guesses the mapping from labels in a UI language, and keeps the last mapping per entity and user', async () => {
        const m = mark();
        // Italian labels; the translated name without a language is the site's default language.
        const csv = `Codice articolo (SKU);Nome;Marchio;Prezzo;Ignorata\n${m}-g;Guessed;${brandCode};10;x\n`;
        const labels = await h.get(`${api(product)}import/mapping/`, { host, session: rossi });
        expect(json(labels).columns).toContain(`name.${def}`);
        expect(json(labels).keys).toEqual(expect.arrayContaining(['id', 'sku', `slug.${def}`]));
        const job = await imported(product, csv, { mode: 'create' });
        expect(job.summary).toMatchObject({ created: 1, error: 0 });
        expect(await productJson((await productsBy(`${m}-g`))[0]!.id)).toMatchObject({ price: 10 });
        const saved = json(await h.get(`${api(product)}import/mapping/`, { host, session: rossi })).saved;
        expect(saved).toMatchObject({ mode: 'create', key: 'sku' });
        expect(Object.keys(saved.mapping)).not.toContain('Ignorata');
        expect(Object.keys(saved.mapping).length).toBeGreaterThanOrEqual(3);
        // Another user's saved mapping is not this one's.
        expect(json(await h.get(`${api(product)}import/mapping/`, { host: HOSTS.verdi, session: verdi })).saved).toBeNull();
      });
    });

    describe('headers for the wizard', () => {
      const headersOf = (file: Buffer | string, session = rossi, on: string = host, filename = 'rows.csv') =>
        sendParts(
          h,
          { ...session, host: on },
          [{ name: 'file', filename, contentType: 'text/csv', body: typeof file === 'string' ? Buffer.from(file) : file }],
          {
            url: `${api(product)}import/headers/`,
          },
        );

      it('answers the headers of a file with the mapping guessed for them, then with the one the user chose last', async () => {
        const m = mark();
        const csv = `Codice articolo (SKU);Nome;Etichetta ${m};Prezzo;Nome\nx;y;z;1;w\n`;
        const first = await headersOf(csv);
        expect(first.statusCode, first.body).toBe(200);
        expect(json(first)).toEqual({
          headers: ['Codice articolo (SKU)', 'Nome', `Etichetta ${m}`, 'Prezzo', 'Nome'],
          mapping: { 'Codice articolo (SKU)': 'sku', Nome: `name.${def}`, [`Etichetta ${m}`]: '', Prezzo: 'price' },
        });
        // The wizard's choice: the unknown header mapped by hand, the price left out.
        const chosen = { 'Codice articolo (SKU)': 'sku', Nome: `name.${def}`, [`Etichetta ${m}`]: 'brand', Prezzo: '' };
        await imported(product, `Codice articolo (SKU);Nome;Etichetta ${m};Prezzo\n${m}-h;Mapped;${brandCode};7\n`, { mode: 'create', mapping: chosen });
        const [row] = await productsBy(`${m}-h`);
        expect((await productJson(row!.id)).price).toBeNull();
        expect(json(await headersOf(csv)).mapping).toEqual(chosen);
        // The choice is the user's: another user of another site gets the guess.
        expect(json(await headersOf(csv, verdi, HOSTS.verdi)).mapping[`Etichetta ${m}`]).toBe('');
      });

      it('reads XLSX headers with the same reader, and refuses an empty file, no file, or a user who may not import', async () => {
        const book = new ExcelJS.Workbook();
        book.addWorksheet('p').addRow(['sku', `name.${def}`, 'brand']);
        const xlsx = await headersOf(Buffer.from(await book.xlsx.writeBuffer()), rossi, host, 'rows.xlsx');
        expect(json(xlsx)).toMatchObject({ headers: ['sku', `name.${def}`, 'brand'], mapping: { sku: 'sku', brand: 'brand' } });
        const empty = await headersOf('');
        expect(empty.statusCode).toBe(400);
        expect(json(empty).file).toBeDefined();
        const none = await sendParts(h, { ...rossi, host }, [{ name: 'options', body: '{}' }], { url: `${api(product)}import/headers/` });
        expect(none.statusCode).toBe(400);
        expect(json(none).file).toBeDefined();
        const viewer = await h.login('rossi.viewer', host);
        expect((await headersOf('sku\n', viewer)).statusCode).toBe(403);
      });
    });

    describe('outcomes', () => {
      it('reports invalid rows with their line and column, and writes the others', async () => {
        const m = mark();
        const csv = [
          `sku,name.${def},brand,price,tags`,
          `${m}-a,Good,${brandCode},5,`,
          `${m}-b,Bad price,${brandCode},abc,`,
          `${m}-c,,${brandCode},5,`,
          `${m}-d,Bad brand,NOPE${m},5,`,
          `${m}-e,Bad tag,${brandCode},5,"${m}-none"`,
          `${m}-a,Twice,${brandCode},5,`,
        ].join('\n');
        const job = await imported(product, csv, { mode: 'upsert', key: 'sku' });
        expect(job.summary).toMatchObject({ created: 1, error: 5, written: true });
        const report = await reportOf(job.id);
        expect(report[0]).toMatch(/^3,price,/);
        expect(report[1]).toMatch(new RegExp(`^4,name\\.${def},`));
        expect(report[2]).toMatch(/^5,brand,Nothing of this site is called/);
        expect(report[3]).toMatch(/^6,tags\.0,Nothing of this site is called/);
        expect(report[4]).toMatch(/^7,sku,The same sku as line 2/);
        expect(await productsBy(`${m}-a`)).toHaveLength(1);
        expect(await productsBy(`${m}-b`)).toHaveLength(0);
        const errors = await rowsOf(job.id, '?outcome=error');
        expect(errors.map((r) => r.line)).toEqual([3, 4, 5, 6, 7]);
        // Each error row carries its report lines, for the wizard to show beside the row.
        expect(errors.map((r) => r.problems.map((p: { field: string }) => p.field))).toEqual([['price'], [`name.${def}`], ['brand'], ['tags.0'], ['sku']]);
        expect(errors[4]!.problems[0].message).toMatch(/^The same sku as line 2/);
        expect((await rowsOf(job.id, '?outcome=created'))[0]).toMatchObject({ line: 2, problems: [] });
      });

      it('is idempotent: the same file twice updates nothing the second time', async () => {
        const m = mark();
        const csv = `sku,name.${def},brand,price\n${m}-1,One,${brandCode},1\n${m}-2,Two,${brandCode},2\n`;
        expect((await imported(product, csv)).summary).toMatchObject({ created: 2 });
        const before = await productsBy(`${m}-1`);
        expect((await imported(product, csv)).summary).toMatchObject({ created: 0, updated: 0, unchanged: 2, error: 0 });
        expect(await productsBy(`${m}-1`)).toEqual(before);
        const changed = `sku,price\n${m}-1,1\n${m}-2,3\n`;
        const job = await imported(product, changed, { mode: 'update' });
        expect(job.summary).toMatchObject({ updated: 1, unchanged: 1 });
        expect((await rowsOf(job.id)).map((r) => [r.line, r.outcome, r.changes])).toEqual([
          [2, 'unchanged', []],
          [3, 'updated', ['price']],
        ]);
      });

      it('a dry run says what would happen and writes nothing', async () => {
        const m = mark();
        await imported(product, `sku,name.${def},brand\n${m}-1,One,${brandCode}\n`);
        const before = await snapshot(h, 'rossi');
        const csv = `sku,name.${def},brand,price\n${m}-1,One changed,${brandCode},\n${m}-2,New,${brandCode},\n${m}-3,,${brandCode},\n`;
        const job = await imported(product, csv, { dry_run: true });
        expect(job.summary).toMatchObject({ created: 1, updated: 1, error: 1, written: false });
        expect((await rowsOf(job.id)).map((r) => [r.line, r.outcome, r.changes])).toEqual([
          [2, 'updated', [`name.${def}`]],
          [3, 'created', []],
          [4, 'error', []],
        ]);
        expect(await snapshot(h, 'rossi')).toEqual(before);
      });

      it('all or nothing writes nothing when one row fails, and everything when none does', async () => {
        const m = mark();
        const bad = `sku,name.${def},brand\n${m}-1,One,${brandCode}\n${m}-2,,${brandCode}\n`;
        const job = await imported(product, bad, { all_or_nothing: true });
        expect(job.summary).toMatchObject({ created: 1, error: 1, written: false });
        expect(await productsBy(`${m}-1`)).toHaveLength(0);
        const good = `sku,name.${def},brand\n${m}-1,One,${brandCode}\n${m}-2,Two,${brandCode}\n`;
        expect((await imported(product, good, { all_or_nothing: true })).summary).toMatchObject({ created: 2, written: true });
        expect(await productsBy(`${m}-2`)).toHaveLength(1);
      });

      it('answers bad options or an unreadable file with 400 and queues nothing', async () => {
        const count = async () =>
          Number(
            (
              await h.db
                .selectFrom('jobs')
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          );
        const n = await count();
        const csv = `sku,name.${def}\nx,y\n`;
        for (const [options, file, path] of [
          [{ mode: 'merge' }, csv, 'mode'],
          [{ key: 'price' }, csv, 'key'],
          [{ mapping: { sku: 'nope' } }, csv, 'mapping.sku'],
          [{ mapping: { nope: 'sku' } }, csv, 'mapping.nope'],
          [{ mode: 'update', mapping: { [`name.${def}`]: `name.${def}` } }, csv, 'key'],
          [{}, 'a,b\n1,2\n', 'mapping'],
          [{}, '', 'file'],
          [{}, 'sku,name\n"unclosed,x\n', 'file'],
          [{ all_or_nothing: true }, `sku\n${Array.from({ length: 2001 }, (_, i) => `s${i}`).join('\n')}\n`, 'all_or_nothing'],
        ] as const) {
          const res = await send(product, file, options);
          expect(res.statusCode, `${JSON.stringify(options)}: ${res.body}`).toBe(400);
          expect(Object.keys(json(res))).toContain(path);
        }
        const noFile = await sendParts(h, rossi, [{ name: 'options', body: '{}' }], { url: `${api(product)}import/` });
        expect(noFile.statusCode).toBe(400);
        expect(await count()).toBe(n);
      });
    });

    describe('round trip', () => {
      it.each(ENTITIES.filter((e) => e.importKeys).map((e) => [e.name, e] as const))(
        'an exported %s file, CSV and XLSX, imports back unchanged by id and by its key',
        async (_name, e) => {
          const ids = [await fx.create(e.name, 'rossi'), await fx.create(e.name, 'rossi')];
          for (const format of ['csv', 'xlsx']) {
            const file = await exported(e, `ids=${ids.join(',')}`, format);
            for (const key of ['id', undefined]) {
              const id = await queued(e, file, { mode: 'upsert', ...(key ? { key } : {}) });
              await h.app.jobs.runUntilIdle();
              const job = await jobOf(id);
              expect(job.summary, `${format} by ${key ?? 'default key'}: ${JSON.stringify(await rowsOf(id))}`).toMatchObject({
                unchanged: 2,
                created: 0,
                updated: 0,
                error: 0,
              });
            }
          }
        },
      );

      it('names media by file name in the site library, and an exported image imports back unchanged', async () => {
        const m = mark();
        const media = await uploaded(h, rossi, await image('png', 8, 8), { filename: `${m}.png` });
        const csv = `slug,title.${def},image\n${m}-c,With image,${m}.png\n`;
        expect((await imported(category, csv, { mode: 'create' })).summary).toMatchObject({ created: 1 });
        const row = await rows().selectFrom('categories').selectAll().where('slug', '=', `${m}-c`).executeTakeFirstOrThrow();
        expect((row as Record<string, unknown>).image_id).toBe(media.id);
        const file = await exported(category, `ids=${(row as { id: number }).id}`);
        expect((await imported(category, file)).summary).toMatchObject({ unchanged: 1 });
        // A media list and a file of a product, both ways; another site's file of the same name is not found.
        const second = await uploaded(h, rossi, await image('png', 9, 9), { filename: `${m}-2.png` });
        const pid = await fx.create('product', 'rossi', { gallery: [second.id, media.id], brochure: media.id });
        const productFile = await exported(product, `ids=${pid}`);
        const job = await imported(product, productFile, { key: 'id' });
        expect(job.summary, JSON.stringify(await rowsOf(job.id))).toMatchObject({ unchanged: 1 });
        await uploaded(h, verdi, await image('png', 8, 8), { filename: `${m}-v.png` });
        const theirs = await imported(category, `slug,title.${def},image\n${m}-v,Theirs,${m}-v.png\n`, { mode: 'create' });
        expect(await reportOf(theirs.id)).toEqual([expect.stringMatching(/^2,image,Nothing of this site is called/)]);
      });

      it('names media by folder path, writes the folder path in an export, and still reads a bare file name', async () => {
        const m = mark();
        const top = await folder(h, rossi, `Trattori ${m}`);
        const sub = await folder(h, rossi, 'Rossi', top.id);
        // Three files of one name: at the root (the oldest), in the folder, in its subfolder.
        const atRoot = await uploaded(h, rossi, await image('png', 8, 8), { filename: `${m}.png` });
        const inTop = await uploaded(h, rossi, await image('png', 9, 9), { filename: `${m}.png`, data: { folder: top.id } });
        const inSub = await uploaded(h, rossi, await image('png', 7, 7), { filename: `${m}.png`, data: { folder: sub.id } });
        const subPath = `${String(sub.path).slice(1)}/${m}.png`;
        const csv = `slug,title.${def},image\n${m}-s,Sub,${subPath}\n${m}-t,Top,${String(top.path).slice(1)}/${m}.png\n${m}-r,Root,${m}.png\n${m}-x,Nowhere,nofolder/${m}.png\n`;
        const job = await imported(category, csv, { mode: 'create' });
        expect(job.summary).toMatchObject({ created: 3, error: 1 });
        expect(await reportOf(job.id)).toEqual([expect.stringMatching(/^5,image,/)]);
        const imageOf = async (slug: string) =>
          (await rows().selectFrom('categories').select('image_id').where('slug', '=', slug).executeTakeFirstOrThrow()).image_id as number;
        expect([await imageOf(`${m}-s`), await imageOf(`${m}-t`), await imageOf(`${m}-r`)]).toEqual([inSub.id, inTop.id, atRoot.id]);
        // The export names the file by its folder path, and reads back unchanged.
        const id = Number((await rows().selectFrom('categories').select('id').where('slug', '=', `${m}-s`).executeTakeFirstOrThrow()).id);
        const file = await exported(category, `ids=${id}`);
        expect(file.toString()).toContain(subPath);
        expect((await imported(category, file)).summary).toMatchObject({ unchanged: 1 });
      });

      it('creates without a key column when only creating', async () => {
        const m = mark();
        const job = await imported(product, `name.${def},brand,model_year\n${m} one,${brandCode},2001\n${m} two,${brandCode},2002\n`, { mode: 'create' });
        expect(job.summary).toMatchObject({ created: 2, error: 0 });
      });
    });

    describe('scope and permissions', () => {
      it("never touches another site's rows nor names its references", async () => {
        const m = mark();
        await imported(product, `sku,name.${def},brand\n${m}-r,Rossi,${brandCode}\n`);
        const [rossiRow] = await productsBy(`${m}-r`);
        const rossiBefore = await snapshot(h, 'rossi');
        const verdiBrand = `V${m.slice(2, 8).toUpperCase()}`;
        const vdef = (await contextFor(h, 'verdi')).site.default_language;
        await fx.create('brand', 'verdi', { code: verdiBrand });
        const csv = `id,sku,name.${vdef},brand\n${rossiRow!.id},x${m},Taken,${verdiBrand}\n`;
        const byId = await imported(product, csv, { mode: 'upsert', key: 'id' }, verdi, HOSTS.verdi);
        expect(byId.summary).toMatchObject({ error: 1, created: 0 });
        // Rossi's SKU and brand code, from verdi: a new verdi row at most, never rossi's.
        const bySku = `sku,name.${vdef},brand\n${m}-r,Verdi,${brandCode}\n${m}-r2,Verdi,${verdiBrand}\n`;
        const job = await imported(product, bySku, { key: 'sku' }, verdi, HOSTS.verdi);
        expect(job.summary).toMatchObject({ created: 1, error: 1 });
        expect(await snapshot(h, 'rossi')).toEqual(rossiBefore);
        // Verdi's job is not rossi's to read.
        expect((await h.get(`/api/jobs/${job.id}/rows/`, { host, session: rossi })).statusCode).toBe(404);
      });

      it('needs add to create, change to update, both to upsert', async () => {
        const csv = `sku,name.${def},brand\nperm${mark()},P,${brandCode}\n`;
        const viewer = await h.login('rossi.viewer', host);
        expect((await send(product, csv, { mode: 'create' }, viewer)).statusCode).toBe(403);
        expect((await h.get(`${api(product)}import/mapping/`, { host, session: viewer })).statusCode).toBe(403);
        const sales = await h.db.selectFrom('users').select('id').where('username', '=', 'verdi.sales').executeTakeFirstOrThrow();
        const change = await h.db.selectFrom('permissions').select('id').where('codename', '=', 'change_product').executeTakeFirstOrThrow();
        await h.db.deleteFrom('user_permissions').where('user_id', '=', sales.id).where('permission_id', '=', change.id).execute();
        try {
          const addOnly = await h.login('verdi.sales', HOSTS.verdi);
          expect((await send(product, csv, { mode: 'upsert' }, addOnly, HOSTS.verdi)).statusCode).toBe(403);
          expect((await send(product, csv, { mode: 'update' }, addOnly, HOSTS.verdi)).statusCode).toBe(403);
          expect((await send(product, csv, { mode: 'create' }, addOnly, HOSTS.verdi)).statusCode).toBe(202);
        } finally {
          await h.db.insertInto('user_permissions').values({ user_id: sales.id, permission_id: change.id }).execute();
        }
      });
    });

    describe('as a job', () => {
      const many = (m: string, n: number) => `sku,name.${def},brand\n${Array.from({ length: n }, (_, i) => `${m}-${i},Row ${i},${brandCode}`).join('\n')}\n`;
      const countOf = async (m: string) =>
        Number(
          (
            await rows()
              .selectFrom('products')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('sku', 'like', `${m}-%`)
              .executeTakeFirstOrThrow()
          ).n,
        );

      it('stops on cancel, keeping the batches committed before', async () => {
        const m = mark();
        const id = await queued(product, many(m, 1100));
        expect(await runner().runBatch()).toMatchObject({ job: id, outcome: 'committed' });
        expect((await h.post(`/api/jobs/${id}/cancel/`, { host, session: rossi })).statusCode).toBe(200);
        await runner().runUntilIdle();
        expect(await jobOf(id)).toMatchObject({ status: 'cancelled', done: 500 });
        expect(await countOf(m)).toBe(500);
      });

      it('resumes after a runner died mid-job, from its last committed batch, writing no row twice', async () => {
        const m = mark();
        const id = await queued(product, many(m, 1100));
        expect(await runner().runBatch()).toMatchObject({ job: id, outcome: 'committed' });
        const dead = await claimJob(h.db, h.dialect, iso(Date.now()), iso(Date.now() + 60_000));
        expect(dead?.job.id).toBe(id);
        const restarted = runner({ leaseMs: 60_000 });
        ahead += 61_000;
        await restarted.runUntilIdle();
        expect(await jobOf(id)).toMatchObject({ status: 'done', done: 1100, total: 1100, errors: 0, summary: { created: 1100 } });
        expect(await countOf(m)).toBe(1100);
        // The dead runner's late batch is refused and writes nothing.
        expect(await restarted.runClaimed(dead!.job, dead!.token)).toEqual({ job: id, outcome: 'lost' });
        expect(await countOf(m)).toBe(1100);
        const skus = (await rows().selectFrom('products').select('sku').where('sku', 'like', `${m}-%`).execute()) as Array<{ sku: string }>;
        expect(new Set(skus.map((r) => r.sku)).size).toBe(1100);
      });

      it('ends a batch once its transaction has run transactionMs, and the next goes on after the last row it wrote', async () => {
        const m = mark();
        // A batch a row: each is a job round (lease, checkpoint, progress), seconds for a few dozen on a busy machine.
        const ROWS = 40;
        const id = await queued(product, many(m, ROWS));
        const bounded = runner({}, 0);
        // The first chunk is one row, and with no time left it is the batch.
        expect(await bounded.runBatch()).toMatchObject({ job: id, outcome: 'committed' });
        expect(await jobOf(id)).toMatchObject({ status: 'running', done: 1 });
        expect(await countOf(m)).toBe(1);
        await bounded.runUntilIdle();
        expect(await jobOf(id)).toMatchObject({ status: 'done', done: ROWS, errors: 0, summary: { created: ROWS } });
        const skus = (await rows().selectFrom('products').select('sku').where('sku', 'like', `${m}-%`).execute()) as Array<{ sku: string }>;
        expect(new Set(skus.map((r) => r.sku)).size).toBe(ROWS);
        expect(skus.length).toBe(ROWS);
      });

      it('prunes jobs that ended longer ago than the retention, with their row outcomes, problems and rows file', async () => {
        const old = await queued(product, `${many(mark(), 3)}bad,,NOBRAND\n`);
        const recent = await queued(product, many(mark(), 2));
        await runner().runUntilIdle();
        const file = (id: number) => rows().selectFrom('jobs').select('payload').where('id', '=', id).executeTakeFirstOrThrow();
        const oldFile = JSON.parse(String((await file(old)).payload)).file as string;
        const count = async (table: string, id: number) => (await rows().selectFrom(table).select('job_id').where('job_id', '=', id).execute()).length;
        expect([await count('job_rows', old), await count('job_errors', old), fs.existsSync(oldFile)]).toEqual([4, 1, true]);
        await rows()
          .updateTable('jobs')
          .set({ finished_at: iso(Date.now() + ahead - 31 * 86_400_000) })
          .where('id', '=', old)
          .execute();
        expect(await runner({ keepDays: 30 }).prune()).toBe(1);
        expect((await h.get(`/api/jobs/${old}/`, { host, session: rossi })).statusCode).toBe(404);
        expect([await count('job_rows', old), await count('job_errors', old), fs.existsSync(oldFile)]).toEqual([0, 0, false]);
        expect(await jobOf(recent)).toMatchObject({ status: 'done', summary: { created: 2 } });
        expect(await count('job_rows', recent)).toBe(2);
      });
    });
  },
  // Jobs run when a test says so (runUntilIdle, or runners of its own): the app's runner, polling,
  // would take their batches on a busy machine and finish a job after the test has looked.
  { env: { JOBS_POLL_MS: '0' }, resetBetweenTests: false },
);
