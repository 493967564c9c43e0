/**
 * Serialised GET answers of one process, each stored with the data version it was made
 * at (dataVersions.ts): an entry is served only while its site's version is unchanged,
 * so a write anywhere outdates it at once. Least recently used entries go first once
 * the bodies exceed the byte budget.
 */
export class ResponseCache {
  private readonly entries = new Map<string, { version: string; body: string }>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  get(key: string, version: string): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version) {
      this.drop(key, entry.body);
      return undefined;
    }
    // Re-inserted: the Map's order is the recency order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.body;
  }

  set(key: string, version: string, body: string): void {
    // A string's length in UTF-16 units: twice that is what it takes in memory at most.
    const size = body.length * 2;
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

  private drop(key: string, body: string) {
    this.entries.delete(key);
    this.bytes -= body.length * 2;
  }
}
