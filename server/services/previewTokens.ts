/**
 * Preview tokens (issue 16): `<payload>.<mac>`, the payload naming one site, one entity and
 * one row and when the token stops working, the MAC an HMAC-SHA-256 of it with the
 * server's preview secret (serverSecret.ts). Nothing is stored: whoever holds the link
 * sees that row's pending draft on that site until it expires, and nothing else.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';
import { serverSecret } from './serverSecret.js';

export interface PreviewGrant {
  site: number;
  model: string;
  id: number;
  /** When it expires, ms since the epoch. */
  expires: number;
}

const SECRET = 'preview';
const mac = (secret: Buffer, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

export async function signPreview(db: Kysely<DatabaseSchema>, grant: PreviewGrant): Promise<string> {
  const payload = Buffer.from(JSON.stringify([grant.site, grant.model, grant.id, grant.expires])).toString('base64url');
  return `${payload}.${mac(await serverSecret(db, SECRET), payload)}`;
}

const isId = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;

/** The grant a token carries when its MAC is right and it has not expired at `now`; undefined otherwise. */
export async function verifyPreview(db: Kysely<DatabaseSchema>, token: string, now: number): Promise<PreviewGrant | undefined> {
  const [payload, given, ...rest] = token.split('.');
  if (!payload || !given || rest.length) return undefined;
  const expected = Buffer.from(mac(await serverSecret(db, SECRET), payload));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) return undefined;
  const [site, model, id, expires] = parsed as unknown[];
  if (!isId(site) || typeof model !== 'string' || !isId(id) || !Number.isSafeInteger(expires)) return undefined;
  if ((expires as number) <= now) return undefined;
  return { site, model, id, expires: expires as number };
}
