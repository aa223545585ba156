import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { TRate, ZRateInput } from '../../../shared/schemas/calendar.ts';
import { AppError } from '../../errors.ts';
import {
  deleteRate,
  insertSeason,
  listRates,
  seasonsOverlapping,
  upsertRule,
} from '../../repositories/property-rates.ts';
import { checkRangeLength, requireProperty, subtractRange } from './ranges.ts';
import { NIGHTLY_PRICE_REQUIRED, START_DATE_REQUIRED } from '../../../shared/messages.ts';

export const RATE_NOT_FOUND = 'Rate not found';

export async function getRates(em: EntityManager, propertyId: number): Promise<TRate[]> {
  await requireProperty(em, propertyId);
  return listRates(em, propertyId);
}

/**
 * Sets one price or stay rule (the rules are documented on ZRateInput). A new season wins over the seasons
 * it overlaps: they are trimmed or split around it in the same transaction, so the newest price set for a
 * night is the one charged, and the exclusion constraint still guarantees seasons never overlap.
 */
export async function setRate(em: EntityManager, input: z.output<typeof ZRateInput>): Promise<TRate> {
  await requireProperty(em, input.id);
  if (input.kind === 'minNights') return upsertRule(em, input.id, 'minNights', input.minNights ?? 1);
  const price = input.nightlyPrice;
  if (price === undefined) throw new AppError('VALIDATION', NIGHTLY_PRICE_REQUIRED);
  if (input.kind === 'weekend') return upsertRule(em, input.id, 'weekend', price);
  const { startDate, endDate } = input;
  if (!startDate || !endDate) throw new AppError('VALIDATION', START_DATE_REQUIRED);
  checkRangeLength(startDate, endDate);
  return em.transactional(async (tx) => {
    const overlapped = await seasonsOverlapping(tx, input.id, startDate, endDate);
    for (const season of overlapped) {
      await deleteRate(tx, input.id, season.id);
      for (const piece of subtractRange(
        { startDate: season.startDate ?? startDate, endDate: season.endDate ?? endDate },
        startDate,
        endDate,
      )) {
        await insertSeason(tx, {
          propertyId: input.id,
          ...piece,
          nightlyPrice: season.nightlyPrice ?? price,
        });
      }
    }
    return insertSeason(tx, { propertyId: input.id, startDate, endDate, nightlyPrice: price });
  });
}

export async function removeRate(em: EntityManager, propertyId: number, rateId: number): Promise<void> {
  if (!(await deleteRate(em, propertyId, rateId))) throw new AppError('NOT_FOUND', RATE_NOT_FOUND);
}
