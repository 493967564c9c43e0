import type { Readable } from 'node:stream';
import type { ByteRange, MediaStorage, PutOptions, StoredObject } from './index.js';

/**
 * The new store in front of the old one while `npm run media:migrate` copies files across
 * (docs/decisions.md §22): every write goes to the new store, a read the new store cannot
 * answer is answered by the old one, a delete removes the object from both.
 */
export class FallbackStorage implements MediaStorage {
  constructor(
    readonly primary: MediaStorage,
    readonly fallback: MediaStorage,
  ) {}

  put(key: string, body: Readable, opts?: PutOptions) {
    return this.primary.put(key, body, opts);
  }

  putFile(key: string, localPath: string, opts?: PutOptions) {
    return this.primary.putFile(key, localPath, opts);
  }

  async get(key: string, range?: ByteRange): Promise<Readable | undefined> {
    return (await this.primary.get(key, range)) ?? this.fallback.get(key, range);
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    return (await this.primary.stat(key)) ?? this.fallback.stat(key);
  }

  async exists(key: string): Promise<boolean> {
    return (await this.primary.exists(key)) || this.fallback.exists(key);
  }

  async delete(key: string): Promise<void> {
    await Promise.all([this.primary.delete(key), this.fallback.delete(key)]);
  }

  async *list(): AsyncIterable<{ key: string; modified: Date }> {
    yield* this.primary.list();
    yield* this.fallback.list();
  }

  async removeUnfinished(before: Date): Promise<number> {
    return (await this.primary.removeUnfinished(before)) + (await this.fallback.removeUnfinished(before));
  }

  /** Only the new store's objects: the old one may not have been behind the CDN. */
  publicUrl(): undefined {
    return undefined;
  }

  async close(): Promise<void> {
    await Promise.all([this.primary.close(), this.fallback.close()]);
  }
}
