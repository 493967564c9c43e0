/** docs/spec.md §8: a failed chunk load reloads the page, at most once per 60 s. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;
const KEY = 'chunk-reload-at';

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Loading chunk|Failed to fetch/i.test(message);
}

export function shouldReload(lastReloadAt: number | null, now: number) {
  return lastReloadAt === null || now - lastReloadAt >= CHUNK_RELOAD_GUARD_MS;
}

/** Loads a chunk; when it fails for a new deployment, reloads once instead of showing an error. */
export async function loadChunk<T>(load: () => Promise<T>, storage: Storage, reload: () => void): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const last = Number(storage.getItem(KEY)) || null;
    if (isChunkLoadError(error) && shouldReload(last, Date.now())) {
      storage.setItem(KEY, String(Date.now()));
      reload();
      return new Promise<T>(() => {});
    }
    throw error;
  }
}
