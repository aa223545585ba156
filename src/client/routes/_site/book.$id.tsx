import { createFileRoute } from '@tanstack/react-router';
import { Suspense } from 'react';
import type { TCheckoutSearch } from '#shared/checkout-search.ts';
import { parsePropertyId } from '../../features/property/property-id.ts';
import { prefetchListing } from '../../features/property/api/listing.ts';
import { lazyRetry } from '../../lib/lazy-retry.tsx';

// A lazy import of its own: the route's entry in the first screen's import map then names one chunk
// rather than the page's whole tree (the home page's JavaScript is on a budget).
const CheckoutScreen = lazyRetry(() =>
  import('./-checkout-screen.tsx').then((m) => ({ default: m.CheckoutScreen })),
);

/** The checkout (docs/checkout.md): `/book/{id}?checkIn=…&checkOut=…&adults=…&children=…&infants=…&pets=…&pay=…`. */
export const Route = createFileRoute('/_site/book/$id')({
  // Typed here, read in the page (parseCheckoutSearch, in its own chunk): the reader would add to the
  // first screen, where every route's search handling loads. The page never uses a value unread.
  validateSearch: (search: Record<string, unknown>) => search as TCheckoutSearch,
  // The page's code is awaited with the data's start: the listing stays on screen until the checkout can
  // draw, instead of a blank page while its chunk loads (Reserve preloads it on intent, too).
  loader: async (match) => {
    prefetchListing(match);
    await CheckoutScreen.preload();
  },
  // The loader names the page's code: in the route's own chunk with the component, so the first screen
  // (every route's entry is in it) carries neither.
  codeSplitGroupings: [['loader', 'component']],
  component: CheckoutRoute,
});

function CheckoutRoute() {
  const { id: raw } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Suspense fallback={null}>
      <CheckoutScreen
        id={parsePropertyId(raw)}
        search={search}
        onSearch={(next) => void navigate({ search: next, replace: true })}
      />
    </Suspense>
  );
}
