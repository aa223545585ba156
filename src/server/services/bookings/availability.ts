import type { EntityManager } from '@mikro-orm/postgresql';
import type { TStayRules } from '#shared/schemas/booking.ts';
import type { TBlockedRange } from '#shared/schemas/property.ts';
import { AppError } from '../../errors.ts';
import { heldRanges } from '../../repositories/calendar-holds.ts';
import { propertyIsListed } from '../../repositories/properties.ts';
import { stayRulesFor } from '../../repositories/property-rates.ts';
import { getSettings } from '../settings/settings.ts';
import { PROPERTY_NOT_FOUND } from '../properties/queries.ts';
import { todaySpan } from './rules.ts';

/**
 * The date ranges a property cannot be booked on, from today on (docs/decisions.md#availability, #held-dates): its pending and confirmed
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

/**
 * The stay limits a booking of this home is held to (docs/decisions.md#stay-rules, #booking-card-defaults): the home's own minimum nights when
 * the operator set one, otherwise the settings'. The booking card starts with a stay that passes them.
 */
export async function stayRules(
  em: EntityManager,
  propertyId: number,
  now: Date = new Date(),
): Promise<TStayRules> {
  const today = todaySpan(now).earliest;
  const [rules, settings] = await Promise.all([
    stayRulesFor(em, [propertyId], today, today),
    getSettings(em),
  ]);
  const home = rules.get(propertyId);
  if (!home) throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
  return {
    minNights: home.minNights ?? settings.minNightsDefault,
    maxNights: settings.maxNightsDefault,
    advanceBookingDays: settings.advanceBookingDays,
  };
}
