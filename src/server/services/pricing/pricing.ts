import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { NO_PRICING } from '#shared/pricing.ts';
import type { TPricing, ZPricingInput } from '#shared/schemas/pricing.ts';
import { PropertyPricing, type IPropertyPricing } from '../../entities/property-pricing.entity.ts';
import { Property, type IProperty } from '../../entities/property.entity.ts';
import { PETS_AMENITY } from '#shared/constants.ts';
import { recordActivity, type TActor } from '../activity/activity.ts';
import { requireProperty } from '../calendar/ranges.ts';

/** Whether the home takes pets: its one pets setting, the PETS_AMENITY (docs/features.md#pets). */
const takesPets = (home: IProperty) => home.amenities.includes(PETS_AMENITY);

function toPricing(home: IProperty, row: IPropertyPricing | null): TPricing {
  const propertyId = home.id;
  if (!row) return { propertyId, ...NO_PRICING, petsAllowed: takesPets(home), securityDeposit: null };
  return {
    propertyId,
    cleaningFee: row.cleaningFee ?? null,
    extraGuestFee: row.extraGuestFee ?? null,
    extraGuestsAbove: row.extraGuestsAbove ?? null,
    petFee: row.petFee ?? null,
    petsAllowed: takesPets(home),
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
    securityDeposit: row.securityDeposit ?? null,
    checkInDays: [...(row.checkInDays ?? [])],
    checkOutDays: [...(row.checkOutDays ?? [])],
  };
}

/**
 * A home's fees, discounts and extra stay rules (docs/money.md); a home without any answers every rule null.
 * `petsAllowed` is read from the home's amenities, where its one pets setting lives.
 */
export async function getPricing(em: EntityManager, propertyId: number): Promise<TPricing> {
  await requireProperty(em, propertyId);
  const [home, row] = await Promise.all([
    em.findOneOrFail(Property, propertyId),
    em.findOne(PropertyPricing, { property: propertyId }),
  ]);
  return toPricing(home, row);
}

const days = (list: readonly number[] | undefined) => [...new Set(list ?? [])].sort((a, b) => a - b);

/**
 * Replaces a home's rules at once (a rule left out is none), with the change in the activity log.
 * `petsAllowed` is the home's pets setting, not a pricing rule: when given it sets the home's
 * PETS_AMENITY (as the listing's Amenities do), when left out the home keeps its setting.
 */
export async function putPricing(
  em: EntityManager,
  input: z.output<typeof ZPricingInput>,
  actor: TActor | null,
): Promise<TPricing> {
  await requireProperty(em, input.id);
  return em.transactional(async (tx) => {
    const home = await tx.findOneOrFail(Property, input.id);
    let row = await tx.findOne(PropertyPricing, { property: input.id });
    const { propertyId: _before, ...before } = toPricing(home, row);
    if (input.petsAllowed !== undefined && input.petsAllowed !== takesPets(home)) {
      const others = home.amenities.filter((a) => a !== PETS_AMENITY);
      // Last, where AMENITIES lists it.
      home.amenities = input.petsAllowed ? [...others, PETS_AMENITY] : others;
    }
    const values = {
      cleaningFee: input.cleaningFee ?? null,
      extraGuestFee: input.extraGuestFee ?? null,
      extraGuestsAbove: input.extraGuestsAbove ?? null,
      petFee: input.petFee ?? null,
      weeklyDiscount: input.weeklyDiscount ?? null,
      monthlyDiscount: input.monthlyDiscount ?? null,
      lastMinuteDiscount: input.lastMinuteDiscount ?? null,
      lastMinuteDays: input.lastMinuteDays ?? null,
      earlyBirdDiscount: input.earlyBirdDiscount ?? null,
      earlyBirdDays: input.earlyBirdDays ?? null,
      touristTaxPerPerson: input.touristTaxPerPerson ?? null,
      touristTaxPercent: input.touristTaxPercent ?? null,
      maxNights: input.maxNights || null,
      securityDeposit: input.securityDeposit || null,
      checkInDays: days(input.checkInDays),
      checkOutDays: days(input.checkOutDays),
    };
    if (row) tx.assign(row, values);
    else row = tx.create(PropertyPricing, { property: tx.getReference(Property, input.id), ...values });
    await tx.flush();
    const saved = toPricing(home, row);
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
