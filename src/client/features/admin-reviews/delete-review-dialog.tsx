import type { TReview } from '#shared/schemas/review.ts';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal.tsx';
import { useDeleteReview } from './api.ts';

/** Delete Review: the spec's confirmation (docs/product.md#admin-reviews), then the delete. */
export function DeleteReviewDialog({ review, onClose }: { review: TReview | null; onClose: () => void }) {
  const remove = useDeleteReview(onClose);
  return (
    <ConfirmDeleteModal
      opened={review !== null}
      title="Delete Review"
      onClose={onClose}
      onConfirm={() => review && remove.mutate({ id: review.id })}
      loading={remove.isPending}
    >
      Are you sure you want to delete this review? This action cannot be undone.
    </ConfirmDeleteModal>
  );
}
