import { useEffect, useState } from 'react';

/**
 * Whether the window has scrolled more than `px` down. A 1 px marker at that depth is watched by an
 * IntersectionObserver, so the page neither re-renders on every scroll event nor reads the scroll
 * position in an effect (which forces a layout of the whole page right after React commits).
 */
export function useScrolledPast(px: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const marker = document.createElement('div');
    marker.setAttribute('aria-hidden', 'true');
    marker.style.cssText = `position:absolute;top:${px}px;left:0;width:1px;height:1px;pointer-events:none;opacity:0`;
    document.body.appendChild(marker);
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setPast(!entry.isIntersecting && entry.boundingClientRect.top < 0);
    });
    observer.observe(marker);
    return () => {
      observer.disconnect();
      marker.remove();
    };
  }, [px]);
  return past;
}
