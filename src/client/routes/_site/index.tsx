import { Container, Stack } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { AppliedFilters } from '../../features/home/applied-filters.tsx';
import { CategoryStrip } from '../../features/home/category-strip.tsx';
import { PropertyGrid } from '../../features/home/property-grid.tsx';
import { categoriesQuery, homeGridQuery } from '../../features/home/api.ts';
import { LazyResultsMap } from '../../features/search/lazy-results-map.tsx';
import { ResultsToolbar } from '../../features/search/results-toolbar.tsx';
import {
  listingSearch,
  parseHomeSearch,
  searchInputFor,
  useSearchState,
  type THomeSearch,
} from '../../lib/search-state.ts';

export const Route = createFileRoute('/_site/')({
  // The search lives in the URL (docs/decisions.md#search-in-url); anything invalid in it is dropped, not an error page.
  validateSearch: parseHomeSearch,
  loaderDeps: ({ search }) => searchInputFor(search),
  loader: ({ context, deps }) => {
    // Started here so the data loads alongside the page's code; the page shows skeletons until it lands.
    void context.queryClient.prefetchInfiniteQuery(homeGridQuery(deps));
    void context.queryClient.prefetchQuery(categoriesQuery());
  },
  component: HomePage,
});

/** The map view: the loaded pages' homes as markers; 'Show more' under the grid adds more. */
function MapView({ search, onChange }: { search: THomeSearch; onChange: (next: THomeSearch) => void }) {
  const query = useInfiniteQuery(homeGridQuery(searchInputFor(search)));
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <LazyResultsMap
      items={items}
      bounds={search.bounds}
      stay={listingSearch(search)}
      onBoundsChange={(bounds) => {
        const { bounds: _old, ...rest } = search;
        onChange(bounds ? { ...rest, bounds } : rest);
      }}
    />
  );
}

function HomePage() {
  const { search, clear, reset, toggleCategory, refine } = useSearchState();
  const { data: categories } = useQuery(categoriesQuery());
  const categoryName = categories?.find((c) => c.name.toLowerCase() === search.category)?.name;
  return (
    <Container size="xl" pb="xl">
      <Stack gap="md">
        <CategoryStrip selected={search.category ?? null} onToggle={toggleCategory} />
        <AppliedFilters search={search} onClear={clear} onReset={reset} />
        <ResultsToolbar search={search} onChange={refine} />
        {search.view === 'map' && <MapView search={search} onChange={refine} />}
        <PropertyGrid search={search} categoryName={categoryName} />
      </Stack>
    </Container>
  );
}
