import { z } from 'zod';
import { BOOKING_STATUSES, SETTABLE_STATUSES } from '../constants.ts';
import { LINE_KINDS } from '../pricing.ts';
import { OFFERED_METHODS } from '../payments.ts';
import { ZId, ZIsoDate, ZMoney, zMoneyIn, zIdOf, zInt, zLine, zText } from './common.ts';
import { AT_LEAST_ONE_GUEST, PROPERTY_NOT_FOUND } from '../messages.ts';
import { ZGuestPayment } from './guest-payment.ts';

export const ZContactInfo = z.object(
  {
    name: zLine('Name', 'Name is required')
      .trim()
      .min(2, { error: 'Name is required' })
      .max(100, { error: 'Name is too long' }),
    email: z.email({ error: 'Valid email is required' }).max(254, { error: 'Valid email is required' }),
    phone: zLine('Phone', 'Valid phone number is required')
      .trim()
      .min(6, { error: 'Valid phone number is required' })
      .max(40, { error: 'Valid phone number is required' }),
    country: zLine('Country/Region', 'Country/Region is required')
      .trim()
      .min(2, { error: 'Country/Region is required' })
      .max(100, { error: 'Country/Region is too long' }),
    specialRequests: zText('Special requests')
      .trim()
      .max(2000, { error: 'Special requests are too long' })
      .optional(),
  },
  { error: 'Contact information is required' },
);
export type TContactInfo = z.infer<typeof ZContactInfo>;

const ZPropertyRef = zIdOf('Property id', PROPERTY_NOT_FOUND);

export const ZGuestCount = zInt(
  z
    .number({ error: 'Guests must be a number' })
    .int({ error: 'Guests must be a whole number' })
    .min(1, { error: AT_LEAST_ONE_GUEST })
    .max(1000, { error: 'Too many guests' }),
);

const zPartyCount = (label: string, max: number) =>
  zInt(
    z
      .number({ error: `${label} must be a number` })
      .int({ error: `${label} must be a whole number` })
      .min(0, { error: `${label} cannot be negative` })
      .max(max, { error: `Too many ${label.toLowerCase()}` }),
  ).optional();

/** Past `guests` (the adults, docs/booking-operations.md#guests): infants do not count towards capacity. */
export const ZPartyFields = {
  children: zPartyCount('Children', 1000),
  infants: zPartyCount('Infants', 100),
  pets: zPartyCount('Pets', 20),
};

/**
 * The spec's booking payload. `userId` is accepted so old scripts keep working, and ignored (docs/decisions.md#booking-identity);
 * `totalPrice`, when sent, must equal the server's quote (docs/decisions.md#server-price).
 */
export const ZBookingCreateInput = z.object({
  propertyId: ZPropertyRef,
  userId: z.unknown().optional(),
  checkIn: ZIsoDate,
  checkOut: ZIsoDate,
  guests: ZGuestCount,
  ...ZPartyFields,
  totalPrice: zMoneyIn('Total price', z.number({ error: 'Total price must be a number' })).optional(),
  contactInfo: ZContactInfo,
});
export type TBookingCreateInput = z.input<typeof ZBookingCreateInput>;

export const ZBookingStatus = z.enum(BOOKING_STATUSES, {
  error: 'Status must be pending, requested, confirmed, cancelled or declined',
});

/** What the operator may set by hand: the spec's three (a request is accepted or declined instead). */
export const ZSettableStatus = z.enum(SETTABLE_STATUSES, {
  error: 'Status must be pending, confirmed or cancelled',
});

/** A line after a stay's nights: a discount (negative), a fee, the GST or the tourist tax (docs/money.md). */
export const ZQuoteLine = z.object({
  kind: z.enum(LINE_KINDS),
  label: z.string(),
  amount: ZMoney,
});

export const ZBooking = z.object({
  id: z.number().int(),
  propertyId: z.number().int(),
  userId: z.number().int().nullable(),
  checkIn: z.string(),
  checkOut: z.string(),
  guests: z.number().int(),
  totalPrice: ZMoney,
  status: ZBookingStatus,
  contactInfo: ZContactInfo.nullable(),
  nightlyPrice: ZMoney,
  nights: z.number().int(),
  taxRate: z.number(),
  taxAmount: ZMoney,
  /** Each night's price from check-in on (the snapshot of the home's rates); absent on older bookings. */
  nightPrices: z.array(ZMoney).nullable().optional(),
  /** Past the counted `guests` (adults and children): who else stays. */
  children: z.number().int().optional(),
  infants: z.number().int().optional(),
  pets: z.number().int().optional(),
  /** Every line after the nights as quoted (docs/money.md); absent on older bookings. */
  priceLines: z.array(ZQuoteLine).nullable().optional(),
  confirmationNumber: z.string(),
  createdAt: z.string(),
  /** A request to book: when it is declined unless answered first (docs/booking-operations.md#booking-modes). */
  respondBy: z.string().nullable().optional(),
});
export type TBooking = z.infer<typeof ZBooking>;

