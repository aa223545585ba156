import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The server puts the first screen's data into the page (docs/decisions.md#first-response): [tRPC query key, data] pairs.
 * Seeding the cache with them before the first render spares the round trip before the first paint.
 */
export function hydrateFirstScreen(queryClient: QueryClient): void {
  const el = document.getElementById('__stayhub_data');
  if (!el?.textContent) return;
  try {
    const entries = JSON.parse(el.textContent) as [QueryKey, unknown][];
    for (const [key, data] of entries) queryClient.setQueryData(key, data);
  } catch {
    // A broken payload only costs the round trip it meant to save.
  }
  el.remove();
}
