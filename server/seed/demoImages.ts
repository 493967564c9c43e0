/**
 * Demo pictures for the demo sites: farm scenes drawn as SVG here (no binary assets in the
 * repository, no network), rendered once per seed with sharp into a JPEG and the same
 * thumbnail and web variants an upload gets, then filed in each site's media library.
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { DatabaseSchema } from '../db/schema.js';
import { nowIso } from '../services/clock.js';
import type { Trx } from '../services/media/db.js';
import { slugify } from '../services/media/folders.js';
import { processImage } from '../services/media/images.js';
import { bumpCount, reindexTerms } from '../services/media/indexes.js';
import { writeTranslations } from '../services/media/library.js';
import { allowedType } from '../services/media/types.js';
import { type MediaStorage, newMediaKey } from '../storage/index.js';

/** Scenes are drawn on an 800 × 533 canvas and rendered smaller, to keep seeding quick. */
const WIDTH = 800;
const HEIGHT = 533;
const SCALE = 0.9;

export type Machine = 'tractor' | 'combine' | 'telehandler';

export type Scene =
  { kind: 'machine'; machine: Machine; color: string; evening?: boolean } | { kind: 'event' } | { kind: 'offer'; color: string } | { kind: 'workshop' };

export interface DemoImage {
  /** How seeds name the picture, e.g. `df-tractor`. */
  key: string;
  /** Media-library folder title. */
  folder: string;
  /** File name, and title/alt text per language. */
  file: string;
  en: string;
  it: string;
  scene: Scene;
}

