import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { quoteStay, type TQuote } from '../../../shared/pricing.ts';
import type { ZQuoteInput } from '../../../shared/schemas/booking.ts';
import { Property } from '../../entities/property.entity.ts';
import { AppError } from '../../errors.ts';
import { PROPERTY_NOT_FOUND } from '../properties/queries.ts';
import { getSettings } from '../settings/settings.ts';

/** The price the server will charge for a stay, with the tax rate in settings (DECISIONS 3). */
export async function quoteForStay(em: EntityManager, input: z.output<typeof ZQuoteInput>): Promise<TQuote> {
  if (input.checkOut <= input.checkIn)
    throw new AppError('VALIDATION', 'Check-out date must be after check-in date');
  const [settings, property] = await Promise.all([
    getSettings(em),
    em.findOne(Property, { id: input.propertyId, archivedAt: null }, { fields: ['id', 'price'] }),
  ]);
  if (!property) throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
  return quoteStay(property.price, input.checkIn, input.checkOut, settings.taxRate);
}
