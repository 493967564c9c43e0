/** N items of T, as a tuple: what a test destructures has no `undefined` in it. */
export type Tuple<T, N extends number, R extends T[] = []> = R['length'] extends N ? R : Tuple<T, N, [...R, T]>;

/**
 * The list, which must hold exactly `n` items, typed as a tuple of them: a test with fewer
 * fails here, naming the lengths, instead of later on an undefined item.
 */
export function exactly<T, N extends number>(list: readonly T[], n: N): Tuple<T, N> {
  if (list.length !== n) throw new Error(`expected ${n} items, got ${list.length}`);
  return list as unknown as Tuple<T, N>;
}
