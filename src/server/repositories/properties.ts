import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type Selectable } from 'kysely';
import type { TCancellationPolicy } from '#shared/cancellation.ts';
import { HOLDING_STATUSES, type TBookingMode, type TPropertyType } from '#shared/constants.ts';
import type { TProperty } from '#shared/schemas/property.ts';
import { Booking } from '../entities/booking.entity.ts';
import { Property } from '../entities/property.entity.ts';
import { scopedHomes, type THomeScope } from './home-scope.ts';
import { db, listed, type TDB } from './db.ts';
import { liveProperty, preparedRows } from './sql.ts';

/**
 * Every query of the `properties` aggregate except the home search (property-search.ts). ORM queries see listed homes only
 * (Property's default `listed` filter); Kysely reads use `listed()`, the prepared read `liveProperty`.
 */

/** The columns a property DTO needs, for a Kysely select of `properties`. */
export const PROPERTY_FIELDS = [
  'id',
  'title',
  'description',
  'location',
  'price',
  'images',
  'videos',
  'bedrooms',
  'bathrooms',
  'max_guests',
  'amenities',
  'categories',
  'latitude',
  'longitude',
  'rating',
  'review_count',
  'show_logo',
  'guest_favorite',
  'property_type',
  'cancellation_policy',
  'booking_mode',
  'time_zone',
  'created_at',
] as const;

/** PROPERTY_FIELDS with a table alias, for a query that joins `properties` as `alias`. */
export function propertyFields<A extends string>(alias: A) {
  return PROPERTY_FIELDS.map((c) => `${alias}.${c}` as const);
}

/** A `properties` row as PostgreSQL answers it (snake_case columns). */
type TPropertyRow = Pick<Selectable<TDB['properties']>, (typeof PROPERTY_FIELDS)[number]>;

/** The same columns as SQL text (`select ${PROPERTY_COLUMNS}` answers a TPropertyRow), for prepared reads. */
export const PROPERTY_COLUMNS = PROPERTY_FIELDS.join(', ');

