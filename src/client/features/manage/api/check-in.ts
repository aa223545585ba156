import { useMutation } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc.ts';

/* Loaded with the check-in dialog, which opens on demand. */
/** The caller puts the checked-in booking into the trip's cache entry. */
export const useManageCheckIn = () => useMutation(trpc.checkIn.manageCheckIn.mutationOptions());
