import { Suspense, useState, type ReactNode } from 'react';
import { useFocusReturn } from '../lib/focus-return.ts';

/**
 * Renders nothing until `opened` is first true, then keeps its (usually lazy) children mounted, so a
 * dialog's code stays out of the first page load yet keeps its open/close transitions once loaded.
 * Focus goes back to the opening control when the dialog closes (see lib/focus-return.ts).
 */
export function MountOnFirstOpen({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [used, setUsed] = useState(opened);
  // Set during render (React's "storing information from previous renders"): no extra empty commit.
  if (opened && !used) setUsed(true);
  useFocusReturn(opened);
  if (!used) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
