import { Readable } from 'node:stream';
import { hotQuery } from '../../db/hotQuery.js';
import { HttpError } from '../../errors.js';
import type { MediaStorage } from '../../storage/index.js';
import type { Db } from './db.js';
import { renderRendition } from './render.js';
import { allowedSpec, type ParsedRendition, RENDITION_MIME, type RenditionSpec, renditionStamp } from './renditionKeys.js';
import type { RenditionPresets } from './renditionPresets.js';
import { RASTER_EXTS, allowedType } from './types.js';

/** A rendition that may be served: its type, and how to make it when the store has none yet. */
export interface RenditionFound {
  mime: string;
  /** The site whose library holds the original. */
  siteId: number;
  make: () => Promise<void>;
}

const notAPreset = (presets: RenditionPresets) =>
  new HttpError(400, {
    detail: `Renditions are made only in the configured presets: widths ${presets.widths.join(', ')}; heights ${presets.heights.join(', ') || 'none'}; fits ${presets.fits.join(', ')}; formats ${presets.formats.join(', ')}; qualities ${presets.qualities.join(', ')}.`,
  });

const unrenderable = () => new HttpError(422, { detail: 'This image cannot be rendered.' });

type Original = { file_key: string; web_key: string | null; focal_x: number | null; focal_y: number | null; width: number | null; height: number | null };

/** The original of a rendition: its stem under any raster extension (a cached rendition's one read). */
const originalOf = hotQuery<Original & { mime_type: string; tenant_id: number }, string[]>(
  `select file_key, web_key, mime_type, focal_x, focal_y, width, height, tenant_id from media where file_key in (${RASTER_EXTS.map(() => '?').join(', ')})`,
);

/**
 * Renditions on demand (docs/decisions.md §26): the media row of a rendition key,
 * checked against the presets (400 before anything is read) and the current stamp (an old
 * file's or focal point's rendition is 404), and the rendering of a missing one: once per
 * key however many requests ask for it at the same time in this process, stored beside the
 * original with put-if-absent, so instances sharing the store agree on one object.
 */
export class Renditions {
  /** Renditions this process has rendered (a metric; the tests count renders with it). */
  renders = 0;
  private readonly making = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly storage: MediaStorage,
    private readonly presets: RenditionPresets,
  ) {}

  async find(key: string, parsed: ParsedRendition): Promise<RenditionFound | undefined> {
    if (!allowedSpec(this.presets, parsed.spec)) throw notAPreset(this.presets);
    const spec = parsed.spec;
    const [row] = await originalOf(this.db, ...RASTER_EXTS.map((ext) => `${parsed.stem}.${ext}`));
    // Only raster images render: an SVG, a PDF, … is served sandboxed or as a download, never re-encoded.
    if (!row || allowedType(row.mime_type)?.kind !== 'raster' || renditionStamp(row) !== parsed.stamp) return undefined;
    return { mime: RENDITION_MIME[spec.format], siteId: row.tenant_id, make: () => this.make(key, row, spec) };
  }

  private make(key: string, row: Original, spec: RenditionSpec): Promise<void> {
    let pending = this.making.get(key);
    if (!pending) {
      pending = this.render(key, row, spec).finally(() => this.making.delete(key));
      this.making.set(key, pending);
    }
    return pending;
  }

  private async render(key: string, row: Original, spec: RenditionSpec) {
    const body = await this.storage.get(row.file_key);
    if (!body) throw unrenderable();
    const original = Buffer.concat(await body.toArray());
    const data = await renderRendition(original, spec, { width: row.width, height: row.height, focalX: row.focal_x, focalY: row.focal_y }).catch(() => {
      throw unrenderable();
    });
    this.renders++;
    await this.storage.put(key, Readable.from([data]), { contentType: RENDITION_MIME[spec.format], ifAbsent: true });
  }
}
