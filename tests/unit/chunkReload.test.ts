import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, isChunkLoadError, loadChunk, shouldReload } from '../../src/app/chunkReload';

class MemoryStorage {
  private data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
}

describe('chunk-load errors (spec §8: reload at most once per 60 s)', () => {
  it("recognises the browsers' chunk-load failures and nothing else", () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /backoffice/assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('allows a reload when none happened in the last 60 s', () => {
    expect(shouldReload(null, 1_000)).toBe(true);
    expect(shouldReload(1_000, 1_000 + CHUNK_RELOAD_GUARD_MS - 1)).toBe(false);
    expect(shouldReload(1_000, 1_000 + CHUNK_RELOAD_GUARD_MS)).toBe(true);
  });

  it('reloads once, then lets the second failure reach the error screen', async () => {
    const storage = new MemoryStorage() as unknown as Storage;
    let reloads = 0;
    const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    const first = loadChunk(failing, storage, () => void reloads++);
    await Promise.resolve();
    await Promise.resolve();
    expect(reloads).toBe(1);
    void first;
    await expect(loadChunk(failing, storage, () => void reloads++)).rejects.toThrow('dynamically imported');
    expect(reloads).toBe(1);
  });

  it('passes other errors straight through and successful loads untouched', async () => {
    const storage = new MemoryStorage() as unknown as Storage;
    await expect(
      loadChunk(
        () => Promise.reject(new Error('boom')),
        storage,
        () => {},
      ),
    ).rejects.toThrow('boom');
    await expect(
      loadChunk(
        () => Promise.resolve('ok'),
        storage,
        () => {},
      ),
    ).resolves.toBe('ok');
  });
});
