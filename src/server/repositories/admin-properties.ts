import type { EntityManager } from '@mikro-orm/postgresql';
import type { TAdminListingFilter, TAdminListingSort } from '#shared/schemas/admin-tables.ts';
import type { TProperty } from '#shared/schemas/property.ts';
import { sql } from 'kysely';
import { counterTotal } from './admin-counters.ts';
import { scopedHomes, type THomeScope } from './home-scope.ts';
import { PROPERTY_FIELDS, toPropertyDto } from './properties.ts';
import { containsPattern } from './sql.ts';

/**
 * The admin's listings table: one page and its count. Every sort column has a partial index over listed
 * homes ending in `id` (the tie-breaker), so a page is an index walk that stops after its rows; title and
 * location searches use trigram indexes; the unfiltered count comes from the running totals.
 */

const ORDER = {
  id: 'id',
  title: 'title',
  location: 'location',
  price: 'price',
  bedrooms: 'bedrooms',
  bathrooms: 'bathrooms',
  maxGuests: 'max_guests',
} as const satisfies Record<TAdminListingSort, string>;

type TListingWhere = Omit<TAdminListingFilter, 'sort' | 'dir' | 'page' | 'pageSize'>;

function filtered(em: EntityManager, f: TListingWhere, scope: THomeScope) {
  let q = scopedHomes(em, scope).where('archived_at', f.status === 'archived' ? 'is not' : 'is', null);
  if (f.q) {
    const pattern = containsPattern(f.q);
    q = q.where((eb) => eb.or([eb('title', 'ilike', pattern), eb('location', 'ilike', pattern)]));
  }
  if (f.type) q = q.where('property_type', '=', f.type);
  if (f.category) q = q.where(sql<boolean>`category_keys @> array[${f.category.toLowerCase()}]::text[]`);
  // The city is what comes before the location's first comma ('Miami, Florida'), or the whole location.
  if (f.city) q = q.where(sql<boolean>`lower(split_part(location, ',', 1)) = lower(${f.city})`);
  return q;
}

export async function listAdminPropertyRows(
  em: EntityManager,
  f: TAdminListingFilter,
  limit: number,
  offset: number,
  scope: THomeScope = null,
): Promise<TProperty[]> {
  const dir = f.dir === 'desc' ? 'desc' : 'asc';
  const rows = await filtered(em, f, scope)
    .select(PROPERTY_FIELDS)
    .orderBy(ORDER[f.sort], dir)
    .orderBy('id', dir)
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(toPropertyDto);
}

export async function countAdminProperties(
  em: EntityManager,
  f: TAdminListingFilter,
  scope: THomeScope = null,
): Promise<number> {
  if (scope === null && f.status === 'active' && !f.q && !f.type && !f.category && !f.city) {
    return counterTotal(em, { name: 'properties:listed' });
  }
  const row = await filtered(em, f, scope)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}
