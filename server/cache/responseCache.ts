/**
 * Serialised GET answers of one process, each stored with the data version it was made
 * at (dataVersions.ts): an entry is served only while its site's version is unchanged,
 * so a write anywhere outdates it at once. Least recently used entries go first once
 * the bodies exceed the byte budget. A body is JSON text, or bytes with what they are sent
 * with (a file's, media/serve.ts; a delivery answer's, public/replay.ts); each key's owner
 * stores one kind under it.
 */
export interface Kept {
  bytes: Buffer;
}

export interface KeptFile extends Kept {
  headers: Record<string, string | number>;
  /** Headers of the whole answer only, not of a 304. */
  content: Record<string, string | number>;
  /** The site whose data version it is kept under (its key does not name the site). */
  siteId: number;
}

type Body = string | Kept;

/** What a body takes in memory, at most: a string's UTF-16 units are two bytes each. */
const sizeOf = (body: Body) => (typeof body === 'string' ? body.length * 2 : body.bytes.byteLength + 1024);

export class ResponseCache {
  private readonly entries = new Map<string, { version: string; body: Body }>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  get<T extends Body = string>(key: string, version: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version) {
      this.drop(key, entry.body);
      return undefined;
    }
    this.touch(key, entry);
    return entry.body as T;
  }

  /**
   * The entry under a key that does not name its site, with the version it was kept at:
   * the body names the site whose version the owner then checks (media/serve.ts).
   */
  peek<T extends Body>(key: string): { version: string; body: T } | undefined {
    const entry = this.entries.get(key);
    if (entry) this.touch(key, entry);
    return entry as { version: string; body: T } | undefined;
  }

  // Re-inserted: the Map's order is the recency order.
  private touch(key: string, entry: { version: string; body: Body }) {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }

  set<T extends Body>(key: string, version: string, body: T): void {
    const size = sizeOf(body);
    if (!this.enabled || size > this.maxBytes / 8) return;
    const old = this.entries.get(key);
    if (old) this.drop(key, old.body);
    this.entries.set(key, { version, body });
    this.bytes += size;
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(k, e.body);
    }
  }

  private drop(key: string, body: Body) {
    this.entries.delete(key);
    this.bytes -= sizeOf(body);
  }
}