/** The one row → TProperty mapper. */
export function toPropertyDto(r: TPropertyRow): TProperty {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    location: r.location,
    price: r.price,
    images: r.images,
    videos: r.videos ?? [],
    bedrooms: r.bedrooms,
    bathrooms: r.bathrooms,
    maxGuests: r.max_guests,
    amenities: r.amenities ?? [],
    categories: r.categories ?? [],
    latitude: r.latitude,
    longitude: r.longitude,
    rating: r.rating,
    reviewCount: r.review_count,
    showLogo: r.show_logo,
    guestFavorite: r.guest_favorite,
    propertyType: r.property_type,
    cancellationPolicy: r.cancellation_policy,
    bookingMode: r.booking_mode,
    timeZone: r.time_zone,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

// Raw SQL on the two most-read paths (GET /api/properties and the property page's byId): entity
// hydration and the identity map buy nothing for a read-only answer (figures in bench/RESULTS.md).
export async function listListedProperties(em: EntityManager): Promise<TProperty[]> {
  const rows = await db(em)
    .selectFrom('properties')
    .select(PROPERTY_FIELDS)
    .where(listed())
    .orderBy('id')
    .execute();
  return rows.map(toPropertyDto);
}

export async function findListedProperty(em: EntityManager, id: number): Promise<TProperty | null> {
  // A prepared statement: the property read is the site's most frequent query.
  const [row] = await preparedRows<TPropertyRow>(
    em,
    `select ${PROPERTY_COLUMNS} from properties where id = ? and ${liveProperty()}`,
    [id],
  );
  return row ? toPropertyDto(row) : null;
}

export async function propertyIsListed(em: EntityManager, id: number): Promise<boolean> {
  return (await em.count(Property, { id })) > 0;
}

/** Every column a create or update writes; `categoryKeys` always follows `categories`. */
export interface TPropertyColumns {
  title: string;
  description: string;
  location: string;
  price: number;
  images: string[];
  videos: string[];
  bedrooms: number;
  bathrooms: number;
  maxGuests: number;
  propertyType: TPropertyType;
  amenities: string[];
  categories: string[];
  latitude: string | null;
  longitude: string | null;
  showLogo: boolean;
  guestFavorite: boolean;
  cancellationPolicy: TCancellationPolicy;
  bookingMode: TBookingMode;
  timeZone: string;
}

function withKeys(columns: TPropertyColumns) {
  return { ...columns, categoryKeys: columns.categories.map((c) => c.toLowerCase()) };
}

export async function insertProperty(em: EntityManager, columns: TPropertyColumns): Promise<number> {
  const property = em.create(Property, withKeys(columns));
  await em.persist(property).flush();
  return property.id;
}

/** Replaces a listed property's columns; false when it is not listed. */
export async function updateListedProperty(
  em: EntityManager,
  id: number,
  columns: TPropertyColumns,
): Promise<boolean> {
  const property = await em.findOne(Property, id);
  if (!property) return false;
  em.assign(property, withKeys(columns));
  await em.flush();
  return true;
}

/**
 * Locks a listed property's row for the rest of the transaction; false when it is not listed. A booking
 * being inserted holds a key-share lock on it, so a count made after this cannot miss one.
 */
export async function lockListedProperty(tx: EntityManager, id: number): Promise<boolean> {
  return (await tx.findOne(Property, id, { lockMode: LockMode.PESSIMISTIC_WRITE })) !== null;
}

/** Whether any booking (any status) points at the property. */
export async function propertyHasBookings(tx: EntityManager, id: number): Promise<boolean> {
  return (await tx.count(Booking, { property: id })) > 0;
}

/** Takes the property out of every list; its bookings keep pointing at it. */
export async function archiveProperty(tx: EntityManager, id: number, now: Date): Promise<void> {
  await tx.nativeUpdate(Property, { id }, { archivedAt: now });
}

/** Deletes the property and, by ON DELETE CASCADE, its reviews. */
export async function deletePropertyRow(tx: EntityManager, id: number): Promise<void> {
  await tx.nativeDelete(Property, { id });
}

/** Listed homes for the sitemap, with the date each was last changed. */
export async function sitemapEntries(em: EntityManager): Promise<{ id: number; updated: Date }[]> {
  const rows = await em.find(Property, {}, { fields: ['id', 'createdAt'], orderBy: { id: 'asc' } });
  return rows.map((p) => ({ id: p.id, updated: new Date(p.createdAt) }));
}

/** Any property's title, archived or not (the admin calendar names what it shows). */
export async function propertyTitle(em: EntityManager, id: number): Promise<string | null> {
  const p = await em.findOne(Property, id, { fields: ['title'], filters: false });
  return p?.title ?? null;
}

/** How many bookings a home has, and how many of them (pending or confirmed) have not ended yet. */
export async function countBookingsOf(
  em: EntityManager,
  propertyId: number,
  today: string,
): Promise<{ bookings: number; upcoming: number }> {
  const [bookings, upcoming] = await Promise.all([
    em.count(Booking, { property: propertyId }),
    em.count(Booking, {
      property: propertyId,
      status: { $in: [...HOLDING_STATUSES] },
      checkOut: { $gt: today },
    }),
  ]);
  return { bookings, upcoming };
}

/** Archived homes, most recently archived first. */
export async function listArchivedProperties(
  em: EntityManager,
  scope: THomeScope = null,
): Promise<TProperty[]> {
  const rows = await scopedHomes(em, scope)
    .select(PROPERTY_FIELDS)
    .where(sql<boolean>`not (${listed()})`)
    .orderBy('archived_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toPropertyDto);
}

/** Takes a home out of the archive; answers false when no archived home has that id. */
export async function unarchiveProperty(em: EntityManager, id: number): Promise<boolean> {
  const archived = { id, archivedAt: { $ne: null } };
  return (await em.nativeUpdate(Property, archived, { archivedAt: null }, { filters: false })) > 0;
}
