/**
 * What guarded requests read with their session (services/sessions.ts accessForToken),
 * remembered by this process on PostgreSQL, where each such read is a round trip. It is
 * used only while the change feed is trusted, and forgotten whole whenever anything it
 * could hold changes: on every notification of the feed, and after every write request
 * of this process (context plugin), whose own notification may still be on its way.
 * `generation` keeps a read that was under way across such a change from being kept.
 */
export class AccessCache<T> {
  private readonly entries = new Map<string, { value: T; until: number }>();
  private current = 0;

  constructor(
    private readonly feed: { readonly trusted: boolean },
    private readonly maxEntries = 10_000,
  ) {}

  /** Taken before a read whose result is to be kept. */
  get generation() {
    return this.current;
  }

  get(key: string): T | undefined {
    if (!this.feed.trusted) return undefined;
    const entry = this.entries.get(key);
    return entry && entry.until > Date.now() ? entry.value : undefined;
  }

  /** Keeps `value` until `until` (ms), unless something changed since `generation` was taken. */
  set(key: string, generation: number, value: T, until: number) {
    if (generation !== this.current || !this.feed.trusted) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { value, until });
  }

  forget() {
    this.current++;
    this.entries.clear();
  }
}
