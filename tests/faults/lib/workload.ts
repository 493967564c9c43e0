/**
 * What the fault tests and the load benchmark do to a server, and the ledger of what it
 * acknowledged: every 2xx is written down, so afterwards each acknowledged write can be
 * looked for.
 */
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { heavyGif } from '../../../bench/lib/gif.js';
import { type Answer, DEMO_PASSWORD, SiteClient } from './client.js';

/** A product a writer owns: its last acknowledged state and a change sent but not answered. */
export interface ProductLedger {
  id: number;
  name: string;
  sku: string;
  version: number;
  /** The SKU of a PATCH that got no answer (the process died): it may or may not have landed. */
  pendingSku?: string;
}

export interface UploadLedger {
  id: number;
  size: number;
  url: string;
}

/** A small PNG, different for every seed. */
export function pngFor(seed: number, size = 32): Promise<Buffer> {
  return sharp({
    create: { width: size, height: size, channels: 3, background: { r: seed % 256, g: (seed >> 8) % 256, b: (seed * 7) % 256 } },
  })
    .png()
    .toBuffer();
}

export async function firstBrandId(client: SiteClient): Promise<number> {
  const res = await client.get('/api/brand/?page_size=1');
  if (res.status !== 200) throw new Error(`brands: ${res.status} ${res.body}`);
  const [first] = res.json<{ items: Array<{ id: number }> }>().items;
  if (!first) throw new Error('no brand on this site');
  return first.id;
}

