import { createHash } from 'node:crypto';
import type { RenditionFit, RenditionFormat, RenditionPresets } from './renditionPresets.js';
import { mediaUrl } from './serialize.js';

/** What one rendition is: a width, a height with its fit (or none: the original's shape), a format and a quality. */
export interface RenditionSpec {
  width: number;
  height: number | null;
  fit: RenditionFit;
  format: RenditionFormat;
  quality: number;
}

/** The columns a rendition's name depends on. */
export interface RenditionSource {
  file_key: string;
  web_key: string | null;
  focal_x: number | null;
  focal_y: number | null;
}

const EXT: Record<RenditionFormat, string> = { webp: 'webp', avif: 'avif', jpeg: 'jpg' };
const FORMAT_OF_EXT: Record<string, RenditionFormat> = { webp: 'webp', avif: 'avif', jpg: 'jpeg' };
export const RENDITION_MIME: Record<RenditionFormat, string> = { webp: 'image/webp', avif: 'image/avif', jpeg: 'image/jpeg' };

/**
 * A rendition's key: the original's directory and random part, then `r<spec>s<stamp>` and
 * the format: `3f/a9/3fa9…e2.rw800h600coverq75s1a2b3c4d5e6f.webp` beside `3f/a9/3fa9…e2.jpg`.
 * It is a key like any other (storage/keys.ts), stored in the same store, and its URL is
 * `/media/<key>`. The stamp hashes what the pixels depend on besides the spec: the file (its
 * web variant's key, new on every replace) and the focal point; when either changes, every
 * rendition URL changes, so each may be cached forever, and the old ones answer 404.
 */
const RENDITION_KEY = /^([a-z0-9]{2}\/[a-z0-9]{2}\/[a-z0-9]{32})\.rw(\d{1,5})(?:h(\d{1,5}))?(cover|contain)q(\d{1,3})s([0-9a-f]{12})\.([a-z0-9]+)$/;

export interface ParsedRendition {
  /** The original's key without its extension. */
  stem: string;
  stamp: string;
  /** Undefined when the key names a format that is no rendition format. */
  spec: Omit<RenditionSpec, 'format'> & { format: RenditionFormat | undefined };
}

export function parseRenditionKey(key: string): ParsedRendition | undefined {
  const m = RENDITION_KEY.exec(key);
  if (!m) return undefined;
  const [, stem, w, h, fit, q, stamp, ext] = m;
  return {
    stem: stem!,
    stamp: stamp!,
    spec: { width: Number(w), height: h === undefined ? null : Number(h), fit: fit as RenditionFit, quality: Number(q), format: FORMAT_OF_EXT[ext!] },
  };
}

/**
 * Whether the presets allow the spec: nothing else is ever rendered. A width alone is
 * written with `contain` (a cover needs a box), so each rendition has one URL.
 */
export function allowedSpec(presets: RenditionPresets, spec: ParsedRendition['spec']): spec is RenditionSpec {
  return (
    presets.widths.includes(spec.width) &&
    (spec.height === null ? spec.fit === 'contain' : presets.heights.includes(spec.height)) &&
    presets.fits.includes(spec.fit) &&
    spec.format !== undefined &&
    presets.formats.includes(spec.format) &&
    presets.qualities.includes(spec.quality)
  );
}

export const stemOf = (fileKey: string) => fileKey.slice(0, fileKey.indexOf('.'));

export function renditionStamp(row: RenditionSource): string {
  return createHash('sha256')
    .update(`${row.web_key ?? row.file_key}|${row.focal_x ?? ''}|${row.focal_y ?? ''}`)
    .digest('hex')
    .slice(0, 12);
}

export function renditionKey(row: RenditionSource, spec: RenditionSpec): string {
  const size = `w${spec.width}${spec.height === null ? '' : `h${spec.height}`}`;
  return `${stemOf(row.file_key)}.r${size}${spec.fit}q${spec.quality}s${renditionStamp(row)}.${EXT[spec.format]}`;
}

/**
 * `srcset` of an image in the presets' delivery format and quality: one entry per preset
 * width up to the image's own (never enlarged), and the image's width itself when it is
 * smaller than every preset (a rendition of the smallest preset width is that size).
 */
export function renditionSrcset(row: RenditionSource & { width: number | null }, presets: RenditionPresets): string | null {
  if (row.width === null) return null;
  const widths = [...presets.widths].sort((a, b) => a - b);
  const fitting = widths.filter((w) => w <= row.width!);
  const entries = fitting.length ? fitting.map((w) => [w, w]) : [[widths[0]!, row.width]];
  return entries
    .map(
      ([asked, shown]) =>
        `${mediaUrl(renditionKey(row, { width: asked!, height: null, fit: 'contain', format: presets.format, quality: presets.quality }))} ${shown}w`,
    )
    .join(', ');
}
