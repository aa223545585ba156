import { useNavigate } from '@tanstack/react-router';
import type { MouseEvent } from 'react';

/** A plain left click: modified clicks (new tab, new window, download) are left to the browser. */
export function isPlainClick(e: MouseEvent): boolean {
  return !(e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0);
}

/**
 * Client-side navigation for a real link (middle-click and copy address keep working):
 * `<a href={href} onClick={onHrefClick(href)}>`.
 */
export function useHrefClick() {
  const navigate = useNavigate();
  return (href: string) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(e)) return;
    e.preventDefault();
    void navigate({ href });
  };
}
