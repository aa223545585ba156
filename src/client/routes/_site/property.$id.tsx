import { createFileRoute } from '@tanstack/react-router';
import { useRef } from 'react';
import type { TChosenStay } from '../../lib/chosen-stay.ts';
import { BookingCard } from '../../features/booking/booking-card.tsx';
import { parsePropertyId } from '../../features/property/property-id.ts';
import { InvalidPropertyId, PropertyPage } from '../../features/property/property-page.tsx';
import { prefetchListing } from '../../features/property/api/listing.ts';
import { parseListingSearch } from '../../lib/search-state.ts';

export const Route = createFileRoute('/_site/property/$id')({
  // A search carries its place, dates and guests into the listing (docs/decisions.md#booking-card-defaults): `?checkIn=…&checkOut=…&guests=…`.
  validateSearch: parseListingSearch,
  // Started here so the data loads alongside the page's code; the page shows skeletons until it lands.
  loader: prefetchListing,
  component: PropertyRoute,
});

function PropertyRoute() {
  const { id: raw } = Route.useParams();
  const search = Route.useSearch();
  const id = parsePropertyId(raw);
  // The card's current stay, read when Contact host opens: a ref, so choosing dates re-renders nothing else.
  const chosen = useRef<TChosenStay | null>(null);
  if (id === undefined) return <InvalidPropertyId />;
  return (
    <PropertyPage
      key={id}
      id={id}
      chosenStay={() => chosen.current}
      renderBookingCard={(p) => (
        <BookingCard
          key={p.id}
          property={p}
          initial={search}
          onStayChange={(stay) => {
            chosen.current = stay;
          }}
        />
      )}
    />
  );
}
