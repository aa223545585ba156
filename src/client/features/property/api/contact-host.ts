import { useMutation } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc.ts';

/**
 * A question to the host, loaded with its dialog; nothing cached changes (the thread lives behind the
 * reply's link).
 */
export const useAskHost = () => useMutation(trpc.messaging.inquire.mutationOptions());
