import { Anchor, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import type { TManagedBooking } from '#shared/schemas/manage.ts';
import { directionsLink } from '#shared/trip.ts';
import { lazyRetry } from '../../lib/lazy-retry.tsx';

/** The property page's map, loaded only when a trip page shows it (Leaflet stays out of the entry chunk). */
const HomeMapView = lazyRetry(() => import('../../components/home-map-view.tsx'));
const TRIP_MAP_HEIGHT_PX = 280;

/** Where the home is (docs/trip-page.md): the address, a map when the home has coordinates, and directions. */
export function TripLocation({ booking }: { booking: TManagedBooking }) {
  const { trip } = booking;
  const { latitude: lat, longitude: lng } = trip;
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="trip-location-title">
      <Stack gap="sm">
        <Title order={2} fz="md" id="trip-location-title">
          Getting there
        </Title>
        <Text size="sm" data-testid="trip-address">
          {trip.address}
        </Text>
        {lat !== null && lng !== null && (
          <Suspense fallback={<Skeleton h={TRIP_MAP_HEIGHT_PX} radius="lg" />}>
            <HomeMapView
              center={{ name: trip.address, lat, lng }}
              label={booking.property.title}
              location={trip.address}
              height={TRIP_MAP_HEIGHT_PX}
            />
          </Suspense>
        )}
        <Anchor
          href={directionsLink(trip.latitude, trip.longitude, trip.address)}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          w="fit-content"
          data-testid="trip-directions"
        >
          Get directions (opens a maps service)
        </Anchor>
      </Stack>
    </Card>
  );
}
