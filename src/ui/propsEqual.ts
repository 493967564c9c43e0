/**
 * Equality for the plain props a connect function returns: functions are taken as equal
 * (they only close over the data beside them and the actor's stable `send`), plain objects
 * and arrays are compared by content a few levels deep, anything else by identity. A
 * component selecting a slice of connect's props re-renders only when that slice changes.
 */
export function propsEqual(a: unknown, b: unknown, depth = 0): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a === 'function' && typeof b === 'function') return true;
  if (depth > 3 || typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => propsEqual(x, b[i], depth + 1));
  }
  if (Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => k in b && propsEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], depth + 1));
}
