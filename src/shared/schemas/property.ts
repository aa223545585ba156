import { z } from 'zod';
import {
  AMENITIES,
  BATHROOM_CHOICES,
  BEDROOM_CHOICES,
  BOOKING_MODES,
  DEFAULT_BOOKING_MODE,
  MAX_GUEST_CHOICES,
  MAX_IMAGES,
  MAX_VIDEOS,
  MIN_IMAGES,
  PROPERTY_TYPES,
} from '../constants.ts';
import { CANCELLATION_POLICIES, DEFAULT_CANCELLATION_POLICY } from '../cancellation.ts';
import { zBool, ZId, ZMoney, zMoneyIn, zIdOf, zInt, ZIsoDate, zLine, zText, withDefault } from './common.ts';
import { BEDROOM_FILTER_MAX, BOUNDS_ERROR, parseBounds, PRICE_FILTER_MAX, SEARCH_SORTS } from '../search.ts';
import { CHECK_OUT_AFTER_CHECK_IN } from '../messages.ts';
import { ZPartyFields } from './booking.ts';
import { knownTimeZone } from '../home-time.ts';

export const ZCancellationPolicy = z.enum(CANCELLATION_POLICIES, {
  error: 'Cancellation policy must be flexible, moderate or strict',
});

/** Instant book, or request to book (docs/booking-operations.md#booking-modes). */
export const ZBookingMode = z.enum(BOOKING_MODES, { error: 'Booking mode must be instant or request' });

const oneOf = (choices: readonly number[], label: string) =>
  zInt(
    z
      .number({ error: `${label} must be a number` })
      .int({ error: `${label} must be a whole number` })
      .refine((n) => choices.includes(n), { error: `${label} must be one of ${choices.join(', ')}` }),
  );

/**
 * A media reference in a property body: a data URL to be stored (the form's upload), or the URL of
 * media this server already stores (kept as is on edit). Anything else is refused.
 */
export const ZMediaRef = zLine('File')
  // The real limits (3 MB per image, VIDEO_MAX_BYTES per video) answer 413 with a clear message on the
  // server; this only stops absurd strings before any work.
  .max(150_000_000, { error: 'File is too large' })
  .refine((s) => s.startsWith('data:') || /^\/media\/[A-Za-z0-9._-]+$/.test(s), {
    error: 'Each file must be a data URL or a stored /media/ URL',
  });

/** Decimal degrees as text or a number; '' clears it. Never hex, exponents or other forms. */
const DEGREES = /^-?\d{1,3}(\.\d{1,15})?$/;
const ZCoordinate = (label: string, limit: number) =>
  z
    .union([zLine(label), z.number()])
    .transform((v) => String(v).trim())
    .refine((v) => v === '' || (DEGREES.test(v) && Math.abs(Number(v)) <= limit), {
      error: `${label} must be a number between -${limit} and ${limit}`,
    })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

export const TIME_ZONE_ERROR = 'Time zone must be an IANA time zone name, such as Europe/Paris';

/**
 * A home's IANA time zone (docs/cancellation.md#the-homes-local-time), checked against the runtime's list
 * and stored as that list spells it. Empty or absent: guessed from the home's place on a create, kept as
 * it is on an update.
 */
export const ZTimeZone = zLine('Time zone')
  .trim()
  .max(64, { error: TIME_ZONE_ERROR })
  .transform((v, ctx) => {
    if (v === '') return undefined;
    const zone = knownTimeZone(v);
    if (!zone) ctx.addIssue({ code: 'custom', message: TIME_ZONE_ERROR, input: v });
    return zone ?? z.NEVER;
  })
  .meta({
    description: 'IANA time zone name; empty or absent: guessed from the location',
    example: 'Europe/Paris',
  });

/** The home clock query: one zone, an alias answered under the listed name it stands for (ZTimeZone). */
export const ZZoneClockInput = z.object({
  zone: ZTimeZone.pipe(z.string({ error: TIME_ZONE_ERROR })),
});

export const ZZoneClock = z.object({
  zone: z.string(),
  /** From each span's start (ms since the epoch): the zone's offset in minutes east of UTC and its short name. */
  spans: z.array(z.object({ from: z.number().int(), offset: z.number().int(), name: z.string() })),
  /** The first instant the spans no longer cover. */
  until: z.number().int(),
});

