import {
  Alert,
  Avatar,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconRosetteDiscountCheck, IconStarFilled } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { REVIEWS_FIRST, REVIEWS_STEP } from '#shared/constants.ts';
import { ratingLabel, reviewsLabel } from '#shared/labels.ts';
import { formatMonthYear } from '#shared/dates.ts';
import { thumbnailUrl } from '#shared/media.ts';
import { propertyReviewsQuery } from './api/reviews.ts';
import '../../styles/property-page.css';

const STARS = [1, 2, 3, 4, 5];
const STAR_PATH =
  'M12 17.75l-6.172 3.245l1.179 -6.873l-5 -4.867l6.9 -1l3.086 -6.253l3.086 6.253l6.9 1l-5 4.867l1.179 6.873z';

/**
 * A review's stars as Mantine's read-only Rating draws them, without its radio inputs and its id, which
 * Mantine sets in a layout effect: each review would re-render once more, synchronously, as it mounts.
 */
function ReviewStars({ rating }: { rating: number }) {
  return (
    <Box role="img" aria-label={`${rating} out of 5 stars`} mb={6} className="review-stars">
      {STARS.map((n) => (
        <svg
          key={n}
          viewBox="0 0 24 24"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden
          data-filled={n <= Math.round(rating) || undefined}
        >
          <path d={STAR_PATH} />
        </svg>
      ))}
    </Box>
  );
}

/**
 * 3 reviews first, 5 more per click (docs/product.md#guest-constants). Mount it with `key={propertyId}` so the count
 * returns to 3 when the property changes.
 */
export function PropertyReviews({
  propertyId,
  rating,
  reviewCount,
}: {
  propertyId: number;
  rating: number | null;
  reviewCount: number;
}) {
  const [shown, setShown] = useState(REVIEWS_FIRST);
  const reviews = useQuery(propertyReviewsQuery(propertyId));
  // The reviews draw in a transition, in slices, instead of in the task their answer arrives in: that
  // update is synchronous (the query's store), and a guest's tap may come right behind it.
  const data = useDeferredValue(reviews.data);
  const list = data ?? [];

  return (
    <Stack gap="md" data-testid="reviews">
      <Group gap="xs">
        <IconStarFilled size={20} aria-hidden />
        <Title order={3} fz="lg">
          {ratingLabel(rating)} · {reviewsLabel(reviewCount)}
        </Title>
      </Group>
      {data === undefined && !reviews.isError ? (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {Array.from({ length: REVIEWS_FIRST }, (_, i) => (
            <Skeleton key={i} h={110} radius="md" />
          ))}
        </SimpleGrid>
      ) : reviews.isError ? (
        <Alert color="red" variant="light" title="Failed to load reviews" />
      ) : list.length === 0 ? (
        <Text c="dimmed">No reviews yet for this property</Text>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {list.slice(0, shown).map((r) => (
              <Paper key={r.id} withBorder p="md" radius="md" data-testid="review">
                <Group gap="sm" mb="xs" wrap="nowrap">
                  <Avatar
                    src={r.userImage ? thumbnailUrl(r.userImage) : null}
                    name={r.userName}
                    color="brand"
                    radius="xl"
                  />
                  <div>
                    <Text fw={600} size="sm">
                      {r.userName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatMonthYear(r.date)}
                    </Text>
                  </div>
                  {r.verified && (
                    <Badge
                      ml="auto"
                      color="teal"
                      variant="light"
                      leftSection={<IconRosetteDiscountCheck size={12} aria-hidden />}
                      className="verified-badge"
                      data-testid="verified-stay"
                    >
                      Verified stay
                    </Badge>
                  )}
                </Group>
                <ReviewStars rating={r.rating} />
                <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {r.comment}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
          {shown < list.length && (
            <Button variant="default" w="fit-content" onClick={() => setShown((n) => n + REVIEWS_STEP)}>
              Show more reviews
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}
