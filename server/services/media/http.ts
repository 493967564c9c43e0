import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../locales/languages.js';
import type { Action } from '../../../entities/permissions.js';
import { withAccess } from '../../access.js';
import { HttpError } from '../../errors.js';
import { code } from '../../zodProblems.js';
import { isPlainObject, MAX_ID } from '../../../entities/formats.js';
import type { MediaContext } from './files.js';
import type { MediaReader } from './usage.js';
import type { Tenant } from '../tenants.js';

/** Every media route answers under both: the SPA calls /backoffice/api/… (docs/spec.md §7). */
export const API_PREFIXES = ['/api', '/backoffice/api'] as const;

/** The media library exists on every site, each its own: `<action>_media` on either kind. */
export const MEDIA = (action: Action) => withAccess({ kind: 'permission', model: 'media', action, scope: 'both' });

/** What the media routes of one request work with: the guard's site, what its user may read, the files. */
export interface Library {
  site: Tenant;
  reader: MediaReader;
  files: MediaContext;
}

/** Where and how a part of the library is served (server/routes/crud.ts): under both prefixes, no trailing slash, no ETag. */
export const libraryCollection = (path: string) => ({
  bases: API_PREFIXES.map((prefix) => `${prefix}${path}`),
  slash: false,
  access: MEDIA,
  etag: false,
});

/** The language of flat title/alt_text/description: the one asked for, else the site's default. */
export function languageFor(tenant: Tenant, requested: string | undefined): string {
  if (requested) return requested;
  return isLanguage(tenant.default_language) ? tenant.default_language : DEFAULT_LANGUAGE;
}

export const languageCode = z.string({ error: code('string') }).refine(isLanguage, { message: code('languageChoice') });

/** A primary key in a body: a number, or a string of digits as form posts send it; '' is null. */
export const pk = z.preprocess(
  (v) => (v === '' ? null : typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v),
  z
    .number({ error: code('pk') })
    .int(code('pk'))
    .min(1, code('pk'))
    .max(MAX_ID, code('pk')),
);

export const version = z
  .number({ error: code('integer') })
  .int(code('integer'))
  .min(1, code('integer'));

/** `If-Match: "3"` (or W/"3", or 3) as a version; `*` or no header: undefined. */
export function ifMatchVersion(req: FastifyRequest): number | undefined {
  const header = req.headers['if-match'];
  if (header === undefined || header.trim() === '*') return undefined;
  const m = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(header);
  if (!m || Number(m[1]) < 1) throw new HttpError(400, { detail: 'If-Match must name a version, e.g. "3".' });
  return Number(m[1]);
}

/** The version a media write was made from: the body's, else If-Match's (read only when the body has none). */
export function bodyOrIfMatchVersion(req: FastifyRequest): number | undefined {
  const body = isPlainObject(req.body) ? req.body.version : undefined;
  return typeof body === 'number' ? body : ifMatchVersion(req);
}

const str = (max: number) => z.string({ error: code('string') }).max(max, code('maxLength'));

export const translationFields = z.object({
  title: str(255).optional(),
  alt_text: str(1000).optional(),
  description: str(10_000).optional(),
});

/** Query flags as DRF reads them. */
export const flag = z
  .enum(['true', 'false', '1', '0', 'True', 'False', ''], { error: code('boolean') })
  .transform((v) => v === 'true' || v === 'True' || v === '1');

export const intParam = (min: number, max: number) =>
  z
    .string({ error: code('integer') })
    .regex(/^\d{1,9}$/, code('integer'))
    .transform(Number)
    .pipe(z.number().min(min, code('minValue')).max(max, code('maxValue')));

export { str };
