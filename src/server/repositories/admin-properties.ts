import type { EntityManager } from '@mikro-orm/postgresql';
import type { TAdminListingFilter, TAdminListingSort } from '#shared/schemas/admin-tables.ts';
import type { TProperty } from '#shared/schemas/property.ts';
import { homesClause, type THomeScope } from './home-scope.ts';
import { PROPERTY_COLUMNS, selectProperties } from './properties.ts';

/**
 * The admin's listings table: one page and its count. Every sort column has a partial index over listed
 * homes ending in `id` (the tie-breaker), so a page is an index walk that stops after its rows; title and
 * location searches use trigram indexes; the unfiltered count comes from the running totals.
 */

const ORDER: Record<TAdminListingSort, string> = {
  id: 'id',
  title: 'title',
  location: 'location',
  price: 'price',
  bedrooms: 'bedrooms',
  bathrooms: 'bathrooms',
  maxGuests: 'max_guests',
};

/** ILIKE's own wildcards in what the admin typed match themselves. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function whereOf(
  f: Omit<TAdminListingFilter, 'sort' | 'dir' | 'page' | 'pageSize'>,
  scope: THomeScope,
): {
  sql: string;
  params: unknown[];
} {
  const parts = [f.status === 'archived' ? 'archived_at is not null' : 'archived_at is null'];
  const params: unknown[] = [];
  if (f.q) {
    parts.push('(title ilike ? or location ilike ?)');
    const pattern = `%${escapeLike(f.q)}%`;
    params.push(pattern, pattern);
  }
  if (f.type) {
    parts.push('property_type = ?');
    params.push(f.type);
  }
  if (f.category) {
    parts.push('category_keys @> array[?]::text[]');
    params.push(f.category.toLowerCase());
  }
  if (f.city) {
    // The city is what comes before the location's first comma ('Miami, Florida'), or the whole location.
    parts.push(`lower(split_part(location, ',', 1)) = lower(?)`);
    params.push(f.city);
  }
  const homes = homesClause('id', scope);
  return { sql: `where ${parts.join(' and ')}${homes.sql}`, params: [...params, ...homes.params] };
}

export async function listAdminPropertyRows(
  em: EntityManager,
  f: TAdminListingFilter,
  limit: number,
  offset: number,
  scope: THomeScope = null,
): Promise<TProperty[]> {
  const where = whereOf(f, scope);
  const dir = f.dir === 'desc' ? 'desc' : 'asc';
  return selectProperties(
    em,
    `select ${PROPERTY_COLUMNS} from properties ${where.sql}
      order by ${ORDER[f.sort]} ${dir}, id ${dir} limit ? offset ?`,
    [...where.params, limit, offset],
  );
}

export async function countAdminProperties(
  em: EntityManager,
  f: TAdminListingFilter,
  scope: THomeScope = null,
): Promise<number> {
  if (scope === null && f.status === 'active' && !f.q && !f.type && !f.category && !f.city) {
    const rows = await em.execute<{ n: number }[]>(
      `select coalesce(sum(n), 0)::int as n from admin_counters where name = 'properties:listed'`,
    );
    return rows[0]?.n ?? 0;
  }
  const where = whereOf(f, scope);
  const rows = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from properties ${where.sql}`,
    where.params,
  );
  return rows[0]?.n ?? 0;
}
