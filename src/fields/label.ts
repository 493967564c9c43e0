/**
 * A declaration's label key. A key that is also the parent of other keys (a repeater's
 * `fields.product.specs` over `fields.product.specs.name`) cannot hold a string in the
 * locale files, so its own text sits under `_`: `fields.product.specs._`.
 */
export function labelText(t: (key: string, params?: Record<string, unknown>) => string, key: string): string {
  const text = t(key);
  if (text !== key) return text;
  const own = t(`${key}._`);
  return own === `${key}._` ? key : own;
}
