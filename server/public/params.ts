/**
 * What the delivery API's routes take, declared once: the routes check requests with these
 * schemas (routes.ts) and the OpenAPI document describes its parameters from them (openapi/).
 */
import { z } from 'zod';
import { SITE_PAGE_KEYS, type SitePageKey } from '../../entities/sitePages/keys.js';
import { code } from '../zodProblems.js';

const once = z
  .string({ error: code('once') })
  .max(200)
  .optional();
export const emptyQuery = z.object({}).strict();
/** A preview token (preview.ts): a draft's link, never cached. */
const preview = z
  .string({ error: code('once') })
  .max(1000)
  .optional();
export const langQuery = z.object({ lang: once, preview }).strict();
export const listQuery = z
  .object({ lang: once, page: once, items: once, sort: once, search: once, fltr: z.union([z.string(), z.array(z.string())]).optional(), preview })
  .strict();
export const routeQuery = z
  .object({
    lang: once,
    preview,
    path: z
      .string({ error: code('once') })
      .min(1)
      .max(1000),
  })
  .strict();
export const slugParams = z.object({ slug: z.string().min(1).max(200) });
export const pageParams = z.object({ key: z.enum(SITE_PAGE_KEYS as [SitePageKey, ...SitePageKey[]]) });