export const ZPropertyInput = z.object({
  title: zLine('Title')
    .trim()
    .min(1, { error: 'Title is required' })
    .max(200, { error: 'Title is too long' }),
  description: zText('Description')
    .trim()
    .min(1, { error: 'Description is required' })
    .max(10_000, { error: 'Description is too long' }),
  location: zLine('Location')
    .trim()
    .min(1, { error: 'Location is required' })
    .max(200, { error: 'Location is too long' }),
  price: zMoneyIn(
    'Price',
    z
      .number({ error: 'Price must be a number' })
      .min(1, { error: 'Price must be at least 1' })
      .max(1_000_000, { error: 'Price must be at most 1000000' }),
  ),
  bedrooms: oneOf(BEDROOM_CHOICES, 'Bedrooms'),
  bathrooms: oneOf(BATHROOM_CHOICES, 'Bathrooms'),
  maxGuests: oneOf(MAX_GUEST_CHOICES, 'Max guests'),
  propertyType: z.enum(PROPERTY_TYPES, { error: 'Property type must be apartment, house, cabin or villa' }),
  amenities: z
    .array(z.enum(AMENITIES, { error: 'Unknown amenity' }))
    .max(AMENITIES.length)
    .default([]),
  categories: z
    .array(zLine('Category').trim().min(1).max(60))
    .max(20, { error: 'At most 20 categories' })
    .default([]),
  latitude: ZCoordinate('Latitude', 90),
  longitude: ZCoordinate('Longitude', 180),
  images: z
    .array(ZMediaRef)
    .min(MIN_IMAGES, { error: 'At least 5 images are required' })
    .max(MAX_IMAGES, { error: 'Maximum of 20 images allowed' }),
  videos: z.array(ZMediaRef).max(MAX_VIDEOS, { error: 'Maximum of 3 videos allowed' }).default([]),
  showLogo: withDefault(zBool('showLogo must be true or false'), false),
  guestFavorite: withDefault(zBool('guestFavorite must be true or false'), false),
  cancellationPolicy: ZCancellationPolicy.default(DEFAULT_CANCELLATION_POLICY),
  bookingMode: ZBookingMode.default(DEFAULT_BOOKING_MODE),
  timeZone: ZTimeZone.optional(),
});
export type TPropertyInput = z.input<typeof ZPropertyInput>;
export type TPropertyInputParsed = z.output<typeof ZPropertyInput>;

/** PUT /properties/{id}: the same body as a create, plus the id from the path. */
export const ZPropertyUpdateInput = ZPropertyInput.extend({ id: ZId });

/** A property with bookings is archived rather than deleted, so its booking history stays. */
export const ZPropertyDeleteResult = z.object({ id: z.number().int(), archived: z.boolean() });
export type TPropertyDeleteResult = z.infer<typeof ZPropertyDeleteResult>;

export const ZProperty = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  location: z.string(),
  price: ZMoney,
  images: z.array(z.string()),
  videos: z.array(z.string()),
  bedrooms: z.number().int(),
  bathrooms: z.number().int(),
  maxGuests: z.number().int(),
  amenities: z.array(z.string()),
  categories: z.array(z.string()),
  latitude: z.string().nullable(),
  longitude: z.string().nullable(),
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  showLogo: z.boolean(),
  guestFavorite: z.boolean(),
  propertyType: z.string(),
  cancellationPolicy: ZCancellationPolicy,
  bookingMode: ZBookingMode,
  /** The home's IANA time zone: deadlines and message times are its clock. */
  timeZone: z.string(),
  createdAt: z.string(),
});
export type TProperty = z.infer<typeof ZProperty>;

/** What a home-grid card needs: no description, videos or amenities. */
export const ZPropertyCard = ZProperty.pick({
  id: true,
  title: true,
  location: true,
  price: true,
  images: true,
  bedrooms: true,
  maxGuests: true,
  rating: true,
  reviewCount: true,
  propertyType: true,
  guestFavorite: true,
  categories: true,
  latitude: true,
  longitude: true,
}).extend({
  /**
   * With dates in the search: the total the booking card's quote shows for the stay and the party it starts
   * with (the search's guests, else the default), fees, discounts and taxes included (docs/money.md#search-totals).
   */
  stayTotal: ZMoney.optional(),
  /** With dates: the same stay's amounts, runs of nights at one price and every line after them, in USD. */
  stayPrice: z
    .object({
      nights: z.array(z.object({ price: ZMoney, count: z.number().int() })),
      lines: z.array(ZMoney),
    })
    .optional(),
});
export type TPropertyCard = z.infer<typeof ZPropertyCard>;

/**
 * Keyset position of a sorted search: `<sort>:<sort key>:<id>`, the last card's. The recommended order
 * (newest first) pages on the plain numeric `cursor` the search has always documented; the other sorts
 * page on `after`, a field of its own, so that `cursor` keeps its documented type in /api/openapi.json.
 */
export const SEARCH_CURSOR_PATTERN =
  /^(price_asc|price_desc|rating):(-?\d+(?:\.\d+)?(?:e-?\d+)?):(\d{1,10})$/;

/** One value or several (`?types=cabin&types=villa` arrives as an array, `?types=cabin` as a string). */
const ZOneOrMany = <T extends z.ZodType>(item: T) =>
  z.union([z.array(item), item]).transform((v): z.output<T>[] => (Array.isArray(v) ? v : [v]));

