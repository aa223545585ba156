import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_LOCATION } from '../../../shared/constants.ts';
import type { TProperty, TPropertyCard, TSearchResult } from '../../../shared/schemas/property.ts';
import type { ZSearchInput } from '../../../shared/schemas/property.ts';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import { addStayTotals } from '../calendar/stay-totals.ts';
import { findListedProperty, listListedProperties } from '../../repositories/properties.ts';

import { PROPERTY_NOT_FOUND } from '../../../shared/messages.ts';

/** Re-exported for the services that import it from here; the wording lives in shared/messages.ts. */
export { PROPERTY_NOT_FOUND };

export async function listProperties(em: EntityManager): Promise<TProperty[]> {
  return listListedProperties(em);
}

export async function getProperty(em: EntityManager, id: number): Promise<TProperty> {
  const property = await findListedProperty(em, id);
  if (!property) throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
  return property;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

interface TCardRow {
  id: number;
  title: string;
  location: string;
  price: number;
  cover: string | null;
  bedrooms: number;
  max_guests: number;
  rating: number | null;
  review_count: number;
  property_type: string;
  guest_favorite: boolean;
  categories: string[];
}

/**
 * The home grid (DECISIONS 6, 12): filters in SQL, newest first, keyset-paged on id so page 50 costs
 * what page 1 costs and a property added between pages neither repeats nor skips one.
 */
export async function searchProperties(
  em: EntityManager,
  input: z.output<typeof ZSearchInput>,
): Promise<TSearchResult> {
  const where: string[] = ['p.archived_at is null'];
  const params: unknown[] = [];
  const category = input.category?.trim().toLowerCase();
  if (category) {
    where.push('p.category_keys @> array[?]::text[]');
    params.push(category);
  }
  const location = input.location?.trim();
  if (location && location.toLowerCase() !== DEFAULT_LOCATION.toLowerCase()) {
    where.push(`p.location ilike ? escape '\\'`);
    params.push(`%${escapeLike(location)}%`);
  }
  if (input.guests && input.guests > 1) {
    where.push('p.max_guests >= ?');
    params.push(input.guests);
  }
  if (input.checkIn && input.checkOut) {
    // Bookings, blocks and imported events all hold dates in date_holds (DECISIONS 21).
    where.push(`not exists (
      select 1 from date_holds h
       where h.property_id = p.id
         and daterange(h.start_date, h.end_date, '[)') && daterange(?::date, ?::date, '[)'))`);
    params.push(input.checkIn, input.checkOut);
  }
  if (input.cursor) {
    where.push('p.id < ?');
    params.push(input.cursor);
  }
  params.push(input.limit + 1);
  const rows = await em.getConnection().execute<TCardRow[]>(
    `select p.id, p.title, p.location, p.price, p.images[1] as cover, p.bedrooms, p.max_guests, p.rating,
            p.review_count, p.property_type, p.guest_favorite, p.categories
       from properties p
      where ${where.join(' and ')}
      order by p.id desc
      limit ?`,
    params,
  );
  const page = rows.slice(0, input.limit);
  const items: TPropertyCard[] = page.map((r) => ({
    id: r.id,
    title: r.title,
    location: r.location,
    price: r.price,
    images: r.cover ? [r.cover] : [],
    bedrooms: r.bedrooms,
    maxGuests: r.max_guests,
    rating: r.rating,
    reviewCount: r.review_count,
    propertyType: r.property_type,
    guestFavorite: r.guest_favorite,
    categories: r.categories,
  }));
  if (input.checkIn && input.checkOut) await addStayTotals(em, items, input.checkIn, input.checkOut);
  const last = page[page.length - 1];
  return { items, nextCursor: rows.length > input.limit && last ? last.id : null };
}
