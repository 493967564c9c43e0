/**
 * Writes a screen's query (no `?`) into the address bar: a new history entry, so Back
 * undoes the change, unless `replace`, or unless only the `quiet` parameters changed
 * (those replace the entry: typing a search must not fill the history).
 */
export function writeUrlQuery(search: string, { replace = false, quiet = [] }: { replace?: boolean; quiet?: readonly string[] } = {}) {
  const want = search ? `?${search}` : '';
  if (window.location.search === want) return;
  const before = new URLSearchParams(window.location.search);
  const after = new URLSearchParams(search);
  for (const key of quiet) {
    before.delete(key);
    after.delete(key);
  }
  const next = window.location.pathname + want;
  if (replace || before.toString() === after.toString()) window.history.replaceState(window.history.state, '', next);
  else window.history.pushState(window.history.state, '', next);
}
