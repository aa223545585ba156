import { trpc } from '../../../lib/trpc.ts';

/** A home's reviews, loaded with the listing page (api/listing.ts is on the first screen). */
export const propertyReviewsQuery = (id: number) => trpc.reviews.byProperty.queryOptions({ id });
