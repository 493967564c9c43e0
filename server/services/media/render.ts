import sharp, { type Sharp } from 'sharp';
import type { RenditionSpec } from './renditionKeys.js';

/** The original as renditions see it: its size once oriented (media.width/height) and its focal point. */
export interface RenditionInput {
  width: number | null;
  height: number | null;
  focalX: number | null;
  focalY: number | null;
}

/** Encoder effort: the first request of a rendition waits for it, so speed over the last few percent of size. */
const WEBP_EFFORT = 2;
const AVIF_EFFORT = 2;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * A `cover` crop around the focal point: the image is scaled to cover the box, then the box
 * is cut out centred on the focal point, moved inwards where it would leave the image. A box
 * larger than the image is scaled down to fit it first (never enlarged), keeping its shape.
 */
export function coverGeometry(src: { width: number; height: number }, box: { width: number; height: number }, focal: { x: number; y: number }) {
  let scale = Math.max(box.width / src.width, box.height / src.height);
  let { width, height } = box;
  if (scale > 1) {
    width = Math.max(1, Math.round(width / scale));
    height = Math.max(1, Math.round(height / scale));
    scale = 1;
  }
  const resized = { width: Math.max(width, Math.round(src.width * scale)), height: Math.max(height, Math.round(src.height * scale)) };
  const left = clamp(Math.round(focal.x * resized.width - width / 2), 0, resized.width - width);
  const top = clamp(Math.round(focal.y * resized.height - height / 2), 0, resized.height - height);
  return { resized, extract: { left, top, width, height } };
}

function shaped(image: Sharp, spec: RenditionSpec, input: RenditionInput): Sharp {
  if (spec.height === null) return image.resize({ width: spec.width, withoutEnlargement: true });
  if (spec.fit === 'contain') return image.resize(spec.width, spec.height, { fit: 'inside', withoutEnlargement: true });
  if (input.width === null || input.height === null) return image.resize(spec.width, spec.height, { fit: 'cover', withoutEnlargement: true });
  const { resized, extract } = coverGeometry(
    { width: input.width, height: input.height },
    { width: spec.width, height: spec.height },
    { x: input.focalX ?? 0.5, y: input.focalY ?? 0.5 },
  );
  // Called after resize, extract cuts from the resized image.
  return image.resize(resized.width, resized.height, { fit: 'fill' }).extract(extract);
}

function encoded(image: Sharp, spec: RenditionSpec): Sharp {
  switch (spec.format) {
    case 'webp':
      return image.webp({ quality: spec.quality, effort: WEBP_EFFORT });
    case 'avif':
      return image.avif({ quality: spec.quality, effort: AVIF_EFFORT });
    case 'jpeg':
      return image.jpeg({ quality: spec.quality, progressive: true });
  }
}

/**
 * The one place a rendition's pixels are made: the original's bytes in, the encoded
 * rendition out. It takes and returns plain data, so a worker pool can run it elsewhere.
 * Animations render their first frame; the orientation tag is applied, metadata dropped.
 */
export async function renderRendition(original: Buffer, spec: RenditionSpec, input: RenditionInput): Promise<Buffer> {
  return encoded(shaped(sharp(original, { failOn: 'truncated' }).autoOrient(), spec, input), spec).toBuffer();
}
