import { z } from 'zod';
import { ZBookingStatus } from './booking.ts';
import { ZId } from './common.ts';

export const ADMIN_BOOKINGS_PAGE_SIZE = 50;
export const ADMIN_BOOKINGS_MAX_PAGE_SIZE = 200;

/** Server paging of the admin bookings table (`bookings.page`, GET /api/bookings/page). */
const ZPage = z.coerce
  .number({ error: 'Page must be a number' })
  .int({ error: 'Page must be a whole number' })
  .min(1, { error: 'Page must be at least 1' })
  .max(1_000_000, { error: 'Page is too large' });
const ZPageSize = z.coerce
  .number({ error: 'Page size must be a number' })
  .int({ error: 'Page size must be a whole number' })
  .min(1, { error: 'Page size must be at least 1' })
  .max(ADMIN_BOOKINGS_MAX_PAGE_SIZE, { error: `Page size must be at most ${ADMIN_BOOKINGS_MAX_PAGE_SIZE}` });

export const ZAdminBookingListInput = z
  .object({ page: ZPage.default(1), pageSize: ZPageSize.default(ADMIN_BOOKINGS_PAGE_SIZE) })
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
  totalPrice: z.number().int(),
  status: ZBookingStatus,
  confirmationNumber: z.string(),
  createdAt: z.string(),
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

export const ZBookingStatusInput = z.object({ id: ZId, status: ZBookingStatus });
export type TBookingStatusInput = z.input<typeof ZBookingStatusInput>;

export const ZDashboard = z.object({
  totalProperties: z.number().int(),
  totalBookings: z.number().int(),
  /** Sum of totalPrice over bookings that are not cancelled, in dollars. */
  totalRevenue: z
    .number()
    .int()
    .meta({ description: 'Sum of totalPrice of bookings that are not cancelled (USD)' }),
  pendingBookings: z.number().int(),
  recentBookings: z.array(
    z.object({
      id: z.number().int(),
      confirmationNumber: z.string(),
      checkIn: z.string(),
      checkOut: z.string(),
      status: ZBookingStatus,
    }),
  ),
  recentProperties: z.array(
    z.object({ id: z.number().int(), title: z.string(), location: z.string(), price: z.number().int() }),
  ),
});
export type TDashboard = z.infer<typeof ZDashboard>;
