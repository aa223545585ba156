import { Button, Group, Modal, Text } from '@mantine/core';
import type { TReview } from '../../../shared/schemas/review.ts';
import { useDeleteReview } from './api.ts';

/** Delete Review: the spec's confirmation (admin-side §2.8), then the delete. */
export function DeleteReviewDialog({ review, onClose }: { review: TReview | null; onClose: () => void }) {
  const remove = useDeleteReview(onClose);
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={review !== null}
      onClose={onClose}
      title="Delete Review"
    >
      <Text>Are you sure you want to delete this review? This action cannot be undone.</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          color="red"
          onClick={() => review && remove.mutate({ id: review.id })}
          loading={remove.isPending}
        >
          Delete
        </Button>
      </Group>
    </Modal>
  );
}
