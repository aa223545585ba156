import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { quoteStay, type TQuote } from '../../../shared/pricing.ts';
import type { ZQuoteInput } from '../../../shared/schemas/booking.ts';
import { AppError, DATES_TAKEN_MESSAGE } from '../../errors.ts';
import { clashingHolds } from '../../repositories/calendar-holds.ts';
import { stayRulesFor } from '../../repositories/property-rates.ts';
import { PROPERTY_NOT_FOUND } from '../properties/queries.ts';
import { getSettings } from '../settings/settings.ts';

/**
 * The price the server will charge for a stay: each night by the home's rates, plus the tax rate in
 * settings (DECISIONS 3, issue 14). Dates a booking, block or imported event holds answer 409, as booking would.
 */
export async function quoteForStay(em: EntityManager, input: z.output<typeof ZQuoteInput>): Promise<TQuote> {
  if (input.checkOut <= input.checkIn)
    throw new AppError('VALIDATION', 'Check-out date must be after check-in date');
  const [settings, rules, clashes] = await Promise.all([
    getSettings(em),
    stayRulesFor(em, [input.propertyId], input.checkIn, input.checkOut),
    clashingHolds(em, input.propertyId, input.checkIn, input.checkOut),
  ]);
  const homeRules = rules.get(input.propertyId);
  if (!homeRules) throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
  if (clashes.length > 0) throw new AppError('CONFLICT', DATES_TAKEN_MESSAGE);
  return quoteStay(homeRules, input.checkIn, input.checkOut, settings.taxRate);
}
