import { ActionIcon, Badge, Box, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconHeart, IconHeartFilled, IconStarFilled } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { nightsLabel, propertyTypeLabel } from '#shared/labels.ts';
import { CARD_IMAGE_SIZES, FALLBACK_IMAGE, cardSrcSet } from '#shared/media.ts';
import type { TPropertyCard } from '#shared/schemas/property.ts';
import { useCurrency } from '../../lib/currency.tsx';
import type { TListingSearch } from '../../lib/search-state.ts';
import { daysBetween } from '#shared/dates.ts';
import { useSavedHomes } from '../../lib/api/saved-homes.tsx';
import classes from './home.module.css';
import { ratingLabel } from '#shared/labels.ts';
import { reviewCountLabel } from './labels.ts';

function Cover({ url, title, eager }: { url: string | undefined; title: string; eager: boolean }) {
  const [failed, setFailed] = useState(false);
  const src = !url || failed ? FALLBACK_IMAGE : url;
  return (
    <img
      className={classes.cover}
      src={src}
      srcSet={src === url ? cardSrcSet(url) : undefined}
      sizes={CARD_IMAGE_SIZES}
      alt={title}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

/**
 * The stay's total as the booking card shows it: in another currency each night and line is converted and
 * then added up (docs/money.md), never the dollar total converted on its own.
 */
function useStayTotal(p: TPropertyCard): string | null {
  const { format, stay, show } = useCurrency();
  if (p.stayPrice) {
    const nights = p.stayPrice.nights.flatMap((run) => Array.from({ length: run.count }, () => run.price));
    return show(stay(nights, 0, p.stayPrice.lines).total);
  }
  return p.stayTotal === undefined ? null : format(p.stayTotal);
}

function CardText({ property: p, nights }: { property: TPropertyCard; nights: number | null }) {
  const { format } = useCurrency();
  const stayTotal = useStayTotal(p);
  return (
    <Stack gap={2} pt={10}>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Text fw={600} size="sm" lineClamp={1} title={p.title} data-testid="card-title">
          {p.title}
        </Text>
        <Group
          gap={4}
          wrap="nowrap"
          style={{ flexShrink: 0 }}
          role="img"
          aria-label={`Rated ${ratingLabel(p.rating)} from ${p.reviewCount} reviews`}
        >
          <IconStarFilled size={12} aria-hidden />
          <Text size="sm" data-testid="card-rating">
            {ratingLabel(p.rating)}
          </Text>
          <Text size="sm" c="dimmed">
            {reviewCountLabel(p.reviewCount)}
          </Text>
        </Group>
      </Group>
      <Text size="sm" c="dimmed" lineClamp={1} data-testid="card-location">
        {p.location}
      </Text>
      <Text size="sm" c="dimmed" data-testid="card-type">
        {propertyTypeLabel(p.propertyType, p.bedrooms)}
      </Text>
      <Text size="sm" mt={4}>
        <Text span fw={700} data-testid="card-price">
          {format(p.price)}
        </Text>{' '}
        night
        {stayTotal !== null && nights !== null && (
          <Text span c="dimmed" data-testid="card-stay-total">
            {' · '}
            {stayTotal} total for {nightsLabel(nights)}
          </Text>
        )}
      </Text>
    </Stack>
  );
}

/**
 * A home-grid card (docs/product.md#guest-pages). The heart saves the home (docs/decisions.md#saved-homes). The link carries the search's
 * place, dates and guests into the listing (docs/decisions.md#booking-card-defaults).
 */
export function PropertyCard({
  property: p,
  eager,
  stay = {},
}: {
  property: TPropertyCard;
  eager: boolean;
  stay?: TListingSearch;
}) {
  const nights = stay.checkIn && stay.checkOut ? daysBetween(stay.checkIn, stay.checkOut) : null;
  const { isSaved, toggle } = useSavedHomes();
  const favourite = isSaved(p.id);
  const Heart = favourite ? IconHeartFilled : IconHeart;
  return (
    // The heart is a sibling of the link, not inside it: a button within a link is not operable on its own.
    <Box className={classes.cardFrame} data-testid="property-card" data-property-id={p.id}>
      <Link to="/property/$id" params={{ id: String(p.id) }} search={stay} className={classes.card}>
        <Box className={classes.coverFrame}>
          <Cover url={p.images[0]} title={p.title} eager={eager} />
          {p.guestFavorite && (
            <Badge className={classes.badge} color="white" c="dark" radius="xl" size="md" tt="none">
              Guest favorite
            </Badge>
          )}
        </Box>
        <CardText property={p} nights={nights} />
      </Link>
      <ActionIcon
        className={classes.heart}
        variant="transparent"
        size={36}
        aria-label={favourite ? 'Remove from favourites' : 'Save to favourites'}
        aria-pressed={favourite}
        data-favourite={favourite || undefined}
        onClick={(e) => {
          e.preventDefault();
          e.stopPropagation();
          void toggle(p.id);
        }}
      >
        <Heart size={24} stroke={2} aria-hidden />
      </ActionIcon>
    </Box>
  );
}

export function PropertyCardSkeleton() {
  return (
    <Box data-testid="property-card-skeleton">
      <Skeleton className={classes.coverFrame} radius="lg" style={{ aspectRatio: '20 / 19' }} />
      <Skeleton height={12} mt={12} width="80%" />
      <Skeleton height={10} mt={8} width="55%" />
      <Skeleton height={10} mt={8} width="35%" />
    </Box>
  );
}
