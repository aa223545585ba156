import { Skeleton } from '@mantine/core';
import { Suspense } from 'react';
import type { TPropertyCard } from '#shared/schemas/property.ts';
import type { TListingSearch } from '../../lib/search-state.ts';
import { lazyRetry } from '../../lib/lazy-retry.tsx';

// Leaflet and the map's code load only when the guest switches to the map.
const ResultsMap = lazyRetry(() => import('./results-map.tsx'));

const HEIGHT = 420;

interface TProps {
  items: TPropertyCard[];
  bounds: string | undefined;
  onBoundsChange: (bounds: string | undefined) => void;
  stay: TListingSearch;
}

/** The results map, with a placeholder of its size while its code loads. */
export function LazyResultsMap(props: TProps) {
  return (
    <Suspense fallback={<Skeleton height={HEIGHT + 32} radius="md" />}>
      <ResultsMap {...props} height={HEIGHT} />
    </Suspense>
  );
}
