import { useMutation } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc.ts';

/** A lost manage link sent again: nothing cached changes. */
export const useLookupBooking = () => useMutation(trpc.bookings.lookup.mutationOptions());
