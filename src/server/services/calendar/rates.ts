import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { TRate, ZRateInput } from '#shared/schemas/calendar.ts';
import { AppError } from '../../errors.ts';
import {
  deleteRate,
  insertSeason,
  listRates,
  seasonsOverlapping,
  upsertRule,
} from '../../repositories/property-rates.ts';
import { recordActivity, type TActor } from '../activity/activity.ts';
import { checkRangeLength, requireProperty, subtractRange } from './ranges.ts';
import { NIGHTLY_PRICE_REQUIRED, START_DATE_REQUIRED } from '#shared/messages.ts';

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
export async function setRate(
  em: EntityManager,
  input: z.output<typeof ZRateInput>,
  actor: TActor | null,
): Promise<TRate> {
  await requireProperty(em, input.id);
  if (input.kind === 'minNights') return setRule(em, input.id, 'minNights', input.minNights ?? 1, actor);
  const price = input.nightlyPrice;
  if (price === undefined) throw new AppError('VALIDATION', NIGHTLY_PRICE_REQUIRED);
  if (input.kind === 'weekend') return setRule(em, input.id, 'weekend', price, actor);
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
    const season = await insertSeason(tx, { propertyId: input.id, startDate, endDate, nightlyPrice: price });
    await recordActivity(tx, actor, {
      action: `${RULE_NAME.season}.set`,
      entityType: 'calendar',
      entityId: input.id,
      after: rateFacts(season),
    });
    return season;
  });
}

/** Each kind's name in the audit trail's actions ('season.set', 'weekendPrice.remove', …). */
const RULE_NAME = { season: 'season', weekend: 'weekendPrice', minNights: 'minNights' } as const;

/** What the audit trail keeps of a price or stay rule (entity 'calendar', id = the home). */
function rateFacts(r: TRate): Record<string, unknown> {
  if (r.kind === 'minNights') return { minNights: r.minNights };
  if (r.kind === 'weekend') return { weekendPrice: r.nightlyPrice };
  return { rateId: r.id, startDate: r.startDate, endDate: r.endDate, nightlyPrice: r.nightlyPrice };
}

/** The weekend price or the minimum nights, with its former value in the audit trail. */
async function setRule(
  em: EntityManager,
  propertyId: number,
  kind: 'minNights' | 'weekend',
  amount: number,
  actor: TActor | null,
): Promise<TRate> {
  return em.transactional(async (tx) => {
    const former = (await listRates(tx, propertyId)).find((r) => r.kind === kind);
    const rule = await upsertRule(tx, propertyId, kind, amount);
    // Set again to the value it had, it records nothing, like every update that changes nothing.
    await recordActivity(tx, actor, {
      action: `${RULE_NAME[kind]}.set`,
      entityType: 'calendar',
      entityId: propertyId,
      before: former ? rateFacts(former) : {},
      after: rateFacts(rule),
    });
    return rule;
  });
}

export async function removeRate(
  em: EntityManager,
  propertyId: number,
  rateId: number,
  actor: TActor | null,
): Promise<{ ok: true }> {
  return em.transactional(async (tx) => {
    const rate = (await listRates(tx, propertyId)).find((r) => r.id === rateId);
    if (!rate || !(await deleteRate(tx, propertyId, rateId))) throw new AppError('NOT_FOUND', RATE_NOT_FOUND);
    await recordActivity(tx, actor, {
      action: `${RULE_NAME[rate.kind]}.remove`,
      entityType: 'calendar',
      entityId: propertyId,
      before: rateFacts(rate),
    });
    return { ok: true as const };
  });
}
