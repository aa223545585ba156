import { z } from 'zod';
import { ZBooking, ZBookingStatus, ZQuoteLine } from './booking.ts';
import { ZId, ZMoney, zMoneyIn, zInt, zLine, zText } from './common.ts';
import { ZCancellationPolicy } from './property.ts';
import { ZGuestPayment } from './guest-payment.ts';
import { VALID_EMAIL } from '../messages.ts';

/** A manage-booking link's token (docs/decisions.md#secret-links): base32, at least 128 bits; anything else is simply unknown. */
export const ZManageToken = zLine('Token').trim().max(200);
export const ZManageTokenParam = z.object({ token: ZManageToken });

export const ZStayReviewFields = {
  rating: zInt(
    z
      .number({ error: 'Rating must be a number' })
      .int({ error: 'Rating must be a whole number' })
      .min(1, { error: 'Please choose a rating from 1 to 5 stars' })
      .max(5, { error: 'Please choose a rating from 1 to 5 stars' }),
  ),
  comment: zText('Review', 'Please write a few words about your stay')
    .trim()
    .min(10, { error: 'Please write at least 10 characters' })
    .max(2000, { error: 'Your review is too long (2000 characters at most)' }),
};
export const ZStayReviewForm = z.object(ZStayReviewFields);
export type TStayReviewForm = z.input<typeof ZStayReviewForm>;

/**
 * Stored contact details as they are: the booking form's rules apply to what a guest writes, and a booking
 * the operator entered may have no phone or country (docs/booking-operations.md#operator-bookings).
 */
const ZStoredContact = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  country: z.string(),
  specialRequests: z.string().optional(),
});

/**
 * What the guest needs to arrive (docs/trip-page.md), from the home's arrival details. The check-in
 * instructions are null until `instructionsFrom`: the server leaves them out of the answer before then.
 */
export const ZTripFacts = z.object({
  /** The home's clock times (`HH:MM`), its own or the defaults. */
  checkInTime: z.string(),
  checkOutTime: z.string(),
  /** Check-in and check-out as instants (ISO), the clock times on those days at the home. */
  arrivesAt: z.string(),
  leavesAt: z.string(),
  address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  houseRules: z.string().nullable(),
  /** Null before `instructionsFrom`, for a booking not confirmed, or when the home has none. */
  checkInInstructions: z.string().nullable(),
  /** When the instructions show (ISO); null when the home has none to show. */
  instructionsFrom: z.string().nullable(),
  /** The same instant as the home's clock shows it: 'Dec 20, 2026, 3:00 PM JST'. */
  instructionsFromText: z.string().nullable(),
});
export type TTripFacts = z.infer<typeof ZTripFacts>;

// Online check-in's answer lives here, where the trip page reads it; its inputs are in check-in.ts.
/** Why the door code is not shown yet; empty once it is. */
export const DOOR_CODE_WAITS = ['check_in', 'payment', 'time', 'status'] as const;

/** A stay's check-in as its guest sees it. */
export const ZGuestCheckIn = z.object({
  requireId: z.boolean(),
  /** The agreement filled in for this stay (as it would be signed now, or as it was signed). */
  agreement: z.string().nullable(),
  done: z.boolean(),
  checkedInAt: z.string().nullable(),
  arrivalTime: z.string().nullable(),
  adults: z.array(z.string()),
  phone: z.string().nullable(),
  idPhotoOnFile: z.boolean(),
  signedName: z.string().nullable(),
  signedAt: z.string().nullable(),
  /** The door code, only once checked in, paid and its time has come (docs/check-in.md#door-codes). */
  doorCode: z.string().nullable(),
  doorCodeFrom: z.string(),
  /** Where and when the code will appear, in the home's clock; null once shown. */
  doorCodeNote: z.string().nullable(),
  doorCodeWaits: z.array(z.enum(DOOR_CODE_WAITS)),
});
export type TGuestCheckIn = z.infer<typeof ZGuestCheckIn>;

