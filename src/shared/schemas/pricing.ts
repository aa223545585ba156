import { z } from 'zod';
import { ZId, ZMoney, zBool, zDecimal, zInt, zMoneyIn } from './common.ts';

/** A home's fees, discounts and extra stay rules (docs/money.md). Every rule is optional: null means none. */

export const DISCOUNT_OVER_100 = 'A discount cannot be more than 100%';
export const NEGATIVE_FEE = 'A fee cannot be negative';
export const ONE_TOURIST_TAX = 'Choose a tourist tax per person or in percent, not both';

const money = (label: string) =>
  zMoneyIn(
    label,
    z
      .number({ error: `${label} must be a number` })
      .min(0, { error: NEGATIVE_FEE })
      .max(100_000, { error: `${label} is too large` }),
  )
    .nullable()
    .optional();

const percent = (label: string) =>
  zInt(
    z
      .number({ error: `${label} must be a number` })
      .int({ error: `${label} must be a whole number` })
      .min(0, { error: `${label} cannot be negative` })
      .max(100, { error: DISCOUNT_OVER_100 }),
  )
    .nullable()
    .optional();

const count = (label: string, max: number) =>
  zInt(
    z
      .number({ error: `${label} must be a number` })
      .int({ error: `${label} must be a whole number` })
      .min(0, { error: `${label} cannot be negative` })
      .max(max, { error: `${label} cannot be more than ${max}` }),
  )
    .nullable()
    .optional();

const weekdays = (label: string) =>
  z
    .array(
      zInt(
        z
          .number({ error: `${label} must be weekday numbers` })
          .int({ error: `${label} must be weekday numbers` })
          .min(0, { error: `${label} must be weekdays from 0 (Sunday) to 6 (Saturday)` })
          .max(6, { error: `${label} must be weekdays from 0 (Sunday) to 6 (Saturday)` }),
      ),
      { error: `${label} must be a list of weekdays` },
    )
    .max(7, { error: `${label} must be a list of weekdays` })
    .optional();

const fields = z.object({
  cleaningFee: money('Cleaning fee'),
  extraGuestFee: money('Extra guest fee'),
  extraGuestsAbove: count('Guests included', 1000),
  petFee: money('Pet fee'),
  petsAllowed: zBool('petsAllowed must be true or false').optional(),
  weeklyDiscount: percent('Weekly discount'),
  monthlyDiscount: percent('Monthly discount'),
  lastMinuteDiscount: percent('Last-minute discount'),
  lastMinuteDays: count('Last-minute days', 365),
  earlyBirdDiscount: percent('Early-bird discount'),
  earlyBirdDays: count('Early-bird days', 3650),
  touristTaxPerPerson: money('Tourist tax per person'),
  touristTaxPercent: zDecimal(
    z
      .number({ error: 'Tourist tax must be a number' })
      .min(0, { error: 'Tourist tax cannot be negative' })
      .max(100, { error: 'Tourist tax cannot exceed 100%' })
      .multipleOf(0.01, { error: 'Tourist tax allows at most 2 decimals' }),
  )
    .nullable()
    .optional(),
  maxNights: count('Maximum nights', 3650),
  /** A damage deposit held or taken for each stay, never part of the price (docs/payments.md#damage-deposit). */
  securityDeposit: money('Security deposit'),
  checkInDays: weekdays('Check-in days'),
  checkOutDays: weekdays('Check-out days'),
});

function pairsComplete(v: z.output<typeof fields>, ctx: z.RefinementCtx) {
  if (v.touristTaxPerPerson && v.touristTaxPercent)
    ctx.addIssue({ code: 'custom', message: ONE_TOURIST_TAX, path: ['touristTaxPercent'] });
  if (v.extraGuestFee && (v.extraGuestsAbove === null || v.extraGuestsAbove === undefined))
    ctx.addIssue({
      code: 'custom',
      message: 'Say how many guests the price includes',
      path: ['extraGuestsAbove'],
    });
  if (v.lastMinuteDiscount && (v.lastMinuteDays === null || v.lastMinuteDays === undefined))
    ctx.addIssue({ code: 'custom', message: 'Say how many days before check-in', path: ['lastMinuteDays'] });
  if (v.earlyBirdDiscount && (v.earlyBirdDays === null || v.earlyBirdDays === undefined))
    ctx.addIssue({ code: 'custom', message: 'Say how many days ahead', path: ['earlyBirdDays'] });
}

/** The rules as the form edits them. */
export const ZPricingFields = fields.superRefine(pairsComplete);
/** `PUT /api/properties/{id}/pricing`: every rule at once; one left out is none. */
export const ZPricingInput = fields.extend({ id: ZId }).superRefine(pairsComplete);
export type TPricingInput = z.input<typeof ZPricingFields>;

export const ZPricing = z.object({
  propertyId: z.number().int(),
  cleaningFee: ZMoney.nullable(),
  extraGuestFee: ZMoney.nullable(),
  extraGuestsAbove: z.number().int().nullable(),
  petFee: ZMoney.nullable(),
  petsAllowed: z.boolean(),
  weeklyDiscount: z.number().int().nullable(),
  monthlyDiscount: z.number().int().nullable(),
  lastMinuteDiscount: z.number().int().nullable(),
  lastMinuteDays: z.number().int().nullable(),
  earlyBirdDiscount: z.number().int().nullable(),
  earlyBirdDays: z.number().int().nullable(),
  touristTaxPerPerson: ZMoney.nullable(),
  touristTaxPercent: z.number().nullable(),
  maxNights: z.number().int().nullable(),
  securityDeposit: ZMoney.nullable(),
  checkInDays: z.array(z.number().int()),
  checkOutDays: z.array(z.number().int()),
});
export type TPricing = z.infer<typeof ZPricing>;
