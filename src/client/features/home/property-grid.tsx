import { Button, Center, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconHomeSearch } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { HOME_PAGE_SIZE } from '../../../shared/constants.ts';
import {
  emptyResultsMessage,
  listingSearch,
  searchInputFor,
  type THomeSearch,
} from '../../lib/search-state.ts';
import { PropertyCard, PropertyCardSkeleton } from './property-card.tsx';
import { homeGridQuery } from './queries.ts';

/** Cards in the first row load eagerly; the rest wait until they come near the viewport. */
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

/** The home grid: 12 at a time from the server, 'Show more properties' for the next 12 (DECISIONS 12). */
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
      <SimpleGrid cols={GRID_COLS} spacing="lg" verticalSpacing="xl" data-testid="property-grid">
        {items.map((p, i) => (
          <PropertyCard key={p.id} property={p} eager={i < EAGER_CARDS} stay={stay} />
        ))}
      </SimpleGrid>
      {query.hasNextPage && (
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