/** One booking as its guest sees it: the manage page and the detail view of My bookings. */
export const ZManagedBooking = z.object({
  id: z.number().int(),
  confirmationNumber: z.string(),
  status: ZBookingStatus,
  checkIn: z.string(),
  checkOut: z.string(),
  nights: z.number().int(),
  guests: z.number().int(),
  nightlyPrice: ZMoney,
  /** Each night's price from check-in on, as booked (the lines of the price breakdown). */
  nightPrices: z.array(ZMoney),
  subtotal: ZMoney,
  /** Every line after the nights as booked (docs/money.md): discounts, fees, GST, tourist tax. */
  lines: z.array(ZQuoteLine),
  taxRate: z.number(),
  taxAmount: ZMoney,
  totalPrice: ZMoney,
  contactInfo: ZStoredContact.nullable(),
  createdAt: z.string(),
  property: z.object({
    id: z.number().int(),
    title: z.string(),
    location: z.string(),
    cover: z.string().nullable(),
  }),
  cancellationPolicy: ZCancellationPolicy,
  /** The home's IANA time zone: deadlines are stated in its local time. */
  timeZone: z.string(),
  /** ISO instant; cancelling is free strictly before it. */
  cancellationDeadline: z.string(),
  /** True while the guest may cancel: free before the deadline, for `cancellationFee` after it until the stay begins. */
  canCancel: z.boolean(),
  /** What cancelling now costs: 0 while free, the late fee after the deadline; null when it cannot be cancelled. */
  cancellationFee: ZMoney.nullable(),
  /**
   * What cancelling now does with the money paid, in the ledger's minor units (docs/payments.md#cancellation):
   * what was paid, the fee kept of it, and the refund, to the cards and by the operator. Null when the
   * booking cannot be cancelled now.
   */
  cancelMoney: z
    .object({
      currency: z.string(),
      paid: z.number().int(),
      kept: z.number().int(),
      refund: z.number().int(),
      toCard: z.number().int(),
      byOperator: z.number().int(),
    })
    .nullable()
    .optional(),
  /** What a cancelled booking's guest cancellation cost (null when free, or not cancelled by the guest). */
  cancellationFeeCharged: ZMoney.nullable(),
  /** True once the stay's check-out day has come: a completed stay, nothing left to cancel. */
  stayOver: z.boolean(),
  canReview: z.boolean(),
  review: z.object({ rating: z.number().int(), comment: z.string(), date: z.string() }).nullable(),
  /** True when the signed-in user may add this guest booking to their account (same e-mail). */
  claimable: z.boolean(),
  /** A request's answer deadline (docs/booking-operations.md#booking-modes); null otherwise. */
  respondBy: z.string().nullable().optional(),
  /** Who else stays, past the counted guests (docs/booking-operations.md#guests). */
  children: z.number().int().optional(),
  infants: z.number().int().optional(),
  pets: z.number().int().optional(),
  trip: ZTripFacts,
  payment: ZGuestPayment,
  /** True while the stay is under way at the home (docs/trip-page.md#a-stay-under-way). */
  underWay: z.boolean(),
  /** Online check-in, the agreement and the stay's door code (docs/check-in.md). */
  onlineCheckIn: ZGuestCheckIn,
});
export type TManagedBooking = z.infer<typeof ZManagedBooking>;

export const ZBookingIdInput = z.object({ id: ZId });

/**
 * The late fee the guest saw and accepts, in currency units as it was shown (`52.65`), read into minor
 * units. Past the free window a cancel without it, or with a different amount, is refused with the
 * current fee, so nobody pays an amount they were not shown.
 */
const ZAcceptedFee = zMoneyIn(
  'The accepted fee',
  z
    .number({ error: 'The accepted fee must be a number' })
    .min(0, { error: 'The accepted fee cannot be negative' }),
).optional();
export const ZManageCancelInput = z.object({ token: ZManageToken, acceptedFee: ZAcceptedFee });
export const ZMineCancelInput = z.object({ id: ZId, acceptedFee: ZAcceptedFee });
export const ZManageReviewInput = z.object({ token: ZManageToken, ...ZStayReviewFields });
export const ZMineReviewInput = z.object({ id: ZId, ...ZStayReviewFields });

export const ZLookupInput = z.object({
  confirmationNumber: zLine('Confirmation number', 'Please enter your confirmation number')
    .trim()
    .min(1, { error: 'Please enter your confirmation number' })
    .max(20, { error: 'Please enter your confirmation number' }),
  email: z.email({ error: VALID_EMAIL }).max(254, { error: VALID_EMAIL }),
});
export type TLookupInput = z.input<typeof ZLookupInput>;

export const LOOKUP_NEUTRAL_MESSAGE =
  'If a booking matches these details, we have sent a link to manage it to its e-mail address.';
export const ZMessageResult = z.object({ message: z.string() });
export type TMessageResult = z.infer<typeof ZMessageResult>;

export const ZCreatedBooking = ZBooking.extend({
  /** The manage link's token (`/manage/{token}`), shown once in the confirmation dialog. */
  manageToken: z.string(),
});
