/**
 * Site API keys (issue 15): a website served elsewhere reads its dealer site's delivery API
 * with `Authorization: Bearer <key>`. A key is 32 random bytes, shown once when made; only
 * its SHA-256 is stored. A slow password hash would add nothing: it protects guessable
 * secrets, and a 256-bit random key cannot be guessed from its hash, while this lookup runs
 * on every delivery request that carries a key.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { SiteKey } from '../../entities/siteKey.js';
import type { Kysely } from 'kysely';
import type { Actor } from '../activity/actor.js';
import { logActivity } from '../activity/log.js';
import type { AccessCache } from '../cache/accessCache.js';
import type { DatabaseSchema } from '../db/schema.js';
import { nowIso } from './clock.js';
import { type Principal, userMarketOf } from './principal.js';
import { hashToken } from './tokens.js';

/** Says what the secret is wherever it is pasted (and lets secret scanners find it). */
const KEY_MARK = 'dbk_';
const KEY = /^dbk_[A-Za-z0-9_-]{43}$/;
/** How much of a key is kept in clear to tell keys apart: the mark and 8 of its 43 random characters. */
const PREFIX_LENGTH = KEY_MARK.length + 8;
/** A key's last use is written at most this often: a read-only API should not write on every request. */
export const LAST_USED_EVERY_MS = 60_000;
/** Keys a site may hold, revoked ones included: the list is shown whole. */
export const MAX_KEYS_PER_SITE = 50;

/** What a request bearing a key remembers of it, where keys are remembered (PostgreSQL). */
export interface KeyHit {
  siteId: number;
  /** When this process last wrote the key's last use (ms). */
  touched: number;
  keyId: number;
}

/**
 * The dealer site `tenantId` when `user` may manage its keys: market administrators only
 * within their market (as the engine bounds the sites they reach), nobody on the master site.
 */
export async function manageableSite(db: Kysely<DatabaseSchema>, tenantId: number, user: Principal): Promise<number | undefined> {
  let q = db.selectFrom('tenants').select('id').where('id', '=', tenantId).where('kind', '=', 'dealer');
  const market = userMarketOf(user);
  // An MA without a market reaches no site: no market has id -1.
  if (market !== undefined) q = q.where('market_id', '=', market ?? -1);
  return (await q.executeTakeFirst())?.id;
}

export async function listSiteKeys(db: Kysely<DatabaseSchema>, tenantId: number): Promise<SiteKey[]> {
  const rows = await db
    .selectFrom('site_api_keys as k')
    .leftJoin('users as u', 'u.id', 'k.created_by')
    .select(['k.id', 'k.name', 'k.prefix', 'k.created_at', 'u.username as created_by', 'k.last_used_at', 'k.revoked_at'])
    .where('k.tenant_id', '=', tenantId)
    .orderBy('k.id', 'desc')
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), created_by: r.created_by ?? null }));
}

/** Makes a key for the site: the key itself is in this answer and nowhere else, ever. */
export async function makeSiteKey(
  db: Kysely<DatabaseSchema>,
  tenantId: number,
  name: string,
  user: Principal,
  actor: Actor,
): Promise<{ key: SiteKey & { key: string } } | { full: true }> {
  const key = KEY_MARK + randomBytes(32).toString('base64url');
  return db.transaction().execute(async (trx) => {
    const held = await trx
      .selectFrom('site_api_keys')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow();
    if (Number(held.n) >= MAX_KEYS_PER_SITE) return { full: true as const };
    const row = {
      tenant_id: tenantId,
      name,
      prefix: key.slice(0, PREFIX_LENGTH),
      key_hash: hashToken(key),
      created_at: nowIso(),
      created_by: user.id,
      last_used_at: null,
      revoked_at: null,
    };
    const { id } = await trx.insertInto('site_api_keys').values(row).returning('id').executeTakeFirstOrThrow();
    const site = await trx.selectFrom('tenants').select('market_id').where('id', '=', tenantId).executeTakeFirst();
    await logActivity(trx, actor, { tenantId, marketId: site?.market_id ?? null, action: 'create', model: 'siteKey', objectId: Number(id), changes: { name } });
    const made: SiteKey = {
      id: Number(id),
      name,
      prefix: row.prefix,
      created_at: row.created_at,
      created_by: user.username,
      last_used_at: null,
      revoked_at: null,
    };
    return { key: { ...made, key } };
  });
}

