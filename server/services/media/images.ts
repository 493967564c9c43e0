import fsp from 'node:fs/promises';
import sharp, { type Sharp, type SharpOptions } from 'sharp';
import type { AllowedType } from './types.js';

/** Longest side of the grid thumbnail and of the web-sized variant (both WebP). */
export const THUMBNAIL_PX = 320;
export const WEB_PX = 1600;
/**
 * WebP encoder effort (0–6, sharp's default 4): 2 encodes a 12-megapixel upload's
 * variants about twice as fast for files a few percent larger, at the same quality.
 */
const WEBP_EFFORT = 2;
/** SVGs bigger than this are stored but get no thumbnail (rasterising them is not worth it). */
const SVG_THUMBNAIL_MAX_BYTES = 10 * 1024 * 1024;

/** The bytes are not a readable image of the type they claim (truncated, corrupt). */
export class InvalidImageError extends Error {}

export interface ImageResult {
  width: number | null;
  height: number | null;
  /** Whether the thumbnail / web variant files were written. */
  thumbnail: boolean;
  web: boolean;
}

// A truncated or corrupt file fails; a harmless libjpeg warning does not.
const BASE: SharpOptions = { failOn: 'truncated' };

async function dimensions(image: Sharp) {
  const meta = await image.metadata();
  const oriented = meta.autoOrient;
  const width = oriented?.width ?? meta.width;
  // For animations `height` is every frame stacked; a frame is `pageHeight` high.
  const height = meta.pages && meta.pages > 1 ? (meta.pageHeight ?? meta.height) : (oriented?.height ?? meta.height);
  return { width: width ?? null, height: height ?? null };
}

/**
 * Reads the size of an image and writes its variants: a thumbnail (THUMBNAIL_PX WebP)
 * for raster images and SVG, and a web-sized variant (WEB_PX WebP, never enlarged) for
 * raster images. Throws InvalidImageError when the image cannot be decoded.
 */
export async function processImage(file: string, type: AllowedType, out: { thumbnail: string; web: string }): Promise<ImageResult> {
  try {
    if (type.kind === 'svg') {
      const { size } = await fsp.stat(file);
      if (size > SVG_THUMBNAIL_MAX_BYTES) return { width: null, height: null, thumbnail: false, web: false };
      // From a buffer, so the renderer has no base URL to resolve references against.
      const input = await fsp.readFile(file);
      const { width, height } = await dimensions(sharp(input, BASE));
      await sharp(input, BASE)
        .resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: 'inside' })
        .webp({ quality: 80, effort: WEBP_EFFORT })
        .toFile(out.thumbnail);
      return { width, height, thumbnail: true, web: false };
    }
    if (type.kind !== 'raster') return { width: null, height: null, thumbnail: false, web: false };

    const { width, height } = await dimensions(sharp(file, BASE));
    await sharp(file, BASE)
      .autoOrient()
      .resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80, effort: WEBP_EFFORT })
      .toFile(out.thumbnail);
    await sharp(file, { ...BASE, animated: type.animated === true })
      .autoOrient()
      .resize(WEB_PX, WEB_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82, effort: WEBP_EFFORT })
      .toFile(out.web);
    return { width, height, thumbnail: true, web: true };
  } catch (error) {
    // File-system errors are ours; anything sharp throws is about the image.
    if ((error as NodeJS.ErrnoException).syscall) throw error;
    throw new InvalidImageError(error instanceof Error ? error.message : String(error));
  }
}
