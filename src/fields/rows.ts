import { useRef } from 'react';

/** Pure list operations of the repeater and the menu tree. */
export function insertAt<T>(list: readonly T[], index: number, item: T): T[] {
  const out = [...list];
  out.splice(Math.max(0, Math.min(index, out.length)), 0, item);
  return out;
}

export const removeAt = <T>(list: readonly T[], index: number): T[] => list.filter((_, i) => i !== index);

/** Moves the item at `from` so that it ends up at index `to` of the result. */
export function move<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= list.length) return [...list];
  const out = [...list];
  const moved = out.splice(from, 1);
  out.splice(Math.max(0, Math.min(to, out.length)), 0, ...moved);
  return out;
}

/**
 * Stable React keys for rows that have no id of their own, kept in step with the row
 * operations, so a row's inputs keep their focus and state when rows move or are removed.
 */
export function useRowKeys(length: number) {
  const ref = useRef({ keys: [] as string[], next: 0 });
  const s = ref.current;
  while (s.keys.length < length) s.keys.push(`row-${s.next++}`);
  if (s.keys.length > length) s.keys.length = length;
  return {
    keys: s.keys,
    insert: (index: number) => void (s.keys = insertAt(s.keys, index, `row-${s.next++}`)),
    remove: (index: number) => void (s.keys = removeAt(s.keys, index)),
    move: (from: number, to: number) => void (s.keys = move(s.keys, from, to)),
  };
}
