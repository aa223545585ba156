import { Avatar, Button, Card, Group, Rating, Text } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { thumbnailUrl } from '#shared/media.ts';
import type { TReview } from '#shared/schemas/review.ts';

/** The review's date as the spec shows it, 'now' when it has none (docs/product.md#admin-reviews). */
export function formatReviewDate(value: string | null | undefined): string {
  const d = value ? new Date(value) : new Date();
  return (Number.isNaN(d.getTime()) ? new Date() : d).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
}

/** A review's Edit and Delete buttons, on its card and in its table row alike. */
export function ReviewActions({
  onEdit,
  onDelete,
  mt,
}: {
  onEdit: () => void;
  onDelete: () => void;
  mt?: 'md';
}) {
  return (
    <Group gap="xs" mt={mt} wrap="nowrap">
      <Button size="xs" variant="default" leftSection={<IconEdit size={14} />} onClick={onEdit}>
        Edit
      </Button>
      <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} />} onClick={onDelete}>
        Delete
      </Button>
    </Group>
  );
}

/** Who wrote a review and when: the card's larger block, or a table row's compact one. */
export function Reviewer({ review, compact = false }: { review: TReview; compact?: boolean }) {
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <Avatar
        src={review.userImage ? thumbnailUrl(review.userImage) : null}
        radius="xl"
        size={compact ? 32 : 44}
        alt={review.userName}
      >
        {review.userName.slice(0, 1).toUpperCase()}
      </Avatar>
      <div style={{ minWidth: 0 }}>
        <Text size={compact ? 'sm' : undefined} fw={600} truncate>
          {review.userName}
        </Text>
        <Text size="xs" c="dimmed">
          {formatReviewDate(review.date)}
        </Text>
      </div>
    </Group>
  );
}

/** One review of the per-home view: avatar, name, date, stars, comment, the home, Edit and Delete. */
export function ReviewCard({
  review,
  propertyTitle,
  onEdit,
  onDelete,
}: {
  review: TReview;
  propertyTitle: string | undefined;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Card withBorder padding="lg" data-testid="review-card">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Reviewer review={review} />
        <Rating
          value={review.rating}
          readOnly
          size="sm"
          role="img"
          aria-label={`${review.rating} out of 5 stars`}
        />
      </Group>
      <Text mt="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="review-comment">
        {review.comment}
      </Text>
      <Text size="xs" c="dimmed" mt="xs">
        {propertyTitle ?? `Property #${review.propertyId}`}
      </Text>
      <ReviewActions mt="md" onEdit={onEdit} onDelete={onDelete} />
    </Card>
  );
}
