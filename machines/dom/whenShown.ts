/** How long an element is waited for (a slow chunk, a list still loading) before giving up. */
const WAIT_MS = 10_000;

/**
 * Calls `then` with what `find` returns once the page shows it (a screen still loading, a
 * tab or a lazy widget about to render), one frame later, so that a dialog that has just
 * closed gives focus back first instead of after. Returns a function that stops waiting.
 */
export function whenShown<T extends Element>(find: () => T | null, then: (found: T) => void, doc: Document = document, waitMs = WAIT_MS): () => void {
  const view = doc.defaultView ?? window;
  let frame = 0;
  const attempt = () => {
    const found = find();
    if (!found) return false;
    frame = view.requestAnimationFrame(() => found.isConnected && then(found));
    return true;
  };
  const observer = new MutationObserver(() => attempt() && observer.disconnect());
  const timer = view.setTimeout(() => observer.disconnect(), waitMs);
  if (!attempt()) observer.observe(doc.body, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
    view.clearTimeout(timer);
    view.cancelAnimationFrame(frame);
  };
}
