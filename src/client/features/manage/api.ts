import { notifications } from '@mantine/notifications';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import type { TManagedBooking } from '#shared/schemas/manage.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';

export const manageQuery = (token: string) => trpc.bookings.manage.queryOptions({ token });
export const myBookingDetailQuery = (id: number) => trpc.bookings.mineDetail.queryOptions({ id });

/**
 * After a change to a booking: the detail shows the server's answer, and everything derived from the
 * booking (its home's free dates, My bookings, the home's reviews and rating) is fetched again.
 */
export function useBookingRefresh(detailKey: QueryKey) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const run = async (
    action: () => Promise<TManagedBooking>,
    success: { title: string; message: string },
  ): Promise<void> => {
    setError(null);
    try {
      const updated = await action();
      queryClient.setQueryData(detailKey, updated);
      const id = updated.property.id;
      void queryClient.invalidateQueries({ queryKey: trpc.bookings.availability.queryKey({ id }) });
      void queryClient.invalidateQueries({ queryKey: trpc.bookings.mine.queryKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.reviews.byProperty.queryKey({ id }) });
      void queryClient.invalidateQueries({ queryKey: trpc.properties.pathKey() });
      notifications.show({ ...success, color: 'green' });
    } catch (err) {
      setError(errorMessage(err, 'Something went wrong. Please try again.'));
    }
  };
  return { error, run };
}

export const CANCELLED_TOAST = {
  title: 'Booking cancelled',
  message: 'Your booking is cancelled and the dates are released. We have e-mailed you a confirmation.',
};
export const REVIEWED_TOAST = { title: 'Thank you!', message: 'Your review is published.' };
export const CLAIMED_TOAST = {
  title: 'Added to My bookings',
  message: 'You will find this booking there from now on.',
};
