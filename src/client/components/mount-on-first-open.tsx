import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders nothing until `opened` is first true, then keeps its (usually lazy) children mounted, so a
 * dialog's code stays out of the first page load yet keeps its open/close transitions once loaded.
 */
export function MountOnFirstOpen({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [used, setUsed] = useState(opened);
  // Set during render (React's "storing information from previous renders"): no extra empty commit.
  if (opened && !used) setUsed(true);
  if (!used) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
