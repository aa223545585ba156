import { z } from 'zod';
import { ZBookingStatus, ZQuoteLine, ZSettableStatus } from './booking.ts';
import { ZGuestCheckIn } from './manage.ts';
import { SEARCH_TEXT_MAX, SORT_DIRS } from '../url-search.ts';
import { ZId, ZMoney, zInt, ZIsoDate, zLine, zText, withDefault } from './common.ts';

export const ADMIN_BOOKINGS_PAGE_SIZE = 50;
export const ADMIN_BOOKINGS_MAX_PAGE_SIZE = 200;

/** Server paging of the admin bookings table (`bookings.page`, GET /api/bookings/page). */
export const ZPage = zInt(
  z
    .number({ error: 'Page must be a number' })
    .int({ error: 'Page must be a whole number' })
    .min(1, { error: 'Page must be at least 1' })
    .max(1_000_000, { error: 'Page is too large' }),
);
export const ZPageSize = zInt(
  z
    .number({ error: 'Page size must be a number' })
    .int({ error: 'Page size must be a whole number' })
    .min(1, { error: 'Page size must be at least 1' })
    .max(ADMIN_BOOKINGS_MAX_PAGE_SIZE, {
      error: `Page size must be at most ${ADMIN_BOOKINGS_MAX_PAGE_SIZE}`,
    }),
);

import { ADMIN_BOOKING_SORTS } from '../constants.ts';
export { ADMIN_BOOKING_SORTS, type TAdminBookingSort } from '../constants.ts';

/**
 * What narrows the admin bookings table (and its CSV export): search by guest name, e-mail or Confirmation number,
 * status, the property, and stay dates (bookings with at least one night between `from` and `to`).
 */
export const ZAdminBookingFilter = z.object({
  q: zLine('Search')
    .trim()
    .max(SEARCH_TEXT_MAX, { error: `Search must be at most ${SEARCH_TEXT_MAX} characters` })
    .optional(),
  status: ZBookingStatus.optional(),
  propertyId: ZId.optional(),
  userId: ZId.optional().meta({ description: "Only this account's bookings (the Guests page)" }),
  from: ZIsoDate.optional(),
  to: ZIsoDate.optional(),
  sort: z.enum(ADMIN_BOOKING_SORTS, { error: 'Unknown sort column' }).default('createdAt'),
  dir: z.enum(SORT_DIRS, { error: 'Sort direction must be asc or desc' }).default('desc'),
});
export type TAdminBookingFilter = z.output<typeof ZAdminBookingFilter>;

export const ZAdminBookingListInput = ZAdminBookingFilter.extend({
  page: withDefault(ZPage, 1),
  pageSize: withDefault(ZPageSize, ADMIN_BOOKINGS_PAGE_SIZE),
})
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    error: 'The start date must be on or before the end date',
    path: ['to'],
  })
  .prefault({});
export type TAdminBookingListInput = z.input<typeof ZAdminBookingListInput>;

/** The spec's GET /bookings: every booking as a plain list, or one page of it when ?page is given. */
export const ZAdminBookingAllInput = z
  .object({
    page: ZPage.optional(),
    pageSize: ZPageSize.optional(),
  })
  .prefault({});

/** Stored contact details as they are, without re-applying the booking form's rules to old rows. */
const ZStoredContactInfo = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string().optional(),
  country: z.string().optional(),
  specialRequests: z.string().optional(),
});

export const ZAdminBooking = z.object({
  id: z.number().int(),
  propertyId: z.number().int(),
  property: z.object({ id: z.number().int(), title: z.string() }),
  userId: z.number().int().nullable(),
  user: z.object({ id: z.number().int(), name: z.string().nullable(), username: z.string() }).nullable(),
  contactInfo: ZStoredContactInfo.nullable(),
  checkIn: z.string(),
  checkOut: z.string(),
  guests: z.number().int(),
  totalPrice: ZMoney,
  status: ZBookingStatus,
  confirmationNumber: z.string(),
  createdAt: z.string(),
  /** The balance could not be charged to the saved card and is still owed: the list's 'Balance charge failed'. */
  balanceChargeFailed: z.boolean(),
});
export type TAdminBooking = z.infer<typeof ZAdminBooking>;

export const ZAdminBookingList = z
  .object({
    items: z.array(ZAdminBooking),
    total: z.number().int().meta({ description: 'Number of bookings in all pages' }),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ description: 'One page of bookings, newest first, with the total count' });
export type TAdminBookingList = z.infer<typeof ZAdminBookingList>;

export const ZBookingStatusInput = z.object({ id: ZId, status: ZSettableStatus });
export type TBookingStatusInput = z.input<typeof ZBookingStatusInput>;

export const BULK_BOOKINGS_MAX = 100;

/** Bulk confirm or cancel: all of them change, or none (a clash names the booking). */
export const ZBookingBulkStatusInput = z.object({
  ids: z
    .array(ZId)
    .min(1, { error: 'Choose at least one booking' })
    .max(BULK_BOOKINGS_MAX, { error: `At most ${BULK_BOOKINGS_MAX} bookings at once` }),
  status: ZSettableStatus,
});
export const ZBookingBulkStatusResult = z.object({ updated: z.array(ZAdminBooking) });

export const ZBookingNoteInput = z.object({
  id: ZId,
  body: zText('Note')
    .trim()
    .min(1, { error: 'Write a note first' })
    .max(2000, { error: 'A note must be at most 2000 characters' }),
});

