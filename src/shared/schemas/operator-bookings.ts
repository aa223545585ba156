import { z } from 'zod';
import { CHECK_OUT_AFTER_CHECK_IN, PROPERTY_NOT_FOUND } from '../messages.ts';
import {
  CHANGE_REQUEST_STATUSES,
  NOTHING_TO_CHANGE,
  OPERATOR_SOURCES,
  OVERRIDE_NEEDS_REASON,
} from '../operator-bookings.ts';
import { ZAdminBooking } from './admin.ts';
import { ZGuestCount, ZPartyFields, ZQuoteLine } from './booking.ts';
import { ZId, ZMoney, zMoneyIn, zBool, zIdOf, ZIsoDate, zLine, zText } from './common.ts';
import { ZManageToken } from './manage.ts';

/** Bookings the operator makes and changes, and the guest's change requests (docs/booking-operations.md). */

const ZParty = { guests: ZGuestCount, ...ZPartyFields };

const ZPropertyRef = zIdOf('Property id', PROPERTY_NOT_FOUND);

const checkOutAfterCheckIn = (v: { checkIn?: string | undefined; checkOut?: string | undefined }) =>
  !v.checkIn || !v.checkOut || v.checkOut > v.checkIn;

export const ZOperatorGuest = z.object(
  {
    name: zLine('Name', 'Name is required')
      .trim()
      .min(2, { error: 'Name is required' })
      .max(100, { error: 'Name is too long' }),
    email: z
      .email({ error: 'Valid email is required' })
      .max(254, { error: 'Valid email is required' })
      .optional(),
    phone: zLine('Phone').trim().max(40, { error: 'Valid phone number is required' }).optional(),
  },
  { error: 'The guest is required' },
);

/**
 * A booking the operator enters (phone, walk-in or an owner's stay): confirmed at once, priced by the
 * quote unless `totalPrice` overrides it, which then needs `overrideReason`.
 */
export const ZOperatorBookingInput = z
  .object({
    propertyId: ZPropertyRef,
    checkIn: ZIsoDate,
    checkOut: ZIsoDate,
    ...ZParty,
    source: z.enum(OPERATOR_SOURCES, { error: 'Source must be phone, walk_in or owner' }),
    sourceDetail: zLine('Source detail').trim().max(200, { error: 'Source detail is too long' }).optional(),
    guest: ZOperatorGuest,
    totalPrice: zMoneyIn(
      'Total price',
      z
        .number({ error: 'Total price must be a number' })
        .min(0, { error: 'Total price cannot be negative' })
        .max(10_000_000, { error: 'Total price is too high' }),
    ).optional(),
    overrideReason: zLine('Override reason')
      .trim()
      .max(500, { error: 'Override reason is too long' })
      .optional(),
  })
  .refine(checkOutAfterCheckIn, { error: CHECK_OUT_AFTER_CHECK_IN, path: ['checkOut'] })
  .refine((v) => v.totalPrice === undefined || Boolean(v.overrideReason), {
    error: OVERRIDE_NEEDS_REASON,
    path: ['overrideReason'],
  });
export type TOperatorBookingInput = z.input<typeof ZOperatorBookingInput>;

/** A change to a booking: any of dates, home and party; `dryRun` quotes it without saving. */
export const ZBookingChangeInput = z
  .object({
    id: ZId,
    checkIn: ZIsoDate.optional(),
    checkOut: ZIsoDate.optional(),
    propertyId: ZPropertyRef.optional(),
    guests: ZGuestCount.optional(),
    ...ZPartyFields,
    dryRun: zBool('dryRun must be true or false').optional(),
  })
  .refine(checkOutAfterCheckIn, { error: CHECK_OUT_AFTER_CHECK_IN, path: ['checkOut'] })
  .refine(
    (v) =>
      [v.checkIn, v.checkOut, v.propertyId, v.guests, v.children, v.infants, v.pets].some(
        (x) => x !== undefined,
      ),
    { error: NOTHING_TO_CHANGE },
  );
export type TBookingChangeInput = z.input<typeof ZBookingChangeInput>;

export const ZBookingChangeResult = z.object({
  booking: ZAdminBooking,
  /** False for a dry run: nothing was saved. */
  applied: z.boolean(),
  previousTotal: ZMoney,
  total: ZMoney,
  /** total − previousTotal: more to pay when positive, to give back when negative. */
  difference: ZMoney,
  /** What the payments ledger now shows as still to pay and to give back (cents, docs/payments.md). */
  balanceDue: z.number().int(),
  refundDue: z.number().int(),
  /** The new price as the booking's snapshot keeps it: its nights, their sum, and every line after them. */
  nights: z.number().int(),
  subtotal: ZMoney,
  lines: z.array(ZQuoteLine),
});
export type TBookingChangeResult = z.infer<typeof ZBookingChangeResult>;

export const ZChangeRequestInput = z
  .object({
    token: ZManageToken,
    checkIn: ZIsoDate,
    checkOut: ZIsoDate,
    ...ZParty,
    message: zText('Message').trim().max(1000, { error: 'Message is too long' }).optional(),
  })
  .refine(checkOutAfterCheckIn, { error: CHECK_OUT_AFTER_CHECK_IN, path: ['checkOut'] });
export type TChangeRequestInput = z.input<typeof ZChangeRequestInput>;

export const ZChangeRequest = z.object({
  id: z.number().int(),
  bookingId: z.number().int(),
  checkIn: z.string(),
  checkOut: z.string(),
  guests: z.number().int(),
  children: z.number().int(),
  infants: z.number().int(),
  pets: z.number().int(),
  message: z.string().nullable(),
  status: z.enum(CHANGE_REQUEST_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
});
export type TChangeRequest = z.infer<typeof ZChangeRequest>;

export const ZGuestChangeRequest = z.object({ request: ZChangeRequest.nullable() });

export const ZChangeRequestRef = z.object({ id: ZId, requestId: ZId });
export const ZChangeRequestDecline = ZChangeRequestRef.extend({
  reason: zLine('Reason').trim().max(500, { error: 'Reason is too long' }).optional(),
});
