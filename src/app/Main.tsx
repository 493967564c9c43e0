import type { ReactNode } from 'react';

/** The id of the page's one main landmark: the skip link's target. */
export const MAIN_ID = 'main';

/**
 * The page's main landmark, one per page (screens never render their own): the layout's
 * content, or a page shown without the layout (sign-in, boot errors). Focusable from
 * script only, so the skip link and a route change can move focus into it.
 */
export function Main({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <main id={MAIN_ID} tabIndex={-1} className={`focus-visible:-outline-offset-2 ${className ?? ''}`}>
      {children}
    </main>
  );
}