/** A stay to price; with `guests` its capacity is judged too (docs/booking-operations.md#stay-rules). */
export const ZQuoteInput = z.object({
  propertyId: ZPropertyRef,
  checkIn: ZIsoDate,
  checkOut: ZIsoDate,
  guests: ZGuestCount.optional(),
  ...ZPartyFields,
});
export type TQuoteInput = z.input<typeof ZQuoteInput>;

/** The server's price for a stay (docs/decisions.md#server-price); the same shape as `quoteStay`. */
export const ZQuote = z.object({
  nightlyPrice: ZMoney,
  nights: z.number().int(),
  subtotal: ZMoney,
  taxRate: z.number(),
  tax: ZMoney,
  total: ZMoney,
  /** Each night's price: the home's season, weekend or own price (docs/features.md#operator-calendar). */
  nightly: z.array(z.object({ date: z.string(), price: ZMoney })),
  /** Every line after the nights, in the order they apply: discounts, fees, GST, tourist tax (docs/money.md). */
  lines: z.array(ZQuoteLine),
  /**
   * False when the stay breaks a stay rule, or a booking, a block or an imported event already holds one
   * of its nights (docs/booking-operations.md#stay-rules); `reason` is then the booking's own refusal.
   */
  available: z.boolean(),
  reason: z.string().optional(),
  /**
   * What the booking's payment schedule would ask, booked now (docs/payments.md#schedule): the deposit at
   * booking and the balance by its date, or the whole amount at booking (`balanceDueOn` null).
   */
  schedule: z
    .object({
      deposit: z.number(),
      balance: z.number(),
      balanceDueOn: z.string().nullable(),
      /** The ways the booking could be paid, as its snapshot will offer them (card only while Stripe is set up). */
      methods: z.array(z.enum(OFFERED_METHODS)),
    })
    .optional(),
});
export type TStayQuote = z.infer<typeof ZQuote>;

/** A home's stay rules as a guest's booking card needs them (docs/decisions.md#booking-card-defaults): its own minimum or the settings'. */
export const ZStayRules = z.object({
  minNights: z.number().int(),
  maxNights: z.number().int(),
  advanceBookingDays: z.number().int(),
});
export type TStayRules = z.infer<typeof ZStayRules>;

/** A row of 'My bookings': the user's own booking with what the list shows of its property. */
export const ZMyBooking = z.object({
  id: z.number().int(),
  propertyId: z.number().int(),
  propertyTitle: z.string(),
  propertyImage: z.string().nullable(),
  checkIn: z.string(),
  checkOut: z.string(),
  /** The guests counted (adults and children), then who else stays (docs/booking-operations.md#guests). */
  guests: z.number().int(),
  children: z.number().int(),
  infants: z.number().int(),
  pets: z.number().int(),
  nights: z.number().int(),
  /** Each night's price as booked: a total in another currency is the sum of its converted lines. */
  nightPrices: z.array(ZMoney),
  taxAmount: ZMoney,
  /** Every line after the nights as booked (docs/money.md). */
  lines: z.array(ZQuoteLine),
  totalPrice: ZMoney,
  status: ZBookingStatus,
  confirmationNumber: z.string(),
  createdAt: z.string(),
  respondBy: z.string().nullable().optional(),
  /** The home's IANA time zone: a stay is under way by the home's calendar. */
  timeZone: z.string(),
  payment: ZGuestPayment,
  /** True while the stay is under way at the home: 'Current stay', with no Cancel. */
  underWay: z.boolean(),
});
export type TMyBooking = z.infer<typeof ZMyBooking>;

/** Why the operator declines a request to book: required, and written into the guest's e-mail. */
export const DECLINE_REASON_REQUIRED = 'Reason is required: tell the guest why the request is declined';
export const ZDeclineReason = zText('Reason', DECLINE_REASON_REQUIRED)
  .trim()
  .min(1, { error: DECLINE_REASON_REQUIRED })
  .max(500, { error: 'Reason must be at most 500 characters' });
export const ZDeclineRequestForm = z.object({ reason: ZDeclineReason });
export type TDeclineRequestForm = z.input<typeof ZDeclineRequestForm>;
export const ZDeclineRequestInput = ZDeclineRequestForm.extend({ id: ZId });
