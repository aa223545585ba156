import { Card, Group, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TReview } from '#shared/schemas/review.ts';
import { errorMessage } from '../../lib/trpc.ts';
import { propertyReviewsQueryOptions } from './api.ts';
import { ReviewCard } from './review-card.tsx';

interface TProps {
  propertyId: number | undefined;
  onPropertyChange: (id: number | undefined) => void;
  propertyOptions: { value: string; label: string }[];
  propertiesPending: boolean;
  titles: Map<number, string>;
  onEdit: (review: TReview) => void;
  onDelete: (review: TReview) => void;
}

/** Property Reviews (docs/product.md#admin-reviews): one chosen home's reviews as cards, with the spec's states. */
export function PropertyReviews({ propertyId, onPropertyChange, propertyOptions, ...p }: TProps) {
  const reviews = useQuery({
    ...propertyReviewsQueryOptions(propertyId ?? 0),
    enabled: propertyId !== undefined,
  });
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Title order={2} fz="h3">
            Property Reviews
          </Title>
          <Select
            label="Filter by property"
            placeholder={p.propertiesPending ? 'Loading properties...' : 'Select a property'}
            data={propertyOptions}
            value={propertyId !== undefined ? String(propertyId) : null}
            onChange={(v) => onPropertyChange(v ? Number(v) : undefined)}
            searchable
            clearable
            nothingFoundMessage="No properties found"
            w={{ base: '100%', sm: 360 }}
            data-testid="review-property-filter"
          />
        </Group>
        {propertyId === undefined ? (
          <Text c="dimmed" ta="center" py="xl">
            Select a property to view its reviews
          </Text>
        ) : reviews.isPending ? (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {[0, 1].map((i) => (
              <Skeleton key={i} h={160} />
            ))}
          </SimpleGrid>
        ) : reviews.isError ? (
          <Text c="red" ta="center" py="xl">
            {errorMessage(reviews.error, 'Failed to load reviews')}
          </Text>
        ) : reviews.data.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            No reviews found for this property
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {reviews.data.map((r) => (
              <ReviewCard
                key={r.id}
                review={r}
                propertyTitle={p.titles.get(r.propertyId)}
                onEdit={() => p.onEdit(r)}
                onDelete={() => p.onDelete(r)}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}
