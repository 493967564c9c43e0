/**
 * A site's data version (dataVersions.ts), which every cached answer and kept plan is checked
 * against: the guard's (services/sessions.ts), the delivery API's (public/cache.ts,
 * public/replay.ts) and the media files kept in memory (services/media/serve.ts). On
 * PostgreSQL it is known from the change feed, which tells each site's new version
 * (docs/decisions.md §66); elsewhere it is read once an event-loop turn.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { dataVersionOf, dataVersionThisTurn } from './dataVersions.js';

/** A version is a counter: of two, the later is the greater (undefined, no row yet, the least). */
const later = (a: string | undefined, b: string | undefined) => (a === undefined ? b : b === undefined || Number(a) >= Number(b) ? a : b);

/**
 * The sites' versions this process knows, while the change feed is trusted. A site's version
 * is known once read from the database, and then follows the feed. It is forgotten when this
 * process writes the site (its own notification may still be on its way) and whenever the
 * feed tells of a change it cannot place; the next request reads it again. What the feed
 * told is kept beside it, so a read that crossed a notification keeps the later version.
 */
export class SiteVersions {
  private readonly known = new Map<number, string | undefined>();
  /** The latest version the feed told of each site since the last forget(). */
  private readonly told = new Map<number, string>();
  private current = 0;

  constructor(
    private readonly feed: { readonly trusted: boolean },
    private readonly maxSites = 100_000,
  ) {}

  /** The site's version, from memory or read (and then kept). */
  async read(db: Kysely<any>, tenantId: number): Promise<string | undefined> {
    const kept = this.get(tenantId);
    if (kept) return kept.version;
    const generation = this.generation;
    const version = await dataVersionOf(db, tenantId);
    this.offer(tenantId, generation, version);
    return version;
  }

  /** The version known for the site (`version` undefined: it has none yet), or undefined when it must be read. */
  get(tenantId: number): { version: string | undefined } | undefined {
    return this.feed.trusted && this.known.has(tenantId) ? { version: this.known.get(tenantId) } : undefined;
  }

  /** Taken before a read of a version that is to be kept. */
  get generation() {
    return this.current;
  }

  /** A version read from the database, kept unless this process wrote or forgot since `generation` was taken. */
  offer(tenantId: number, generation: number, version: string | undefined) {
    if (generation !== this.current || !this.feed.trusted) return;
    if (this.known.size >= this.maxSites) this.known.clear();
    this.known.set(tenantId, later(version, this.told.get(tenantId)));
  }

  /** The feed told of a site's new version. */
  heard(tenantId: number, version: string) {
    if (this.told.size >= this.maxSites) this.forget();
    this.told.set(tenantId, later(this.told.get(tenantId), version)!);
    if (this.known.has(tenantId)) this.known.set(tenantId, later(this.known.get(tenantId), version));
  }

  /** This process wrote the site: read its version again. */
  wrote(tenantId: number) {
    this.current++;
    this.known.delete(tenantId);
  }

  /** Something changed that nobody can place (a version row deleted, the feed cut): every version is read again. */
  forget() {
    this.current++;
    this.known.clear();
    this.told.clear();
  }
}

export function siteVersion(app: FastifyInstance, tenantId: number): Promise<string | undefined> {
  return app.siteVersions ? app.siteVersions.read(app.db, tenantId) : dataVersionThisTurn(app.db, tenantId);
}
