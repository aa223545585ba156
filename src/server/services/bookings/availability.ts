import type { EntityManager } from '@mikro-orm/postgresql';
import type { TBlockedRange } from '../../../shared/schemas/property.ts';
import { AppError } from '../../errors.ts';
import { heldRanges } from '../../repositories/calendar-holds.ts';
import { propertyIsListed } from '../../repositories/properties.ts';
import { PROPERTY_NOT_FOUND } from '../properties/queries.ts';
import { todaySpan } from './rules.ts';

/**
 * The date ranges a property cannot be booked on, from today on (DECISIONS 6, 21): its pending and confirmed
 * bookings, the operator's blocks and imported events alike. Ranges are half-open: the check-out day is
 * free for the next guest's check-in. No guest data.
 */
export async function blockedRanges(
  em: EntityManager,
  propertyId: number,
  now: Date = new Date(),
): Promise<TBlockedRange[]> {
  if (!(await propertyIsListed(em, propertyId))) throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
  return heldRanges(em, propertyId, todaySpan(now).earliest);
}