/**
 * Revokes a key of a site `user` may manage; a key revoked already stays as it was. Answers
 * whether there was such a key (another market's, or none: false).
 */
export async function revokeSiteKey(db: Kysely<DatabaseSchema>, keyId: number, user: Principal): Promise<boolean> {
  const found = await db.selectFrom('site_api_keys').select(['tenant_id', 'revoked_at']).where('id', '=', keyId).executeTakeFirst();
  if (!found || (await manageableSite(db, found.tenant_id, user)) === undefined) return false;
  if (found.revoked_at === null) {
    await db.updateTable('site_api_keys').set({ revoked_at: nowIso() }).where('id', '=', keyId).where('revoked_at', 'is', null).execute();
  }
  return true;
}

/** The key an `Authorization` header bears (`Bearer <key>`), if it bears one. */
export function bearerKey(authorization: string | undefined): string | undefined {
  const m = authorization === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return m?.[1];
}

/** A valid key's site, and the key's own id (what a per-key limit counts on, never the key itself). */
export interface ValidKey {
  siteId: number;
  keyId: number;
}

/**
 * The active dealer site whose valid, unrevoked key this is, with the key's id; undefined otherwise.
 * `cache` (PostgreSQL, while its change feed is trusted) remembers only keys found valid,
 * and is forgotten whole by the feed at any revocation, on every instance: a revoked key is
 * refused at once everywhere. A refused key is never remembered, so a key is never refused
 * longer than it is invalid.
 */
export async function validKey(db: Kysely<DatabaseSchema>, key: string, cache?: AccessCache<KeyHit>): Promise<ValidKey | undefined> {
  if (!KEY.test(key)) return undefined;
  const hash = hashToken(key);
  const now = Date.now();
  const remembered = cache?.get(hash);
  if (remembered) {
    if (now - remembered.touched >= LAST_USED_EVERY_MS) {
      remembered.touched = now;
      await touch(db, remembered.keyId, now);
    }
    return { siteId: remembered.siteId, keyId: remembered.keyId };
  }
  const generation = cache?.generation ?? 0;
  const row = await db
    .selectFrom('site_api_keys as k')
    .innerJoin('tenants as t', 't.id', 'k.tenant_id')
    .select(['k.id', 'k.tenant_id', 'k.key_hash', 'k.last_used_at'])
    .where('k.key_hash', '=', hash)
    .where('k.revoked_at', 'is', null)
    .where('t.kind', '=', 'dealer')
    .where('t.is_active', '=', 1)
    .executeTakeFirst();
  // The index found the row by equality; the comparison that decides is made in constant time.
  if (!row || !timingSafeEqual(Buffer.from(row.key_hash, 'hex'), Buffer.from(hash, 'hex'))) return undefined;
  const lastUsed = row.last_used_at === null ? 0 : Date.parse(row.last_used_at);
  let touched = lastUsed;
  if (now - lastUsed >= LAST_USED_EVERY_MS) {
    touched = now;
    await touch(db, row.id, now);
  }
  cache?.set(hash, generation, { siteId: row.tenant_id, keyId: row.id, touched }, now + LAST_USED_EVERY_MS);
  return { siteId: row.tenant_id, keyId: row.id };
}

/** The site of a valid key (validKey), or undefined. */
export const siteIdForKey = async (db: Kysely<DatabaseSchema>, key: string, cache?: AccessCache<KeyHit>): Promise<number | undefined> =>
  (await validKey(db, key, cache))?.siteId;

/** Writes a key's last use, unless another request (or instance) has done so within the minute. */
async function touch(db: Kysely<DatabaseSchema>, keyId: number, now: number) {
  const since = new Date(now - LAST_USED_EVERY_MS).toISOString();
  await db
    .updateTable('site_api_keys')
    .set({ last_used_at: new Date(now).toISOString() })
    .where('id', '=', keyId)
    .where((e) => e.or([e('last_used_at', 'is', null), e('last_used_at', '<', since)]))
    .execute();
}
