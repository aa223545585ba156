import type { EntityManager } from '@mikro-orm/postgresql';
import type { TReview } from '../../../shared/schemas/review.ts';
import { AppError } from '../../errors.ts';
import { propertyIsListed } from '../../repositories/properties.ts';
import { reviewsOfProperty } from '../../repositories/reviews.ts';
import { PROPERTY_NOT_FOUND } from '../properties/queries.ts';

export async function listReviewsForProperty(em: EntityManager, propertyId: number): Promise<TReview[]> {
  if (!(await propertyIsListed(em, propertyId))) throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
  return reviewsOfProperty(em, propertyId);
}
