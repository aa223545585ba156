import { useMutation } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc.ts';

/* The listing page's own reads and writes, loaded with the page (api/listing.ts is on the first screen). */
export const propertyReviewsQuery = (id: number) => trpc.reviews.byProperty.queryOptions({ id });

/** A question to the host; nothing cached changes (the thread lives behind the reply's link). */
export const useAskHost = () => useMutation(trpc.messaging.inquire.mutationOptions());
