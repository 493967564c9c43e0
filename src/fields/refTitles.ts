import { useSyncExternalStore } from 'react';

/**
 * Titles of referenced rows (`<entity>:<id>` → title), so a foreign-key or many-to-many
 * widget can name the ids it holds. Filled by the HTTP layer from the `_refs` the API
 * sends with every row and from autocomplete answers; it is a cache, not flow state.
 */
const titles = new Map<string, string>();
const listeners = new Set<() => void>();
let version = 0;

const keyOf = (entity: string, id: number | string) => `${entity}:${id}`;

export function rememberTitles(entity: string, refs: ReadonlyArray<{ id: number | string; title: string }>) {
  let changed = false;
  for (const r of refs) {
    const key = keyOf(entity, r.id);
    if (titles.get(key) !== r.title) {
      titles.set(key, r.title);
      changed = true;
    }
  }
  if (changed) {
    version++;
    for (const l of listeners) l();
  }
}

export const titleOf = (entity: string, id: number | string): string | undefined => titles.get(keyOf(entity, id));

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Re-renders the caller when a title arrives; `#id` until then. */
export function useRefTitle(entity: string, id: number | string | null | undefined): string {
  useSyncExternalStore(subscribe, () => version);
  if (id === null || id === undefined || id === '') return '';
  return titleOf(entity, id) ?? `#${id}`;
}
