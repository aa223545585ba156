import type { THomeScope } from '../../repositories/home-scope.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TAdminReviewFilter, TAdminReviewList } from '#shared/schemas/admin-tables.ts';
import type { TReview } from '#shared/schemas/review.ts';
import { AppError } from '../../errors.ts';
import { propertyIsListed } from '../../repositories/properties.ts';
import { countAdminReviews, listAdminReviewRows, reviewsOfProperty } from '../../repositories/reviews.ts';
import { PROPERTY_NOT_FOUND } from '../properties/queries.ts';

export async function listReviewsForProperty(em: EntityManager, propertyId: number): Promise<TReview[]> {
  if (!(await propertyIsListed(em, propertyId))) throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
  return reviewsOfProperty(em, propertyId);
}

/** One page of every review across all homes, newest first, with the filtered total. */
export async function listAdminReviews(
  em: EntityManager,
  input: TAdminReviewFilter,
  homes: THomeScope = null,
): Promise<TAdminReviewList> {
  const filter = { ...input, homes };
  const [items, total] = await Promise.all([
    listAdminReviewRows(em, filter, input.pageSize, (input.page - 1) * input.pageSize),
    countAdminReviews(em, filter),
  ]);
  return { items, total, page: input.page, pageSize: input.pageSize };
}