export const ZBookingNote = z.object({
  id: z.number().int(),
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type TBookingNote = z.infer<typeof ZBookingNote>;

/** Everything the booking drawer shows. */
/** The same for the operator: every code, the ID photo's link and where the signature came from. */
export const ZAdminCheckIn = ZGuestCheckIn.extend({
  doorCode: z.string(),
  signedIp: z.string().nullable(),
  /** `/api/admin/bookings/{id}/id-photo`, while the photo is kept; null without one. */
  idPhotoUrl: z.string().nullable(),
  idPhotoDeletedAt: z.string().nullable(),
  agreementPdfUrl: z.string().nullable(),
});
export type TAdminCheckIn = z.infer<typeof ZAdminCheckIn>;

export const ZAdminBookingDetail = ZAdminBooking.extend({
  /** A request's answer deadline (docs/booking-operations.md#booking-modes); null otherwise. */
  respondBy: z.string().nullable().optional(),
  /** Who else stays, past the counted guests (docs/booking-operations.md#guests). */
  children: z.number().int().optional(),
  infants: z.number().int().optional(),
  pets: z.number().int().optional(),
  price: z.object({
    nights: z.number().int(),
    nightlyPrice: ZMoney,
    taxRate: z.number(),
    taxAmount: ZMoney,
    total: ZMoney,
    nightPrices: z.array(ZMoney).nullable(),
    /** Every line after the nights as booked (docs/money.md). */
    lines: z.array(ZQuoteLine),
  }),
  history: z.array(
    z.object({
      at: z.string(),
      actorName: z.string(),
      action: z.string(),
      from: ZBookingStatus.nullable(),
      to: ZBookingStatus,
      /** What an entry that is not a status change did: entered by the operator, changed, a change asked for. */
      detail: z.string().optional(),
    }),
  ),
  emails: z.array(
    z.object({
      id: z.number().int(),
      to: z.string(),
      subject: z.string(),
      template: z.string(),
      status: z.string(),
      createdAt: z.string(),
      sentAt: z.string().nullable(),
    }),
  ),
  notes: z.array(ZBookingNote),
  /** Online check-in, the signed agreement and the stay's door code (docs/check-in.md). */
  onlineCheckIn: ZAdminCheckIn.optional(),
});
export type TAdminBookingDetail = z.infer<typeof ZAdminBookingDetail>;

export const ZBookingExport = z.object({
  filename: z.string(),
  rows: z.number().int(),
  csv: z
    .string()
    .meta({ description: 'RFC 4180 CSV; cells a spreadsheet would run as formulas are escaped' }),
});

const ZDashboardStay = z.object({
  id: z.number().int(),
  confirmationNumber: z.string(),
  guestName: z.string(),
  propertyTitle: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  status: ZBookingStatus,
});
export type TDashboardStay = z.infer<typeof ZDashboardStay>;

export const DASHBOARD_TODAY_LIST = 10;
export const OCCUPANCY_DAYS = 30;
export const REVENUE_MONTHS = 12;

export const ZDashboard = z.object({
  totalProperties: z.number().int(),
  totalBookings: z.number().int(),
  /** The spec's figure: what guests are charged, taxes and fees included, in dollars with cents. */
  totalRevenue: z.number().meta({
    description:
      'Sum of totalPrice of bookings that are not cancelled (USD), nor declined: every pending, requested and confirmed booking, all dates, taxes and fees included',
  }),
  pendingBookings: z.number().int(),
  requestedBookings: z.number().int().meta({
    description: "Requests to book awaiting the operator's answer (status requested)",
  }),
  recentBookings: z.array(
    z.object({
      id: z.number().int(),
      confirmationNumber: z.string(),
      checkIn: z.string(),
      checkOut: z.string(),
      status: ZBookingStatus,
      guestName: z.string(),
      propertyId: z.number().int(),
      propertyTitle: z.string(),
    }),
  ),
  recentProperties: z.array(
    z.object({ id: z.number().int(), title: z.string(), location: z.string(), price: ZMoney }),
  ),
  /** The database's date: what "today" means for every figure below. */
  today: z.string(),
  checkInsToday: z.number().int(),
  checkOutsToday: z.number().int(),
  checkInsWeek: z.number().int().meta({ description: 'Arrivals from today through the next 6 days' }),
  checkOutsWeek: z.number().int().meta({ description: 'Departures from today through the next 6 days' }),
  inHouseNow: z.number().int().meta({
    description: 'Stays under way: checked in on or before today, leaving after today (pending or confirmed)',
  }),
  /** The first arrivals and departures of today (pending and confirmed stays). */
  arrivalsToday: z.array(ZDashboardStay),
  departuresToday: z.array(ZDashboardStay),
  occupancy: z
    .object({
      bookedNights: z.number().int(),
      availableNights: z.number().int(),
      rate: z.number().meta({ description: 'bookedNights / availableNights, 0 to 1' }),
      byDay: z.array(z.object({ date: z.string(), booked: z.number().int(), rate: z.number() })).meta({
        description:
          'Each of the next 30 nights: homes sold that night (imported stays included), and that over the homes available (0 to 1)',
      }),
    })
    .meta({
      description:
        'The next 30 nights by the reports’ definitions: nights sold (pending and confirmed stays, not owners’, and imported stays) over available nights (listed homes less blocked and owner nights)',
    }),
  revenueByMonth: z.array(z.object({ month: z.string(), revenue: z.number() })).meta({
    description:
      "Room revenue of the last 12 months (docs/reports.md): each pending or confirmed stay's nights less discounts, without taxes, cleaning and pet fees or owners' stays, spread over its nights (USD)",
  }),
  failedEmails: z.number().int(),
});
export type TDashboard = z.infer<typeof ZDashboard>;
