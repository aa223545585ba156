import { useMutation } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc.ts';

/** Sends the Contact Us form (POST /api/contact); nothing cached depends on it. */
export function useSendContactMessage() {
  return useMutation(trpc.contact.send.mutationOptions());
}