export function expectStatus(res: Answer, status: number, what: string) {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status} ${res.body.toString().slice(0, 300)}`);
}

/** Creates a product and returns its ledger entry. */
export async function createProduct(client: SiteClient, brand: number, name: string): Promise<ProductLedger> {
  const sku = `${name}-0`;
  // Both demo dealers' sites speak Italian and English; a name is required in each.
  const translations = { it: { name }, en: { name } };
  const res = await client.request('POST', '/api/products/', { json: { translations, sku, brand, status: 'draft' } });
  expectStatus(res, 201, `create ${name}`);
  const body = res.json<{ id: number; version: number }>();
  return { id: body.id, name, sku, version: body.version };
}

/** Changes the product's SKU from its acknowledged version; records the answer in the ledger. */
export async function editProduct(client: SiteClient, p: ProductLedger, sku: string): Promise<Answer> {
  p.pendingSku = sku;
  const res = await client.request('PATCH', `/api/products/${p.id}/`, { json: { sku, version: p.version } });
  if (res.status === 200) {
    p.sku = sku;
    p.version = res.json<{ version: number }>().version;
    p.pendingSku = undefined;
  }
  return res;
}

export async function uploadPng(client: SiteClient, seed: number): Promise<UploadLedger> {
  const png = await pngFor(seed);
  const res = await client.upload(png, `fault-${seed}.png`, 'image/png');
  expectStatus(res, 201, `upload ${seed}`);
  const body = res.json<{ id: number; size: number; url: string }>();
  return { id: body.id, size: body.size, url: body.url };
}

/** Polls `condition` every 20 ms until it holds; fails after `timeoutMs`. */
export async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = performance.now() + timeoutMs;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export interface StallFigures {
  /** Milliseconds per answered request of the other site, while the uploads ran. */
  loginMs: number[];
  mediaMs: number[];
  /** Requests of the other site that failed or answered anything but 200. */
  failures: string[];
  /** Statuses and times of the heavy uploads. */
  uploads: Array<{ status: number; ms: number }>;
  seconds: number;
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/**
 * Issue 13, point 2, on the server at `url`: `uploaders` clients of rossi upload heavy
 * animated GIFs without pause while a client of verdi signs in, and fetches one of its
 * media files, one request after the other, for `seconds` (then the uploads in flight are
 * awaited). `mediaPath` is the file verdi fetched.
 */
export async function crossSiteStall(url: string, opts: { uploaders: number; seconds: number }): Promise<StallFigures & { mediaPath: string }> {
  const uploader = new SiteClient(url, 'rossi.localhost');
  const victim = new SiteClient(url, 'verdi.localhost');
  await Promise.all([uploader.login('rossi'), victim.login('verdi')]);
  const own = await victim.upload(await pngFor(7, 256), 'verdi.png', 'image/png');
  expectStatus(own, 201, "verdi's own image");
  const mediaPath = new URL(own.json<{ url: string }>().url, url).pathname;
  const figures: StallFigures = { loginMs: [], mediaMs: [], failures: [], uploads: [], seconds: 0 };
  const started = performance.now();
  const until = started + opts.seconds * 1000;
  let seed = 0;
  let firstUpload!: () => void;
  const uploading = new Promise<void>((resolve) => (firstUpload = resolve));
  const upload = async () => {
    while (performance.now() < until) {
      const res = await uploader.upload(heavyGif({ seed: seed++ }), `heavy-${seed}.gif`, 'image/gif', undefined, { timeoutMs: 300_000 });
      figures.uploads.push({ status: res.status, ms: res.ms });
      firstUpload();
    }
  };
  const measure = async (what: 'login' | 'media') => {
    // What is measured is the time beside the uploads: once one has been answered, the others are being worked on.
    await uploading;
    while (performance.now() < until) {
      try {
        const res =
          what === 'login'
            ? await victim.request('POST', '/api/auth/login', { json: { username: 'verdi', password: DEMO_PASSWORD }, timeoutMs: 60_000 })
            : await victim.get(mediaPath, { timeoutMs: 60_000 });
        if (res.status === 200) (what === 'login' ? figures.loginMs : figures.mediaMs).push(res.ms);
        else figures.failures.push(`${what}: ${res.status} ${res.body.toString().slice(0, 200)}`);
      } catch (error) {
        figures.failures.push(`${what}: ${(error as Error).message}`);
      }
    }
  };
  await Promise.all([...Array.from({ length: opts.uploaders }, upload), measure('login'), measure('media')]);
  figures.seconds = (performance.now() - started) / 1000;
  return { ...figures, mediaPath };
}

export interface ListStallFigures {
  /** Milliseconds per answered product list of the other site, while the slow list was hammered. */
  otherMs: number[];
  /** Requests of the other site that failed or answered anything but 200. */
  failures: string[];
  /** Statuses and times of the slow lists. */
  hammer: Array<{ status: number; ms: number }>;
  seconds: number;
}

/**
 * Issue 20, point 3, on the server at `url`: `connections` clients of rossi request
 * `slowPath` without pause while a client of verdi reads its product list, one request
 * after the other, for `seconds` (then the slow lists in flight are awaited).
 */
export async function crossSiteListStall(url: string, opts: { slowPath: string; connections: number; seconds: number }): Promise<ListStallFigures> {
  const hammerer = new SiteClient(url, 'rossi.localhost');
  const victim = new SiteClient(url, 'verdi.localhost');
  await Promise.all([hammerer.login('rossi'), victim.login('verdi')]);
  const figures: ListStallFigures = { otherMs: [], failures: [], hammer: [], seconds: 0 };
  const started = performance.now();
  const until = started + opts.seconds * 1000;
  let firstAnswer!: () => void;
  const hammering = new Promise<void>((resolve) => (firstAnswer = resolve));
  const hammer = async () => {
    while (performance.now() < until) {
      const res = await hammerer.get(opts.slowPath, { timeoutMs: 300_000 });
      figures.hammer.push({ status: res.status, ms: res.ms });
      firstAnswer();
    }
  };
  const measure = async () => {
    // What is measured is the time beside the slow lists: once one has been answered, the others are being read.
    await hammering;
    while (performance.now() < until) {
      try {
        const res = await victim.get('/api/products/', { timeoutMs: 60_000 });
        if (res.status === 200) figures.otherMs.push(res.ms);
        else figures.failures.push(`products: ${res.status} ${res.body.toString().slice(0, 200)}`);
      } catch (error) {
        figures.failures.push(`products: ${(error as Error).message}`);
      }
    }
  };
  await Promise.all([...Array.from({ length: opts.connections }, hammer), measure()]);
  figures.seconds = (performance.now() - started) / 1000;
  return figures;
}
