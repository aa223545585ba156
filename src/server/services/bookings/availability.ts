import type { EntityManager } from '@mikro-orm/postgresql';
import type { TBlockedRange } from '../../../shared/schemas/property.ts';
import { Property } from '../../entities/property.entity.ts';
import { AppError } from '../../errors.ts';
import { PROPERTY_NOT_FOUND } from '../properties/queries.ts';
import { todaySpan } from './rules.ts';

/**
 * The date ranges a property's pending and confirmed bookings hold, from today on (DECISIONS 6).
 * Ranges are half-open: the check-out day is free for the next guest's check-in. No guest data.
 */
export async function blockedRanges(
  em: EntityManager,
  propertyId: number,
  now: Date = new Date(),
): Promise<TBlockedRange[]> {
  const exists = await em.count(Property, { id: propertyId, archivedAt: null });
  if (!exists) throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
  return em.getConnection().execute<TBlockedRange[]>(
    `select to_char(check_in, 'YYYY-MM-DD') as "checkIn", to_char(check_out, 'YYYY-MM-DD') as "checkOut"
       from bookings
      where property_id = ? and status in ('pending', 'confirmed') and check_out >= ?::date
      order by check_in`,
    [propertyId, todaySpan(now).earliest],
  );
}
