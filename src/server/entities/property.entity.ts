import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { BaseEntity, oneOf } from './base.entity.ts';
import {
  CANCELLATION_POLICIES,
  DEFAULT_CANCELLATION_POLICY,
  type TCancellationPolicy,
} from '#shared/cancellation.ts';
import {
  BOOKING_MODES,
  DEFAULT_BOOKING_MODE,
  PROPERTY_TYPES,
  type TBookingMode,
  type TPropertyType,
} from '#shared/constants.ts';
import { guessHomeTimeZone } from '#shared/home-time.ts';

export const Property = defineEntity({
  name: 'Property',
  tableName: 'properties',
  extends: BaseEntity,
  properties: {
    title: p.string().length(200),
    description: p.text(),
    location: p.string().length(200),
    /** The nightly price in cents, as every amount is kept (docs/money.md#minor-units). */
    price: p.integer(),
    /** URLs into the media store; never file bytes (docs/decisions.md#media). */
    images: p.array().columnType('text[]'),
    videos: p.array().columnType('text[]').defaultRaw(`'{}'`),
    bedrooms: p.integer(),
    bathrooms: p.integer(),
    maxGuests: p.integer(),
    amenities: p.array().columnType('text[]').defaultRaw(`'{}'`),
    categories: p.array().columnType('text[]').defaultRaw(`'{}'`),
    /** Lower-cased copy of `categories`, kept by the service, so a GIN index serves case-insensitive matching. */
    categoryKeys: p.array().columnType('text[]').defaultRaw(`'{}'`).hidden(),
    latitude: p.string().length(32).nullable(),
    longitude: p.string().length(32).nullable(),
    /** Average of the reviews' ratings (docs/decisions.md#ratings); null until the first review. */
    rating: p.double().$type<number>().nullable(),
    reviewCount: p.integer().default(0),
    showLogo: p.boolean().default(false),
    guestFavorite: p.boolean().default(false),
    propertyType: p.string().length(20).default('apartment').$type<TPropertyType>(),
    /** Flexible, moderate or strict (docs/decisions.md#cancellation-policy). */
    cancellationPolicy: p
      .string()
      .length(10)
      .default(DEFAULT_CANCELLATION_POLICY)
      .$type<TCancellationPolicy>(),
    /** Instant book or request to book (docs/booking-operations.md#booking-modes). */
    bookingMode: p.string().length(10).default(DEFAULT_BOOKING_MODE).$type<TBookingMode>(),
    /**
     * The home's IANA time zone (docs/cancellation.md#the-homes-local-time): guessed from its place when a
     * home is created without one; a row written by hand in SQL gets UTC.
     */
    timeZone: p
      .string()
      .length(64)
      .defaultRaw(`'UTC'`)
      .onCreate((home: { location: string; latitude?: string | null; longitude?: string | null }) =>
        guessHomeTimeZone({
          location: home.location,
          latitude: home.latitude ?? null,
          longitude: home.longitude ?? null,
        }),
      ),
    /** Set when a property with booking history is deleted: it leaves every list but its bookings stay. */
    archivedAt: p.datetime().nullable(),
  },
  /**
   * The archived rule, in one place: every ORM query of Property sees listed homes only. A query that
   * must reach archived homes too (the admin's records) passes `filters: false`.
   */
  filters: { listed: { name: 'listed', cond: { archivedAt: null }, default: true } },
  indexes: [
    {
      name: 'properties_location_trgm_idx',
      expression:
        'create index "properties_location_trgm_idx" on "properties" using gin ("location" gin_trgm_ops)',
    },
    {
      name: 'properties_category_keys_idx',
      expression: 'create index "properties_category_keys_idx" on "properties" using gin ("category_keys")',
    },
    {
      name: 'properties_live_id_idx',
      expression:
        'create index "properties_live_id_idx" on "properties" ("id" desc) where "archived_at" is null',
    },
    // The home search's sorts: keysets on (price, id) both ways and (rating, unrated last; id).
    {
      name: 'properties_price_id_idx',
      expression:
        'create index "properties_price_id_idx" on "properties" ("price", "id") where "archived_at" is null',
    },
    {
      name: 'properties_rating_id_idx',
      expression:
        'create index "properties_rating_id_idx" on "properties" ((coalesce("rating", 0)), "id") where "archived_at" is null',
    },
    {
      name: 'properties_amenities_idx',
      expression: 'create index "properties_amenities_idx" on "properties" using gin ("amenities")',
    },
    // The map search's bounds: a GiST on the position, so a box finds its homes without a scan.
    {
      name: 'properties_geo_idx',
      expression:
        'create index "properties_geo_idx" on "properties" using gist ((point("longitude"::float8, "latitude"::float8))) where "archived_at" is null and "latitude" is not null and "longitude" is not null',
    },
    // A large map area as coordinate ranges (see property-search.ts): the planner estimates a range from
    // these indexes' statistics, which it keeps for whole-table indexes only (hence no partial index).
    {
      name: 'properties_lat_idx',
      expression: 'create index "properties_lat_idx" on "properties" (("latitude"::float8))',
    },
    {
      name: 'properties_lng_idx',
      expression: 'create index "properties_lng_idx" on "properties" (("longitude"::float8))',
    },
    {
      name: 'properties_title_trgm_idx',
      expression: 'create index "properties_title_trgm_idx" on "properties" using gin ("title" gin_trgm_ops)',
    },
    {
      // The admin's city filter: the part of the location before its first comma, case-insensitive. A trigram
      // match on a common city name read thousands of index entries (66 ms p95 at 100,000 homes).
      name: 'properties_city_idx',
      expression:
        'create index "properties_city_idx" on "properties" ((lower(split_part("location", \',\', 1))))',
    },
    // The admin listings table (docs/features.md#admin-back-office): one index per sort column over listed homes, ending in the id
    // tie-breaker, so a sorted page is an index walk that stops after its rows (the id sort uses live_id).
    ...(
      [
        ['title', 'title'],
        ['location', 'location'],
        ['price', 'price'],
        ['bedrooms', 'bedrooms'],
        ['bathrooms', 'bathrooms'],
        ['max_guests', 'max_guests'],
        ['type', 'property_type'],
      ] as const
    ).map(([name, column]) => ({
      name: `properties_live_${name}_idx`,
      expression: `create index "properties_live_${name}_idx" on "properties" ("${column}", "id") where "archived_at" is null`,
    })),
    {
      /** The few archived homes, so a query can leave them out with an anti-join instead of reading every home. */
      name: 'properties_archived_id_idx',
      expression:
        'create index "properties_archived_id_idx" on "properties" ("id") where "archived_at" is not null',
    },
  ],
  checks: [
    { name: 'properties_price_check', expression: 'price >= 1' },
    {
      name: 'properties_type_check',
      expression: oneOf('property_type', PROPERTY_TYPES),
    },
    {
      name: 'properties_cancellation_policy_check',
      expression: oneOf('cancellation_policy', CANCELLATION_POLICIES),
    },
    { name: 'properties_booking_mode_check', expression: oneOf('booking_mode', BOOKING_MODES) },
  ],
});
export type IProperty = InferEntity<typeof Property>;
