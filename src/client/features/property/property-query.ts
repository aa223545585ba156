import { trpc } from '../../lib/trpc.ts';

/**
 * The property read, always treated as stale (docs/product.md#request-behaviour). Kept apart from the page so the route's
 * loader can start it without pulling the page's code into the first load.
 */
export const propertyQuery = (id: number) => trpc.properties.byId.queryOptions({ id }, { staleTime: 0 });