const ZPriceBound = (label: string) =>
  zInt(
    z
      .number({ error: `${label} must be a number` })
      .int({ error: `${label} must be a whole number of dollars` })
      .min(0, { error: `${label} must be at least 0` })
      .max(PRICE_FILTER_MAX, { error: `${label} must be at most ${PRICE_FILTER_MAX}` }),
  );

/**
 * The home search (docs/decisions.md#search-paging, #search-in-url): the tRPC input, the REST query of GET /api/search/properties
 * (repeat `types` and `amenities` for several) and the contract the home URL's plain parser follows.
 * Prices are per night in USD on the home's base price, with or without dates (see searchProperties).
 */
export const ZSearchInput = z
  .object({
    category: zLine('Category').trim().max(60).optional(),
    location: zLine('Location').trim().max(200).optional(),
    checkIn: ZIsoDate.optional(),
    checkOut: ZIsoDate.optional(),
    guests: zInt(
      z
        .number({ error: 'Guests must be a number' })
        .int({ error: 'Guests must be a whole number' })
        .min(1)
        .max(100),
    ).optional(),
    /**
     * The rest of the party, as the quote takes it (docs/booking-operations.md#guests): `guests` are the
     * adults; children count towards capacity, infants do not, and pets keep only homes that allow them.
     */
    ...ZPartyFields,
    minPrice: ZPriceBound('Minimum price').optional(),
    maxPrice: ZPriceBound('Maximum price').optional(),
    types: ZOneOrMany(
      z.enum(PROPERTY_TYPES, { error: 'Property type must be apartment, house, cabin or villa' }),
    ).optional(),
    bedrooms: zInt(
      z
        .number({ error: 'Bedrooms must be a number' })
        .int({ error: 'Bedrooms must be a whole number' })
        .min(1)
        .max(BEDROOM_FILTER_MAX),
    ).optional(),
    /** Homes that have every one of these. */
    amenities: ZOneOrMany(z.enum(AMENITIES, { error: 'Unknown amenity' })).optional(),
    /** `south,west,north,east`: only homes whose map position lies in this area. */
    bounds: zLine('Bounds')
      .transform((value, ctx) => {
        const bounds = parseBounds(value);
        if (!bounds) ctx.addIssue({ code: 'custom', message: BOUNDS_ERROR });
        return bounds ?? z.NEVER;
      })
      .meta({ description: 'south,west,north,east in degrees', example: '25.7,-80.3,25.9,-80.1' })
      .optional(),
    sort: z
      .enum(SEARCH_SORTS, { error: `Sort must be one of ${SEARCH_SORTS.join(', ')}` })
      .default('recommended'),
    /** The previous page's nextCursor, in the recommended order. */
    cursor: zIdOf('Cursor').optional(),
    after: zLine('Cursor')
      .regex(SEARCH_CURSOR_PATTERN, { error: 'Invalid cursor' })
      .meta({ description: "The previous page's nextAfter, in the other sorts: '<sort>:<key>:<id>'" })
      .optional(),
    limit: withDefault(
      zInt(
        z
          .number({ error: 'Limit must be a number' })
          .int({ error: 'Limit must be a whole number' })
          .min(1)
          .max(48),
      ),
      12,
    ),
  })
  .refine((v) => !v.checkIn || !v.checkOut || v.checkOut > v.checkIn, {
    error: CHECK_OUT_AFTER_CHECK_IN,
    path: ['checkOut'],
  })
  .refine((v) => v.minPrice === undefined || v.maxPrice === undefined || v.minPrice <= v.maxPrice, {
    error: 'Minimum price must not exceed the maximum price',
    path: ['maxPrice'],
  })
  .refine((v) => v.cursor === undefined || v.sort === 'recommended', {
    error: 'The cursor belongs to another sort',
    path: ['cursor'],
  })
  .refine((v) => v.after === undefined || v.after.startsWith(`${v.sort}:`), {
    error: 'The cursor belongs to another sort',
    path: ['after'],
  });
export type TSearchInput = z.input<typeof ZSearchInput>;
export type TSearchInputParsed = z.output<typeof ZSearchInput>;

export const ZSearchResult = z.object({
  items: z.array(ZPropertyCard),
  /** The next page's `cursor` in the recommended order (the last id); null in the other sorts. */
  nextCursor: z.number().int().nullable(),
  /** The next page's `after` in the other sorts; null in the recommended order. */
  nextAfter: z.string().nullable(),
});
export type TSearchResult = z.infer<typeof ZSearchResult>;

export const ZBlockedRange = z.object({ checkIn: z.string(), checkOut: z.string() });
export type TBlockedRange = z.infer<typeof ZBlockedRange>;

/** What deleting a home would do: archive it (it has bookings) and how many stays are still ahead. */
export const ZPropertyDeleteImpact = z.object({
  id: z.number().int(),
  bookings: z.number().int(),
  upcoming: z.number().int(),
  willArchive: z.boolean(),
});
export type TPropertyDeleteImpact = z.infer<typeof ZPropertyDeleteImpact>;
