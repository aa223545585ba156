import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAdminReviewListInput } from '#shared/schemas/admin-tables.ts';
import { errorMessage, errorStatus, trpc } from '../../lib/trpc.ts';

/** The property choices of the filters and the Add dialog (id and title, docs/product.md#admin-requests). */
export const propertyChoicesQueryOptions = () => trpc.properties.list.queryOptions();
/** One home's reviews: always fetched fresh, the admin is here to see the latest. */
export const propertyReviewsQueryOptions = (id: number) =>
  trpc.reviews.byProperty.queryOptions({ id }, { staleTime: 0 });
export const allReviewsQueryOptions = (input: TAdminReviewListInput) =>
  trpc.reviews.adminList.queryOptions(input, { staleTime: 0 });

/** A server message for what the admin can fix (validation, size); the spec's fallback otherwise. */
function failureText(err: unknown, fallback: string): string {
  const status = errorStatus(err);
  return status !== undefined && status >= 400 && status < 500 && status !== 401 && status !== 403
    ? errorMessage(err, fallback)
    : fallback;
}

const toast = (ok: boolean, message: string) =>
  notifications.show({ title: ok ? 'Success' : 'Error', message, color: ok ? 'green' : 'red' });

/**
 * After any review change: the lists of reviews (one home's, all homes'), and the home's rating and
 * count, which show everywhere properties do.
 */
function useRefreshReviews() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.reviews.pathFilter()),
      queryClient.invalidateQueries(trpc.properties.pathFilter()),
    ]);
}

export function useCreateReview(onDone: (propertyId: number) => void) {
  const refresh = useRefreshReviews();
  return useMutation(
    trpc.reviews.create.mutationOptions({
      onSuccess: async (review) => {
        toast(true, 'Review added successfully');
        onDone(review.propertyId);
        await refresh();
      },
      onError: (err) => toast(false, failureText(err, 'Failed to add review')),
    }),
  );
}

export function useUpdateReview(onDone: () => void) {
  const refresh = useRefreshReviews();
  return useMutation(
    trpc.reviews.update.mutationOptions({
      onSuccess: async () => {
        toast(true, 'Review updated successfully');
        onDone();
        await refresh();
      },
      onError: (err) => toast(false, failureText(err, 'Failed to update review')),
    }),
  );
}

export function useDeleteReview(onDone: () => void) {
  const refresh = useRefreshReviews();
  return useMutation(
    trpc.reviews.delete.mutationOptions({
      onSuccess: async () => {
        toast(true, 'Review deleted successfully');
        onDone();
        await refresh();
      },
      onError: (err) => toast(false, failureText(err, 'Failed to delete review')),
    }),
  );
}
