import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { quoteStay } from '../../../shared/pricing.ts';
import type { TStayQuote, ZQuoteInput } from '../../../shared/schemas/booking.ts';
import { AppError } from '../../errors.ts';
import { stayRulesFor } from '../../repositories/property-rates.ts';
import { PROPERTY_NOT_FOUND } from '../properties/queries.ts';
import { getSettings } from '../settings/settings.ts';
import { CHECK_OUT_AFTER_CHECK_IN } from '../../../shared/messages.ts';

/**
 * The price the server will charge for a stay: each night by the home's rates, plus the tax rate in
 * settings (docs/decisions.md#server-price, docs/features.md#operator-calendar), and whether the nights are free: a booking, a block or an imported event
 * may hold them, and booking them would then answer 409.
 */
export async function quoteForStay(
  em: EntityManager,
  input: z.output<typeof ZQuoteInput>,
): Promise<TStayQuote> {
  if (input.checkOut <= input.checkIn) throw new AppError('VALIDATION', CHECK_OUT_AFTER_CHECK_IN);
  const homeRules = (await stayRulesFor(em, [input.propertyId], input.checkIn, input.checkOut)).get(
    input.propertyId,
  );
  if (!homeRules) throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
  const taxRate = homeRules.taxRate ?? (await getSettings(em)).taxRate;
  return { ...quoteStay(homeRules, input.checkIn, input.checkOut, taxRate), available: !homeRules.held };
}
