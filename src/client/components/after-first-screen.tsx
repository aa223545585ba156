import { startTransition, useEffect, useState, type ReactNode } from 'react';

// A page opened afresh (a link from elsewhere, a typed address): not a reload or Back, whose scroll
// position the router restores in the first commit and which needs the whole page there to land on.
const openedAfresh =
  typeof performance !== 'undefined' &&
  (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type ===
    'navigate';
let firstPageDrawn = false;

/** Called by the app's first commit (main.tsx): from then on, pages draw whole. */
export function firstPageCommitted(): void {
  firstPageDrawn = true;
}

/**
 * What is below the first screen, drawn in a commit of its own right after the page's first one, on
 * the app's first page only (docs/decisions.md#first-response). The first commit replaces the server's
 * first screen, and the browser works out the style and layout of everything it adds in one task: split
 * in two, neither holds a phone's main thread as long. Pages opened inside the app draw at once.
 */
export function AfterFirstScreen({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(() => firstPageDrawn || !openedAfresh);
  useEffect(() => {
    if (shown) return;
    // A task later, so the first commit's style and layout run before this render starts.
    const timer = setTimeout(() => startTransition(() => setShown(true)));
    return () => clearTimeout(timer);
  }, [shown]);
  return shown ? children : null;
}
