import { Container, Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { parseCheckoutSearch, type TCheckoutSearch } from '#shared/checkout-search.ts';
import { CheckoutPage } from '../../features/booking/checkout-page.tsx';
import { InvalidPropertyId, PropertyNotFound } from '../../features/property/property-page.tsx';
import { propertyQuery } from '../../features/property/api/listing.ts';

/**
 * The checkout route's screen (the router ignores files starting with '-'): the home, then its checkout.
 * Loaded by the route behind a lazy import of its own, so the first screen's import map names this one
 * chunk rather than the page's whole tree (the home page's JavaScript is on a budget).
 */
export function CheckoutScreen({
  id,
  search,
  onSearch,
}: {
  /** Undefined for a path that is no property id. */
  id: number | undefined;
  search: TCheckoutSearch;
  onSearch: (next: TCheckoutSearch) => void;
}) {
  const query = useQuery({ ...propertyQuery(id ?? 0), enabled: id !== undefined });
  if (id === undefined) return <InvalidPropertyId />;
  if (query.isPending) return <CheckoutSkeleton />;
  if (query.isError) return <PropertyNotFound />;
  // The URL as typed by anyone: only what the booking accepts is kept (docs/checkout.md).
  return (
    <CheckoutPage key={id} property={query.data} search={parseCheckoutSearch(search)} onSearch={onSearch} />
  );
}

export function CheckoutSkeleton() {
  return (
    <Container size="lg" py="lg" data-testid="checkout-skeleton">
      <Skeleton h={36} w="50%" mb="lg" />
      <Skeleton h={420} radius="lg" />
    </Container>
  );
}
