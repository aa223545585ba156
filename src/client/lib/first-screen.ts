import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** The server's query data for the page: [tRPC query key, data] pairs, keyed as the client's queries are. */
export type TPageData = [QueryKey, unknown][];

/** Puts the page's data into the cache, so the first render draws it without a round trip. */
export function seedQueries(queryClient: QueryClient, entries: TPageData): void {
  for (const [key, data] of entries) queryClient.setQueryData(key, data);
}

/**
 * The server puts the first screen's data into the page (docs/decisions.md#first-response). Seeding the
 * cache with them before the first render spares the round trip before the first paint.
 */
export function hydrateFirstScreen(queryClient: QueryClient): void {
  const el = document.getElementById('__stayhub_data');
  if (!el?.textContent) return;
  try {
    seedQueries(queryClient, JSON.parse(el.textContent) as TPageData);
  } catch {
    // A broken payload only costs the round trip it meant to save.
  }
  el.remove();
}
