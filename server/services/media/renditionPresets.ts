import { z } from 'zod';

export type RenditionFit = 'cover' | 'contain';
export type RenditionFormat = 'webp' | 'avif' | 'jpeg';

/**
 * What a rendition URL may ask for (docs/decisions.md, renditions): every value is from a
 * short list, so nobody can make the server render a million sizes. A URL names a width,
 * optionally a height and a fit, a format and a quality; anything off these lists is a 400.
 */
export interface RenditionPresets {
  widths: readonly number[];
  heights: readonly number[];
  fits: readonly RenditionFit[];
  formats: readonly RenditionFormat[];
  qualities: readonly number[];
  /** The quality and format of the delivery API's `srcset` (both must be on their lists). */
  quality: number;
  format: RenditionFormat;
}

export const DEFAULT_RENDITIONS: RenditionPresets = {
  widths: [320, 480, 640, 800, 1024, 1280, 1600, 1920],
  heights: [180, 240, 320, 360, 480, 600, 640, 720, 800, 1080],
  fits: ['cover', 'contain'],
  formats: ['webp', 'avif', 'jpeg'],
  qualities: [50, 60, 75, 90],
  quality: 75,
  format: 'webp',
};

/** The largest side a preset may name: beyond it a rendition would hold more pixels than any screen shows. */
const MAX_SIDE = 8192;

const sides = z.array(z.number().int().min(1).max(MAX_SIDE)).max(64);

/** MEDIA_RENDITIONS: JSON overriding any of the defaults, e.g. `{"widths":[400,800],"formats":["webp"]}`. */
export const renditionPresetsSchema = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'JSON, e.g. {"widths":[400,800],"formats":["webp"]}' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .object({
        widths: sides.min(1).optional(),
        heights: sides.optional(),
        fits: z
          .array(z.enum(['cover', 'contain']))
          .min(1)
          .optional(),
        formats: z
          .array(z.enum(['webp', 'avif', 'jpeg']))
          .min(1)
          .optional(),
        qualities: z.array(z.number().int().min(1).max(100)).min(1).max(16).optional(),
        quality: z.number().int().optional(),
        format: z.enum(['webp', 'avif', 'jpeg']).optional(),
      })
      .strict(),
  )
  .transform((given, ctx): RenditionPresets => {
    const presets = { ...DEFAULT_RENDITIONS, ...given };
    if (!presets.qualities.includes(presets.quality)) ctx.addIssue({ code: 'custom', path: ['quality'], message: 'must be one of "qualities"' });
    if (!presets.formats.includes(presets.format)) ctx.addIssue({ code: 'custom', path: ['format'], message: 'must be one of "formats"' });
    return presets;
  });
