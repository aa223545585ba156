import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { NO_PRICING } from '#shared/pricing.ts';
import type { TPricing, ZPricingInput } from '#shared/schemas/pricing.ts';
import { PropertyPricing, type IPropertyPricing } from '../../entities/property-pricing.entity.ts';
import { Property } from '../../entities/property.entity.ts';
import { recordActivity, type TActor } from '../activity/activity.ts';
import { requireProperty } from '../calendar/ranges.ts';

function toPricing(propertyId: number, row: IPropertyPricing | null): TPricing {
  if (!row) return { propertyId, ...NO_PRICING };
  return {
    propertyId,
    cleaningFee: row.cleaningFee ?? null,
    extraGuestFee: row.extraGuestFee ?? null,
    extraGuestsAbove: row.extraGuestsAbove ?? null,
    petFee: row.petFee ?? null,
    petsAllowed: row.petsAllowed,
    weeklyDiscount: row.weeklyDiscount ?? null,
    monthlyDiscount: row.monthlyDiscount ?? null,
    lastMinuteDiscount: row.lastMinuteDiscount ?? null,
    lastMinuteDays: row.lastMinuteDays ?? null,
    earlyBirdDiscount: row.earlyBirdDiscount ?? null,
    earlyBirdDays: row.earlyBirdDays ?? null,
    touristTaxPerPerson: row.touristTaxPerPerson ?? null,
    touristTaxPercent:
      row.touristTaxPercent === null || row.touristTaxPercent === undefined
        ? null
        : Number(row.touristTaxPercent),
    maxNights: row.maxNights ?? null,
    checkInDays: [...(row.checkInDays ?? [])],
    checkOutDays: [...(row.checkOutDays ?? [])],
  };
}

/** A home's fees, discounts and extra stay rules (docs/money.md); a home without any answers every rule null. */
export async function getPricing(em: EntityManager, propertyId: number): Promise<TPricing> {
  await requireProperty(em, propertyId);
  return toPricing(propertyId, await em.findOne(PropertyPricing, { property: propertyId }));
}

const days = (list: readonly number[] | undefined) => [...new Set(list ?? [])].sort((a, b) => a - b);

/** Replaces a home's rules at once (a rule left out is none), with the change in the activity log. */
export async function putPricing(
  em: EntityManager,
  input: z.output<typeof ZPricingInput>,
  actor: TActor | null,
): Promise<TPricing> {
  await requireProperty(em, input.id);
  return em.transactional(async (tx) => {
    let row = await tx.findOne(PropertyPricing, { property: input.id });
    const { propertyId: _before, ...before } = toPricing(input.id, row);
    const values = {
      cleaningFee: input.cleaningFee ?? null,
      extraGuestFee: input.extraGuestFee ?? null,
      extraGuestsAbove: input.extraGuestsAbove ?? null,
      petFee: input.petFee ?? null,
      petsAllowed: input.petsAllowed ?? false,
      weeklyDiscount: input.weeklyDiscount ?? null,
      monthlyDiscount: input.monthlyDiscount ?? null,
      lastMinuteDiscount: input.lastMinuteDiscount ?? null,
      lastMinuteDays: input.lastMinuteDays ?? null,
      earlyBirdDiscount: input.earlyBirdDiscount ?? null,
      earlyBirdDays: input.earlyBirdDays ?? null,
      touristTaxPerPerson: input.touristTaxPerPerson ?? null,
      touristTaxPercent: input.touristTaxPercent ?? null,
      maxNights: input.maxNights || null,
      checkInDays: days(input.checkInDays),
      checkOutDays: days(input.checkOutDays),
    };
    if (row) tx.assign(row, values);
    else row = tx.create(PropertyPricing, { property: tx.getReference(Property, input.id), ...values });
    await tx.flush();
    const saved = toPricing(input.id, row);
    const { propertyId: _after, ...after } = saved;
    await recordActivity(tx, actor, {
      action: 'pricing.set',
      entityType: 'calendar',
      entityId: input.id,
      before,
      after,
    });
    return saved;
  });
}
