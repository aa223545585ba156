import { Anchor, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconMapPin } from '@tabler/icons-react';
import { Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { MAP_HEIGHT_PX } from '#shared/constants.ts';
import { mapsLink } from '#shared/external.ts';
import type { TProperty } from '#shared/schemas/property.ts';
import { propertyMapCenter } from './map-center.ts';
import { lazyRetry } from '../../lib/lazy-retry.tsx';

const PropertyMapView = lazyRetry(() => import('../../components/home-map-view.tsx'));

/**
 * True once the element comes within a screen of the viewport. The map's code (Leaflet, ~45 KiB gzipped)
 * then loads; on a phone's first screen it would otherwise share the slow link with the page's own code
 * and its cover photo.
 */
function useNearViewport(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}

/** 'Where you'll be' (docs/product.md#guest-pages): 400 px, zoom 13, and a link to a maps service. */
export function PropertyMap({ property }: { property: TProperty }) {
  const center = propertyMapCenter(property);
  const slot = useRef<HTMLDivElement>(null);
  const near = useNearViewport(slot);
  // Still until the map loads: a pulse below the fold would redraw the page for nothing.
  const placeholder = <Skeleton h={MAP_HEIGHT_PX} radius="lg" animate={near} />;
  return (
    <Stack gap="sm" data-testid="property-map" ref={slot}>
      <Title order={3} fz="lg">
        Where you&apos;ll be
      </Title>
      <Group gap={6} wrap="nowrap">
        <IconMapPin size={16} aria-hidden />
        <Text size="sm">{property.location}</Text>
      </Group>
      {near ? (
        <Suspense fallback={placeholder}>
          <PropertyMapView center={center} label={property.title} location={property.location} />
        </Suspense>
      ) : (
        placeholder
      )}
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
