import { Anchor, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconMapPin } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { MAP_HEIGHT_PX } from '../../../shared/constants.ts';
import { mapsLink } from '../../../shared/external.ts';
import type { TProperty } from '../../../shared/schemas/property.ts';
import { propertyMapCenter } from './map-center.ts';

const PropertyMapView = lazy(() => import('./property-map-view.tsx'));

/** 'Where you'll be' (guest-side §2): 400 px, zoom 13, and a link to a maps service. */
export function PropertyMap({ property }: { property: TProperty }) {
  const center = propertyMapCenter(property);
  return (
    <Stack gap="sm" data-testid="property-map">
      <Title order={3} fz="lg">
        Where you&apos;ll be
      </Title>
      <Group gap={6} wrap="nowrap">
        <IconMapPin size={16} aria-hidden />
        <Text size="sm">{property.location}</Text>
      </Group>
      <Suspense fallback={<Skeleton h={MAP_HEIGHT_PX} radius="lg" />}>
        <PropertyMapView center={center} label={property.title} />
      </Suspense>
      <Anchor
        href={mapsLink(property.latitude, property.longitude, property.location)}
        target="_blank"
        rel="noopener noreferrer"
        size="sm"
        w="fit-content"
      >
        <Group gap={4} wrap="nowrap">
          Show on a maps service
          <IconExternalLink size={14} aria-hidden />
        </Group>
      </Anchor>
    </Stack>
  );
}
