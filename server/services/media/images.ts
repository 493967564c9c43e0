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

/** Pixel size (a frame's, for animations) and the pixels decoding every frame takes. */
async function dimensions(image: Sharp) {
  const meta = await image.metadata();
  const oriented = meta.autoOrient;
  const width = oriented?.width ?? meta.width;
  const pages = meta.pages ?? 1;
  // For animations `height` is every frame stacked; a frame is `pageHeight` high.
  const height = pages > 1 ? (meta.pageHeight ?? meta.height) : (oriented?.height ?? meta.height);
  return { width: width ?? null, height: height ?? null, allFramesPixels: (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0) * pages };
}

export interface ImageLimits {
  /**
   * Pixels an animated variant may decode, all frames together: a GIF of a few kilobytes
   * can hold a hundred one-pixel frames on a huge screen, each decoded whole. Over it the
   * web variant is a still of the first frame, as the thumbnail always is.
   */
  maxAnimatedPixels: number;
}

const allFramesWithin = (pixels: number, limits: ImageLimits) => pixels <= limits.maxAnimatedPixels;

/**
 * Reads the size of an image and writes its variants: a thumbnail (THUMBNAIL_PX WebP)
 * for raster images and SVG, and a web-sized variant (WEB_PX WebP, never enlarged) for
 * raster images. Throws InvalidImageError when the image cannot be decoded.
 */
export async function processImage(file: string, type: AllowedType, out: { thumbnail: string; web: string }, limits: ImageLimits): Promise<ImageResult> {
  try {
    if (type.kind === 'svg') {
      const { size } = await fsp.stat(file);
      if (size > SVG_THUMBNAIL_MAX_BYTES) return { width: null, height: null, thumbnail: false, web: false };
      // From a buffer, so the renderer has no base URL to resolve references against.
      const input = await fsp.readFile(file);
      const { width, height } = await dimensions(sharp(input, BASE));
      await sharp(input, BASE).resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: 'inside' }).webp({ quality: 80, effort: WEBP_EFFORT }).toFile(out.thumbnail);
      return { width, height, thumbnail: true, web: false };
    }
    if (type.kind !== 'raster') return { width: null, height: null, thumbnail: false, web: false };

    const { width, height, allFramesPixels } = await dimensions(sharp(file, BASE));
    const animated = type.animated === true && allFramesWithin(allFramesPixels, limits);
    await sharp(file, BASE)
      .autoOrient()
      .resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80, effort: WEBP_EFFORT })
      .toFile(out.thumbnail);
    await sharp(file, { ...BASE, animated })
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