function landscape(evening: boolean) {
  const [top, bottom, sun] = evening ? ['#f59e5b', '#fde2b8', '#fff1c1'] : ['#8ec5ff', '#e6f3ff', '#ffe27a'];
  return (
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>` +
    `<circle cx="${evening ? 140 : 670}" cy="${evening ? 300 : 95}" r="52" fill="${sun}"/>` +
    `<path d="M0 350 Q 200 315 400 342 T ${WIDTH} 333 V${HEIGHT} H0Z" fill="#7fae4a"/>` +
    `<path d="M0 400 Q 250 375 ${WIDTH} 392 V${HEIGHT} H0Z" fill="#5f8f32"/>`
  );
}

const wheel = (cx: number, cy: number, r: number) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#222"/><circle cx="${cx}" cy="${cy}" r="${Math.round(r / 2)}" fill="#bbb"/>`;

const MACHINES: Record<Machine, (c: string) => string> = {
  tractor: (c) =>
    `<g transform="translate(150 160)"><rect x="100" y="125" width="280" height="92" rx="15" fill="${c}"/>` +
    `<rect x="250" y="33" width="142" height="125" rx="12" fill="${c}"/><rect x="265" y="48" width="112" height="75" rx="7" fill="#cfe8ff" opacity="0.9"/>` +
    `<rect x="142" y="75" width="13" height="58" fill="#333"/>${wheel(325, 242, 92)}${wheel(133, 267, 58)}</g>`,
  combine: (c) =>
    `<g transform="translate(90 150)"><rect x="150" y="70" width="360" height="150" rx="14" fill="${c}"/>` +
    `<rect x="380" y="10" width="120" height="95" rx="10" fill="${c}"/><rect x="392" y="22" width="96" height="60" rx="6" fill="#cfe8ff" opacity="0.9"/>` +
    `<rect x="40" y="210" width="170" height="38" rx="6" fill="#444"/><rect x="200" y="40" width="150" height="16" rx="6" fill="#555" transform="rotate(-12 200 40)"/>` +
    `${wheel(430, 255, 75)}${wheel(220, 272, 50)}</g>`,
  telehandler: (c) =>
    `<g transform="translate(130 170)"><rect x="120" y="140" width="330" height="80" rx="14" fill="${c}"/>` +
    `<rect x="150" y="60" width="95" height="95" rx="10" fill="${c}"/><rect x="162" y="72" width="72" height="60" rx="6" fill="#cfe8ff" opacity="0.9"/>` +
    `<rect x="250" y="95" width="270" height="30" rx="8" fill="#333" transform="rotate(-24 250 110)"/><rect x="500" y="-20" width="60" height="40" rx="4" fill="#666"/>` +
    `${wheel(190, 240, 55)}${wheel(400, 240, 55)}</g>`,
};

function svgOf(scene: Scene): string {
  let body: string;
  switch (scene.kind) {
    case 'machine':
      body = landscape(!!scene.evening) + MACHINES[scene.machine](scene.color);
      break;
    case 'offer':
      body =
        landscape(false) +
        MACHINES.tractor(scene.color) +
        `<circle cx="660" cy="120" r="86" fill="#e11d48"/><circle cx="630" cy="92" r="17" fill="#fff"/><circle cx="690" cy="150" r="17" fill="#fff"/>` +
        `<rect x="652" y="60" width="16" height="122" rx="6" fill="#fff" transform="rotate(35 660 121)"/>`;
      break;
    case 'event':
      body =
        landscape(false) +
        `<path d="M180 360 L400 190 L620 360 Z" fill="#f8fafc"/><rect x="200" y="330" width="400" height="90" fill="#e2e8f0"/>` +
        `<rect x="360" y="340" width="80" height="80" fill="#7ab929"/>` +
        [120, 680]
          .map(
            (x, i) =>
              `<rect x="${x}" y="180" width="6" height="220" fill="#555"/><path d="M${x + 6} 185 h70 l-16 22 l16 22 h-70Z" fill="${i ? '#c8102e' : '#7ab929'}"/>`,
          )
          .join('');
      break;
    case 'workshop':
      body =
        `<rect width="${WIDTH}" height="${HEIGHT}" fill="#cbd5e1"/><rect y="380" width="${WIDTH}" height="153" fill="#64748b"/>` +
        `<rect x="60" y="60" width="680" height="320" fill="#94a3b8"/><rect x="90" y="90" width="620" height="290" fill="#1e293b"/>` +
        MACHINES.tractor('#7ab929').replace('translate(150 160)', 'translate(150 140) scale(0.95)') +
        `<rect x="600" y="330" width="120" height="60" rx="6" fill="#dc2626"/>`;
      break;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.round(WIDTH * SCALE)}" height="${Math.round(HEIGHT * SCALE)}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${body}</svg>`;
}

interface Rendered {
  jpeg: Buffer;
  thumb: Buffer;
  web: Buffer;
  width: number | null;
  height: number | null;
}

const JPEG = allowedType('image/jpeg')!;

/** One picture as an upload would leave it: the JPEG and its variants (made by the upload's own code). */
async function render(image: DemoImage, dir: string): Promise<Rendered> {
  const file = path.join(dir, `${image.key}.jpg`);
  await sharp(Buffer.from(svgOf(image.scene)))
    .jpeg({ quality: 78 })
    .toFile(file);
  const out = { thumbnail: `${file}.thumb.webp`, web: `${file}.web.webp` };
  // One frame: no animation to bound.
  const r = await processImage(file, JPEG, out, { maxAnimatedPixels: 0 });
  const [jpeg, thumb, web] = await Promise.all([fsp.readFile(file), fsp.readFile(out.thumbnail), fsp.readFile(out.web)]);
  return { jpeg, thumb, web, width: r.width, height: r.height };
}

/** Renders the pictures (in parallel: sharp works off the event loop). */
export async function renderDemoImages(images: readonly DemoImage[]): Promise<Map<string, Rendered>> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'demo-images-'));
  try {
    return new Map(await Promise.all(images.map(async (i) => [i.key, await render(i, dir)] as const)));
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

async function folderId(trx: Trx, tenantId: number, title: string, folders: Map<string, number>): Promise<number> {
  const known = folders.get(title);
  if (known) return known;
  const slug = slugify(title);
  const now = nowIso();
  const { id } = await trx
    .insertInto('media_folders')
    .values({ tenant_id: tenantId, parent_id: null, title, slug, path: `/${slug}`, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  folders.set(title, id);
  return id;
}

/**
 * Files the rendered pictures in one site's library (folders by topic, titles and alt
 * texts in English and Italian) inside the seed's transaction; returns media ids by key.
 */
export async function fileDemoImages(
  db: Kysely<DatabaseSchema>,
  storage: MediaStorage,
  tenantId: number,
  images: readonly DemoImage[],
  rendered: Map<string, Rendered>,
): Promise<Map<string, number>> {
  const trx = db as Trx;
  const folders = new Map<string, number>();
  const ids = new Map<string, number>();
  for (const image of images) {
    const r = rendered.get(image.key)!;
    const keys = { file_key: newMediaKey('jpg'), thumb_key: newMediaKey('thumb.webp'), web_key: newMediaKey('web.webp') };
    await Promise.all([
      storage.put(keys.file_key, Readable.from(r.jpeg), { contentType: JPEG.mime }),
      storage.put(keys.thumb_key, Readable.from(r.thumb), { contentType: 'image/webp' }),
      storage.put(keys.web_key, Readable.from(r.web), { contentType: 'image/webp' }),
    ]);
    const folder = await folderId(trx, tenantId, image.folder, folders);
    const now = nowIso();
    const { id } = await trx
      .insertInto('media')
      .values({
        tenant_id: tenantId,
        folder_id: folder,
        name: image.file,
        size: r.jpeg.length,
        mime_type: JPEG.mime,
        mime_group: 'image',
        width: r.width,
        height: r.height,
        ...keys,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeTranslations(trx, id, {
      en: { title: image.en, alt_text: image.en },
      it: { title: image.it, alt_text: image.it },
    });
    await reindexTerms(trx, tenantId, id);
    await bumpCount(trx, tenantId, folder, JPEG.mime, 1);
    ids.set(image.key, id);
  }
  return ids;
}

/** Storage keys of every media file, so a demo reset can remove the files of the rows it drops. */
export async function allMediaKeys(db: Kysely<DatabaseSchema>): Promise<string[]> {
  const rows = await db.selectFrom('media').select(['file_key', 'thumb_key', 'web_key']).execute();
  return rows.flatMap((r) => [r.file_key, r.thumb_key, r.web_key]).filter((k): k is string => !!k);
}
