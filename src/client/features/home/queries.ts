import { HOME_PAGE_SIZE } from '../../../shared/constants.ts';
import type { TSearchInput } from '../../../shared/schemas/property.ts';
import { trpc } from '../../lib/trpc.ts';

/** The home grid: pages of 12 from `properties.search`, each page's `nextCursor` fetching the next. */
export function homeGridQuery(input: Omit<TSearchInput, 'cursor' | 'limit'>) {
  return trpc.properties.search.infiniteQueryOptions(
    { ...input, limit: HOME_PAGE_SIZE },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );
}

/** Categories are cached for 10 minutes on the home page (guest-side §7). */
export function categoriesQuery() {
  return trpc.categories.list.queryOptions(undefined, { staleTime: 10 * 60_000 });
}
