import { Box, Button, Container, Divider, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { propertyQuery } from './api/listing.ts';
import { IconMapPin, IconStarFilled } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { AfterFirstScreen } from '../../components/after-first-screen.tsx';
import { ratingLabel, reviewsLabel } from '#shared/labels.ts';
import type { TProperty } from '#shared/schemas/property.ts';
import { CurrencySwitch } from '../../components/layout/currency-switch.tsx';
import { useSiteConfig } from '../../components/layout/use-site-config.ts';
import { PropertyGallery } from './gallery.tsx';
import { HostLine, PropertyDescription, PropertyFacts } from './property-details.tsx';
import { PropertyMap } from './property-map.tsx';
import { PropertyReviews } from './property-reviews.tsx';
import { SaveShare } from './save-share.tsx';
import { ContactHost } from './contact-host.tsx';
import type { TChosenStay } from '../../lib/chosen-stay.ts';
import '../../styles/property-page.css';

/** The spec's property query: always treated as stale (docs/product.md#request-behaviour). */

function Message({ title, text }: { title: string; text: string }) {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="sm" ta="center">
        <Title order={1} fz={28}>
          {title}
        </Title>
        <Text c="dimmed">{text}</Text>
        <Button component={Link} to="/" variant="light" mt="md">
          Back to home
        </Button>
      </Stack>
    </Container>
  );
}

export function InvalidPropertyId() {
  return <Message title="Invalid Property ID" text="The property ID you're trying to view is invalid." />;
}

export function PropertyNotFound() {
  return <Message title="Property Not Found" text="We couldn't find the property you're looking for." />;
}

function PropertySkeleton() {
  return (
    <Container size="xl" py="lg" data-testid="property-skeleton">
      <Skeleton h={34} w="60%" mb="xs" />
      <Skeleton h={18} w="35%" mb="lg" />
      <Skeleton h={420} radius="lg" mb="xl" />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack>
            <Skeleton h={28} w="50%" />
            <Skeleton h={16} />
            <Skeleton h={16} />
            <Skeleton h={16} w="80%" />
            <Skeleton h={120} mt="md" />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Skeleton h={380} radius="lg" />
        </Grid.Col>
      </Grid>
    </Container>
  );
}

interface TPropertyPageProps {
  id: number;
  /** The booking card, supplied by the route so the two features stay independent. */
  renderBookingCard: (property: TProperty) => ReactNode;
  /** The booking card's current stay, which Contact host starts from. */
  chosenStay?: () => TChosenStay | null;
}

export function PropertyPage({ id, renderBookingCard, chosenStay }: TPropertyPageProps) {
  const query = useQuery(propertyQuery(id));
  const { settings, loaded } = useSiteConfig();
  if (query.isPending) return <PropertySkeleton />;
  if (query.isError) return <PropertyNotFound />;
  const p = query.data;

  return (
    <Container size="xl" py="lg" data-testid="property-page">
      <Group justify="space-between" align="flex-end" mb="md" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {p.title}
          </Title>
          <Group gap="md" c="dimmed">
            <Group gap={4} wrap="nowrap">
              <IconStarFilled size={14} aria-hidden />
              <Text size="sm" fw={600} c="var(--mantine-color-text)" data-testid="property-rating">
                {ratingLabel(p.rating)}
              </Text>
              {loaded && settings.enableReviews && <Text size="sm">· {reviewsLabel(p.reviewCount)}</Text>}
            </Group>
            <Group gap={4} wrap="nowrap">
              <IconMapPin size={14} aria-hidden />
              <Text size="sm">{p.location}</Text>
            </Group>
          </Group>
        </Stack>
        {/* On the narrowest phones the currency switch moves under Share and Save rather than off screen. */}
        <Group gap="xs">
          <SaveShare propertyId={p.id} title={p.title} />
          <ContactHost propertyId={p.id} title={p.title} chosenStay={chosenStay} />
          <CurrencySwitch />
        </Group>
      </Group>

      <PropertyGallery title={p.title} images={p.images} videos={p.videos} />

      {/* The server's first screen ends with the gallery: below it on every layout. */}
      {!import.meta.env.SSR && (
        <AfterFirstScreen>
          <ListingBody property={p} renderBookingCard={renderBookingCard} />
        </AfterFirstScreen>
      )}
    </Container>
  );
}

/** The listing below its title and photos: details, reviews, the booking card and the map. */
function ListingBody({
  property: p,
  renderBookingCard,
}: {
  property: TProperty;
  renderBookingCard: (property: TProperty) => ReactNode;
}) {
  const { settings, loaded } = useSiteConfig();
  return (
    <>
      <Grid gap={{ base: 'lg', md: 48 }} mt="xl">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="xl">
            <HostLine property={p} siteName={settings.siteName} />
            <Divider />
            <PropertyDescription description={p.description} />
            <Divider />
            <PropertyFacts property={p} />
            {/* Reviews in the card's column, so the sticky card stays in view down to them. */}
            {loaded && settings.enableReviews && (
              <>
                <Divider />
                <PropertyReviews key={p.id} propertyId={p.id} rating={p.rating} reviewCount={p.reviewCount} />
              </>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Box pos="sticky" top={96}>
            {renderBookingCard(p)}
          </Box>
        </Grid.Col>
      </Grid>

      <Stack gap="xl" mt="xl">
        <Divider />
        <PropertyMap property={p} />
      </Stack>
      {/* Phones: room for the booking bar fixed over the bottom of the screen. */}
      <Box hiddenFrom="md" h={88} />
    </>
  );
}
