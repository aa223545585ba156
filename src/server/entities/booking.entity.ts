import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { BaseEntity, oneOf } from './base.entity.ts';
import { BOOKING_STATUSES, type TBookingStatus } from '#shared/constants.ts';
import type { TContactInfo } from '#shared/schemas/booking.ts';
import type { TQuoteLine } from '#shared/pricing.ts';
import { BOOKING_SOURCES, type TBookingSource } from '#shared/operator-bookings.ts';
import { Property } from './property.entity.ts';
import { User } from './user.entity.ts';

/**
 * No double bookings under any concurrency (docs/decisions.md#no-double-bookings, #held-dates): a trigger gives every pending or confirmed
 * booking a row in `date_holds`, whose exclusion constraint also covers blocks and imported events.
 */
export const Booking = defineEntity({
  name: 'Booking',
  tableName: 'bookings',
  extends: BaseEntity,
  properties: {
    /** Null for a guest booking (docs/decisions.md#booking-identity). */
    user: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
    property: () => p.manyToOne(Property).deleteRule('restrict'),
    /** Calendar dates as `yyyy-MM-dd` strings (docs/decisions.md#calendar-dates). */
    checkIn: p.date(),
    checkOut: p.date(),
    /** The guests counted towards capacity: adults and children (docs/booking-operations.md#guests). */
    guests: p.integer(),
    children: p.smallint().default(0),
    infants: p.smallint().default(0),
    pets: p.smallint().default(0),
    /** Cents, as every amount of the price snapshot below (docs/money.md#minor-units). */
    totalPrice: p.integer(),
    status: p.string().length(20).default('pending').$type<TBookingStatus>(),
    /** A request to book: when it is declined unless the operator answers first (docs/booking-operations.md#booking-modes); null otherwise. */
    respondBy: p.datetime().nullable(),
    contactInfo: p.json<TContactInfo>().nullable(),
    /** The price snapshot (docs/decisions.md#server-price). */
    nightlyPrice: p.integer(),
    nights: p.integer(),
    taxRate: p.double().$type<number>(),
    taxAmount: p.integer(),
    /** The price of each night from check-in on (the home's rates at booking time); null before rates existed. */
    nightPrices: p.array<number>().columnType('integer[]').nullable(),
    /** What a guest's cancellation after the free window cost (docs/cancellation.md); null when free or not cancelled by the guest. */
    cancellationFee: p.integer().nullable(),
    /** Every line after the nights (fees, discounts, GST, tourist tax) as quoted (docs/money.md); null before lines were kept. */
    priceLines: p.json<TQuoteLine[]>().nullable(),
    confirmationNumber: p.string().length(12).unique(),
    /** When the guest was invited to review the stay (the day after check-out), so it happens once. */
    reviewInvitedAt: p.datetime().nullable(),
    /**
     * The booking's own outbox entry (docs/decisions.md#emails): set by the booking's statement when its emails are due,
     * it holds the one thing they need that the database does not keep, the manage link's token (only its
     * hash is stored). The booking-emails job writes the emails from the booking and clears it, once.
     */
    emailsToken: p.string().length(32).nullable(),
    /** Where the booking came from: the site, or the operator's phone, walk-in or owner entry (docs/booking-operations.md#operator-bookings). */
    source: p.string().length(20).default('website').$type<TBookingSource>(),
    sourceDetail: p.string().length(200).nullable(),
    /** Why the operator set the price by hand instead of the quote's; null when the quote's price stands. */
    priceOverrideReason: p.string().length(500).nullable(),
    /**
     * The stay's revenue parts in minor units (docs/reports.md), set from the price snapshot by the bookings'
     * row trigger (booking_revenue_parts, the report-revenue migration): room revenue, the pass-through fees (cleaning,
     * pets), the GST, the tourist tax, and the cancellation fee a cancelled booking keeps, without its GST.
     */
    roomMinor: p.integer().default(0),
    feesMinor: p.integer().default(0),
    gstMinor: p.integer().default(0),
    touristTaxMinor: p.integer().default(0),
    keptMinor: p.integer().default(0),
  },
  indexes: [
    /**
     * The admin table (docs/features.md#admin-back-office): filters, sorts and the dashboard's today/occupancy/revenue figures.
     * Each sort index ends in `id`, the tie-breaker of every ordering, so a page is read in index order and
     * stops after its rows instead of sorting the whole table.
     */
    { name: 'bookings_created_id_idx', properties: ['createdAt', 'id'] },
    { name: 'bookings_status_created_id_idx', properties: ['status', 'createdAt', 'id'] },
    /** Sort by total within a status, and the dashboard's counters and revenue read from the index alone. */
    { name: 'bookings_status_total_id_idx', properties: ['status', 'totalPrice', 'id'] },
    {
      /** Stays that hold nights: occupancy and revenue by month read this index alone. */
      name: 'bookings_holding_check_in_idx',
      expression: `create index "bookings_holding_check_in_idx" on "bookings" ("check_in") include ("check_out", "property_id", "total_price") where "status" <> 'cancelled'`,
    },
    {
      /** The business reports' stays of a range by check-in, read from the index alone (docs/staff.md#reports). */
      name: 'bookings_report_stays_idx',
      expression: `create index "bookings_report_stays_idx" on "bookings" ("check_in") include ("check_out", "status", "total_price", "created_at", "property_id", "source")`,
    },
    {
      /** The reports' nights and room revenue by month: the sold stays grouped by date pair from the index alone. */
      name: 'bookings_sold_stays_idx',
      expression: `create index "bookings_sold_stays_idx" on "bookings" ("check_in", "check_out") include ("room_minor", "created_at", "source") where "status" in ('pending', 'confirmed')`,
    },
    {
      /** The reports' nights and revenue by home, summed in home order from the index alone. */
      name: 'bookings_holding_home_idx',
      expression: `create index "bookings_holding_home_idx" on "bookings" ("property_id") include ("check_in", "check_out", "room_minor", "source") where "status" in ('pending', 'confirmed')`,
    },
    {
      /** Owners' own stays of a range (the reports' owner nights), by their check-out. */
      name: 'bookings_owner_stays_idx',
      expression: `create index "bookings_owner_stays_idx" on "bookings" ("check_out") include ("check_in", "property_id") where "source" = 'owner' and "status" in ('pending', 'confirmed')`,
    },
    {
      /** Bookings whose emails are still to be written: the sweep's look for jobs that never went. */
      name: 'bookings_emails_pending_idx',
      expression: `create index "bookings_emails_pending_idx" on "bookings" ("created_at") where "emails_token" is not null`,
    },
    {
      /** The requests still awaiting an answer, by deadline: the expiry job's look. */
      name: 'bookings_requested_respond_by_idx',
      expression: `create index "bookings_requested_respond_by_idx" on "bookings" ("respond_by") where "status" = 'requested'`,
    },
    { name: 'bookings_check_in_idx', properties: ['checkIn'] },
    { name: 'bookings_check_out_idx', properties: ['checkOut'] },
    { name: 'bookings_property_check_in_idx', properties: ['property', 'checkIn'] },
    {
      name: 'bookings_search_trgm_idx',
      // Must stay identical to BOOKING_SEARCH_EXPR in repositories/admin-bookings.ts.
      expression: `create index "bookings_search_trgm_idx" on "bookings" using gin ((lower(coalesce(contact_info->>'name', '') || ' ' || coalesce(contact_info->>'email', '') || ' ' || confirmation_number)) gin_trgm_ops)`,
    },
  ],
  checks: [
    { name: 'bookings_status_check', expression: oneOf('status', BOOKING_STATUSES) },
    { name: 'bookings_dates_check', expression: 'check_out > check_in' },
    { name: 'bookings_guests_check', expression: 'guests >= 1' },
    { name: 'bookings_source_check', expression: oneOf('source', BOOKING_SOURCES) },
  ],
});
export type IBooking = InferEntity<typeof Booking>;
