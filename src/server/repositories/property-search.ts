import type { EntityManager } from '@mikro-orm/postgresql';
import type { TPropertyCard } from '#shared/schemas/property.ts';
import type { TBounds, TSearchSort } from '#shared/search.ts';
import { stayRulesColumns, toStayRules, type TRulesRow, type TStayRules } from './property-rates.ts';
import type { Selectable } from 'kysely';
import type { TDB } from './db.ts';
import { liveProperty, preparedRows, containsPattern } from './sql.ts';

/** What the home search filters on; every part is optional and they combine with AND. */
export interface TSearchFilters {
  /** Lower-cased category name. */
  category?: string;
  /** A substring of the location, matched case-insensitively. */
  location?: string;
  /** The guests who count towards capacity (adults and children): homes that sleep fewer are left out. */
  guests?: number;
  /** A stay: homes with any hold overlapping it are left out. */
  stay?: { checkIn: string; checkOut: string };
  minPrice?: number;
  maxPrice?: number;
  types?: string[];
  bedrooms?: number;
  amenities?: string[];
  bounds?: TBounds;
}

/** Where the previous page ended: its last card's sort key (none in the recommended order) and id. */
export interface TSearchAfter {
  key: number | null;
  id: number;
}

/**
 * Each order is a keyset on (key, id), served by an index on the same expression
 * (properties_live_id_idx, properties_price_id_idx, properties_rating_id_idx). Homes without a
 * rating sort as 0, after every rated one.
 */
const ORDERS: Record<TSearchSort, { key: string | null; dir: 'asc' | 'desc' }> = {
  recommended: { key: null, dir: 'desc' },
  price_asc: { key: 'p.price', dir: 'asc' },
  price_desc: { key: 'p.price', dir: 'desc' },
  rating: { key: 'coalesce(p.rating, 0)', dir: 'desc' },
};

/**
 * The map position as properties_geo_idx indexes it. Coordinates are stored as the admin typed them
 * (text, validated as numbers by ZPropertyInput), so the indexes are on the cast expressions.
 */
const GEO_POINT = 'point(p.longitude::float8, p.latitude::float8)';

/** A card's row: the home's own columns (types from the entity), its cover and its sort key. */
type TCardRow = Pick<
  Selectable<TDB['properties']>,
  | 'id'
  | 'title'
  | 'location'
  | 'price'
  | 'bedrooms'
  | 'max_guests'
  | 'rating'
  | 'review_count'
  | 'property_type'
  | 'guest_favorite'
  | 'categories'
  | 'latitude'
  | 'longitude'
> & { cover: string | null; sort_key: number | null };

function toCard(r: TCardRow): TPropertyCard {
  return {
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
    latitude: r.latitude,
    longitude: r.longitude,
  };
}

/** The map area as one box, or two across the antimeridian (west > east): [west, south, east, north]. */
function areaBoxes({ south, west, north, east }: TBounds): [number, number, number, number][] {
  return west <= east
    ? [[west, south, east, north]]
    : [
        [west, south, 180, north],
        [-180, south, east, north],
      ];
}

/**
 * At least this many homes in the map area make it 'dense'. PostgreSQL cannot estimate how many points
 * a box holds (`<@` on a point has a fixed guess of 0.1 % of the table), so a box alone would always be
 * planned as a handful of homes: right for a neighbourhood, very wrong for a city or a country.
 * A sparse area is asked of the GiST index, which reads fewer than this many homes.
 * A dense one is asked as latitude and longitude ranges instead, which PostgreSQL estimates from the
 * statistics of properties_lat_idx and properties_lng_idx: it then walks the sort's own index when the
 * area's homes are many among the filters, or intersects the two ranges' indexes when they are few
 * (an empty stretch of sea between two busy latitudes, or filters that are rare in this area).
 */
const DENSE_AREA = 500;

/**
 * The area's condition: the GiST box for a sparse area, the indexed coordinate ranges for a dense one.
 * Both keep exactly the homes inside the box, edges included (`<@` of a point in a box is exact).
 */
function areaPredicate(bounds: TBounds, dense: boolean): { sql: string; params: number[] } {
  const one = dense
    ? 'p.latitude::float8 between ? and ? and p.longitude::float8 between ? and ?'
    : `${GEO_POINT} <@ box(point(?, ?), point(?, ?))`;
  const boxes = areaBoxes(bounds);
  return {
    sql: `(${boxes.map(() => `(${one})`).join(' or ')})`,
    params: boxes.flatMap(([w, s, e, n]) => (dense ? [s, n, w, e] : [w, s, e, n])),
  };
}

/**
 * Whether the area holds at least DENSE_AREA listed homes. properties_in_box (a migration) counts them
 * through the GiST index and stops at the cap: with bitmap scans off, as the planner's guess of a few
 * homes would otherwise collect every home of a large box into a bitmap before counting 500 of them.
 */
