import { infiniteQueryOptions } from '@tanstack/react-query';
import { HOME_PAGE_SIZE } from '#shared/constants.ts';
import type { TSearchInput } from '#shared/schemas/property.ts';
import { nextSearchPage } from '#shared/search.ts';
import { trpc, trpcClient } from '../../lib/trpc.ts';

type TPagePosition = ReturnType<typeof nextSearchPage>;

/**
 * The home grid: pages of 12 from `properties.search`, each page's position fetching the next. Built on
 * TanStack's options rather than tRPC's `infiniteQueryOptions`, which can only send the page position as
 * `cursor`: the sorts page on `after`. The key is tRPC's own, so the first page dehydrated by the server
 * (pageParams [null]) is the one this query finds.
 */
export function homeGridQuery(input: Omit<TSearchInput, 'cursor' | 'after' | 'limit'>) {
  const first = { ...input, limit: HOME_PAGE_SIZE };
  return infiniteQueryOptions({
    queryKey: trpc.properties.search.infiniteQueryKey(first),
    queryFn: ({ pageParam, signal }) =>
      trpcClient.properties.search.query({ ...first, ...pageParam }, { signal }),
    initialPageParam: null as TPagePosition,
    getNextPageParam: (last) => nextSearchPage(last) ?? undefined,
  });
}

/** Categories are cached for 10 minutes on the home page (docs/product.md#request-behaviour). */
export function categoriesQuery() {
  return trpc.categories.list.queryOptions(undefined, { staleTime: 10 * 60_000 });
}
