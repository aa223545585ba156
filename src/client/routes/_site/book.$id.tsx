import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Container, Skeleton } from '@mantine/core';
import { parseCheckoutSearch } from '#shared/checkout.ts';
import { CheckoutPage } from '../../features/booking/checkout-page.tsx';
import { parsePropertyId } from '../../features/property/property-id.ts';
import { InvalidPropertyId, PropertyNotFound } from '../../features/property/property-page.tsx';
import { propertyQuery } from '../../features/property/property-query.ts';

/** The checkout (docs/checkout.md): `/book/{id}?checkIn=…&checkOut=…&adults=…&children=…&infants=…&pets=…&pay=…`. */
export const Route = createFileRoute('/_site/book/$id')({
  validateSearch: parseCheckoutSearch,
  loader: ({ context, params }) => {
    const id = parsePropertyId(params.id);
    if (id !== undefined) {
      void context.queryClient.prefetchQuery(propertyQuery(id));
      void context.queryClient.prefetchQuery(context.trpc.bookings.availability.queryOptions({ id }));
      void context.queryClient.prefetchQuery(context.trpc.bookings.stayRules.queryOptions({ id }));
    }
  },
  component: CheckoutRoute,
});

function CheckoutRoute() {
  const { id: raw } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const id = parsePropertyId(raw);
  const query = useQuery({ ...propertyQuery(id ?? 0), enabled: id !== undefined });
  if (id === undefined) return <InvalidPropertyId />;
  if (query.isPending)
    return (
      <Container size="lg" py="lg" data-testid="checkout-skeleton">
        <Skeleton h={36} w="50%" mb="lg" />
        <Skeleton h={420} radius="lg" />
      </Container>
    );
  if (query.isError) return <PropertyNotFound />;
  return (
    <CheckoutPage
      key={id}
      property={query.data}
      search={search}
      onSearch={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