async function isDenseArea(em: EntityManager, bounds: TBounds): Promise<boolean> {
  const boxes = areaBoxes(bounds);
  const [row] = await preparedRows<{ n: number }>(
    em,
    `select ${boxes.map(() => 'properties_in_box(box(point(?, ?), point(?, ?)), ?)').join(' + ')} as n`,
    boxes.flatMap((box) => [...box, DENSE_AREA]),
  );
  return (row?.n ?? 0) >= DENSE_AREA;
}

function whereFor(f: TSearchFilters, denseArea: boolean): { where: string[]; params: unknown[] } {
  const where: string[] = [liveProperty('p')];
  const params: unknown[] = [];
  if (f.category) {
    where.push('p.category_keys @> array[?]::text[]');
    params.push(f.category);
  }
  if (f.location) {
    where.push(`p.location ilike ? escape '\\'`);
    params.push(containsPattern(f.location));
  }
  if (f.guests && f.guests > 1) {
    where.push('p.max_guests >= ?');
    params.push(f.guests);
  }
  if (f.stay) {
    // Bookings, blocks and imported events all hold dates in date_holds (docs/decisions.md#held-dates).
    where.push(`not exists (
      select 1 from date_holds h
       where h.property_id = p.id
         and daterange(h.start_date, h.end_date, '[)') && daterange(?::date, ?::date, '[)'))`);
    params.push(f.stay.checkIn, f.stay.checkOut);
  }
  if (f.minPrice !== undefined) {
    where.push('p.price >= ?');
    params.push(f.minPrice);
  }
  if (f.maxPrice !== undefined) {
    where.push('p.price <= ?');
    params.push(f.maxPrice);
  }
  if (f.types?.length) {
    where.push(`p.property_type in (${f.types.map(() => '?').join(', ')})`);
    params.push(...f.types);
  }
  if (f.bedrooms && f.bedrooms > 1) {
    where.push('p.bedrooms >= ?');
    params.push(f.bedrooms);
  }
  if (f.amenities?.length) {
    where.push(`p.amenities @> array[${f.amenities.map(() => '?').join(', ')}]::text[]`);
    params.push(...f.amenities);
  }
  if (f.bounds) {
    const area = areaPredicate(f.bounds, denseArea);
    where.push('p.latitude is not null and p.longitude is not null', area.sql);
    params.push(...area.params);
  }
  return { where, params };
}

/** A card of the page, its sort key, and for a dated search its home's stay rules for those dates. */
export interface TSearchRow {
  card: TPropertyCard;
  key: number | null;
  rules: TStayRules | null;
}

/**
 * One page of the home grid in the given order, after `after` when given: `limit + 1` rows are read
 * so the caller knows whether another page follows. Returns the cards with their sort keys. A dated
 * search reads each card's stay rules (stayRulesColumns) in the same statement, for the page's rows
 * only (a materialized page): one round trip instead of two, the second costing the search ~0.3 ms of
 * node CPU per request at 200 dated searches a second.
 */
export async function searchCards(
  em: EntityManager,
  filters: TSearchFilters,
  sort: TSearchSort,
  after: TSearchAfter | undefined,
  limit: number,
): Promise<TSearchRow[]> {
  const dense = filters.bounds ? await isDenseArea(em, filters.bounds) : false;
  const { where, params } = whereFor(filters, dense);
  const { key, dir } = ORDERS[sort];
  const cmp = dir === 'asc' ? '>' : '<';
  if (after && key !== null) {
    where.push(`(${key}, p.id) ${cmp} (?, ?)`);
    params.push(after.key ?? 0, after.id);
  } else if (after) {
    where.push(`p.id ${cmp} ?`);
    params.push(after.id);
  }
  params.push(limit + 1);
  const page = `select p.id, p.title, p.location, p.price, p.images[1] as cover, p.bedrooms, p.max_guests, p.rating,
            p.review_count, p.property_type, p.guest_favorite, p.categories, p.latitude, p.longitude,
            ${key ?? 'null'} as sort_key
       from properties p
      where ${where.join(' and ')}
      order by ${key ? `${key} ${dir}, ` : ''}p.id ${dir}
      limit ?`;
  if (!filters.stay) {
    // Prepared for the bench's 'search at the database' and 'properties.search page 1/50 (HTTP)'.
    const rows = await preparedRows<TCardRow>(em, page, params);
    return rows.map((r) => ({ card: toCard(r), key: r.sort_key, rules: null }));
  }
  const rules = stayRulesColumns('page', filters.stay.checkIn, filters.stay.checkOut);
  const rows = await preparedRows<TCardRow & TRulesRow>(
    em,
    `with page as materialized (${page})
     select page.*, ${rules.sql}
       from page
      order by ${key ? `page.sort_key ${dir}, ` : ''}page.id ${dir}`,
    [...params, ...rules.params],
  );
  return rows.map((r) => ({ card: toCard(r), key: r.sort_key, rules: toStayRules(r) }));
}
