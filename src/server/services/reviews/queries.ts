import type { EntityManager } from '@mikro-orm/postgresql';
import type { TReview } from '../../../shared/schemas/review.ts';
import { Property } from '../../entities/property.entity.ts';
import { Review, type IReview } from '../../entities/review.entity.ts';
import { AppError } from '../../errors.ts';
import { PROPERTY_NOT_FOUND } from '../properties/queries.ts';

export function toReviewDto(r: IReview): TReview {
  return {
    id: r.id,
    propertyId: r.property.id,
    userId: r.user?.id ?? null,
    verified: r.booking != null,
    userName: r.userName,
    userImage: r.userImage ?? null,
    date: new Date(r.date).toISOString(),
    rating: r.rating,
    comment: r.comment,
  };
}

export async function listReviewsForProperty(em: EntityManager, propertyId: number): Promise<TReview[]> {
  const exists = await em.count(Property, { id: propertyId, archivedAt: null });
  if (!exists) throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
  const rows = await em.find(Review, { property: propertyId }, { orderBy: { date: 'desc', id: 'desc' } });
  return rows.map(toReviewDto);
}
