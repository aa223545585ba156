import type { QueryClient } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc.ts';
import { parsePropertyId } from '../property-id.ts';

/**
 * The property read, always treated as stale (docs/product.md#request-behaviour). Kept apart from the page so the route's
 * loader can start it without pulling the page's code into the first load.
 */
export const propertyQuery = (id: number) => trpc.properties.byId.queryOptions({ id }, { staleTime: 0 });

/**
 * A listing's route loader, and the checkout's: the home, its calendar and its stay rules start loading
 * alongside the page's code; the page shows skeletons until they land.
 */
export function prefetchListing({
  context,
  params,
}: {
  context: { queryClient: QueryClient };
  params: { id: string };
}): void {
  const id = parsePropertyId(params.id);
  if (id === undefined) return;
  // Only a home not in the cache yet: one that is (carried in the page, or seen before) is drawn from it,
  // and the page's own read asks again as it mounts; the loader asking too fetched it twice.
  const home = propertyQuery(id);
  if (context.queryClient.getQueryData(home.queryKey) === undefined)
    void context.queryClient.prefetchQuery(home);
  void context.queryClient.prefetchQuery(trpc.bookings.availability.queryOptions({ id }));
  void context.queryClient.prefetchQuery(trpc.bookings.stayRules.queryOptions({ id }));
}
