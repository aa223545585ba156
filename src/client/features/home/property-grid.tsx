import { Button, Center, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconHomeSearch } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import { HOME_PAGE_SIZE } from '#shared/constants.ts';
import type { TPropertyCard } from '#shared/schemas/property.ts';
import {
  emptyResultsMessage,
  listingSearch,
  searchInputFor,
  type THomeSearch,
  type TListingSearch,
} from '../../lib/search-state.ts';
import { PropertyCard, PropertyCardSkeleton } from './property-card.tsx';
import { homeGridQuery } from './api.ts';

/**
 * Cards in the first row (four on the widest layout) load eagerly; the rest wait until they come near
 * the viewport. The first render draws only that row: the other cards follow in a background render
 * right after the first paint, so on a slow phone the first photo does not wait for eight more cards.
 */
const EAGER_CARDS = 4;

const GRID_COLS = { base: 1, xs: 2, md: 3, lg: 4 };

function Message({ title, body, icon }: { title: string; body: string; icon: 'empty' | 'error' }) {
  return (
    <Center py={72}>
      <Stack align="center" gap="xs" maw={460} ta="center" data-testid="grid-message">
        <ThemeIcon size={56} radius="xl" variant="light" color={icon === 'error' ? 'red' : 'gray'}>
          {icon === 'error' ? (
            <IconAlertTriangle size={28} aria-hidden />
          ) : (
            <IconHomeSearch size={28} aria-hidden />
          )}
        </ThemeIcon>
        <Title order={2} fz="h3">
          {title}
        </Title>
        <Text c="dimmed">{body}</Text>
      </Stack>
    </Center>
  );
}

function CardGrid({ items, stay }: { items: TPropertyCard[]; stay: TListingSearch }) {
  // Only on mount: later pages ('Show more') and refreshed results draw in full at once.
  const [firstRow, setFirstRow] = useState(true);
  useEffect(() => startTransition(() => setFirstRow(false)), []);
  return (
    <SimpleGrid
      cols={GRID_COLS}
      spacing="lg"
      verticalSpacing="xl"
      data-testid="property-grid"
      aria-busy={firstRow || undefined}
    >
      {/* The server's first screen draws the first card only: on a phone the row's others are below the
          fold, and on a wider screen they join it when the app renders, without moving it. */}
      {(firstRow ? items.slice(0, import.meta.env.SSR ? 1 : EAGER_CARDS) : items).map((p, i) => (
        <PropertyCard key={p.id} property={p} eager={i < EAGER_CARDS} stay={stay} />
      ))}
    </SimpleGrid>
  );
}

/** The home grid: 12 at a time from the server, 'Show more properties' for the next 12 (docs/decisions.md#search-paging). */
export function PropertyGrid({ search, categoryName }: { search: THomeSearch; categoryName?: string }) {
  const query = useInfiniteQuery(homeGridQuery(searchInputFor(search)));

  if (query.isPending) {
    return (
      <SimpleGrid
        cols={GRID_COLS}
        spacing="lg"
        verticalSpacing="xl"
        aria-busy="true"
        aria-label="Loading properties"
      >
        {Array.from({ length: HOME_PAGE_SIZE }, (_, i) => (
          <PropertyCardSkeleton key={i} />
        ))}
      </SimpleGrid>
    );
  }
  if (query.isError) {
    return (
      <Message
        icon="error"
        title="Failed to load properties"
        body="There was an error loading available properties. Please try again later."
      />
    );
  }
  const items = query.data.pages.flatMap((page) => page.items);
  const stay = listingSearch(search);
  if (items.length === 0) {
    return (
      <Message icon="empty" title="No properties found" body={emptyResultsMessage(search, categoryName)} />
    );
  }
  return (
    <Stack gap="xl">
      <CardGrid items={items} stay={stay} />
      {query.hasNextPage && !import.meta.env.SSR && (
        <Center>
          <Button
            variant="default"
            radius="md"
            size="md"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            Show more properties
          </Button>
        </Center>
      )}
    </Stack>
  );
}
