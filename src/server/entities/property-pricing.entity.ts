import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { BaseEntity } from './base.entity.ts';
import { Property } from './property.entity.ts';

/**
 * A home's fees, discounts and extra stay rules, in one row per home (docs/money.md): the quote reads it
 * by the unique property id, one index probe, with the rest of the home's rules. Fees and the tourist tax
 * per person are cents; discounts and the tourist tax in percent are percentages.
 */
export const PropertyPricing = defineEntity({
  name: 'PropertyPricing',
  tableName: 'property_pricing',
  extends: BaseEntity,
  properties: {
    property: () => p.manyToOne(Property).deleteRule('cascade').unique(),
    cleaningFee: p.integer().nullable(),
    extraGuestFee: p.integer().nullable(),
    extraGuestsAbove: p.integer().nullable(),
    petFee: p.integer().nullable(),
    weeklyDiscount: p.smallint().nullable(),
    monthlyDiscount: p.smallint().nullable(),
    lastMinuteDiscount: p.smallint().nullable(),
    lastMinuteDays: p.smallint().nullable(),
    earlyBirdDiscount: p.smallint().nullable(),
    earlyBirdDays: p.smallint().nullable(),
    touristTaxPerPerson: p.integer().nullable(),
    touristTaxPercent: p.decimal('number').precision(5).scale(2).nullable(),
    maxNights: p.smallint().nullable(),
    /** A damage deposit asked of each booking (cents), never revenue (docs/payments.md#damage-deposit). */
    securityDeposit: p.integer().nullable(),
    checkInDays: p.array<number>().columnType('smallint[]').defaultRaw(`'{}'`),
    checkOutDays: p.array<number>().columnType('smallint[]').defaultRaw(`'{}'`),
  },
  checks: [
    {
      name: 'property_pricing_fees_check',
      expression:
        'coalesce(cleaning_fee, 0) >= 0 and coalesce(extra_guest_fee, 0) >= 0 and coalesce(pet_fee, 0) >= 0 and coalesce(tourist_tax_per_person, 0) >= 0',
    },
    {
      name: 'property_pricing_discounts_check',
      expression:
        'coalesce(weekly_discount, 0) between 0 and 100 and coalesce(monthly_discount, 0) between 0 and 100 and coalesce(last_minute_discount, 0) between 0 and 100 and coalesce(early_bird_discount, 0) between 0 and 100 and coalesce(tourist_tax_percent, 0) between 0 and 100',
    },
    { name: 'property_pricing_deposit_check', expression: 'coalesce(security_deposit, 0) >= 0' },
  ],
});
export type IPropertyPricing = InferEntity<typeof PropertyPricing>;
