import { Badge, Card, Group, Rating, Stack, Text, Title } from '@mantine/core';
import { IconRosetteDiscountCheck } from '@tabler/icons-react';
import type { TManagedBooking } from '#shared/schemas/manage.ts';
import { StayReviewForm } from './review-form.tsx';
import '../../styles/property-page.css';

/** The guest's published review of the stay, or the form to write one once the stay is over. */
export function StayReview({
  booking,
  review,
  pending,
}: {
  booking: TManagedBooking;
  review: (values: { rating: number; comment: string }) => Promise<unknown>;
  pending: boolean;
}) {
  return (
    <>
      {booking.review && (
        <Card withBorder radius="md" data-testid="my-review">
          <Stack gap={6}>
            <Group gap="xs">
              <Title order={3} fz="md">
                Your review
              </Title>
              <Badge
                color="teal"
                variant="light"
                leftSection={<IconRosetteDiscountCheck size={14} aria-hidden />}
                className="verified-badge"
              >
                Verified stay
              </Badge>
            </Group>
            <Rating
              value={booking.review.rating}
              readOnly
              // A read-only rating is a picture of a number: a plain div may not carry a name.
              role="img"
              aria-label={`${booking.review.rating} out of 5 stars`}
            />
            <Text size="sm">{booking.review.comment}</Text>
          </Stack>
        </Card>
      )}
      {booking.canReview && (
        <Card withBorder radius="md" data-testid="review-stay">
          <Stack gap="sm">
            <Title order={3} fz="md">
              How was your stay?
            </Title>
            <StayReviewForm pending={pending} onSubmit={(v) => void review(v)} />
          </Stack>
        </Card>
      )}
    </>
  );
}
