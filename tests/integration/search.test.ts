import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSearchInput } from '../../src/shared/schemas/property.ts';
import { nextSearchPage } from '../../src/shared/search.ts';
import { callerFor, createTestDatabase, type TTestDb } from '../support/db.ts';
import { createProperty } from '../support/fixtures.ts';

let db: TTestDb;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

/** A location no other test uses, so each test can scope its searches to its own rows. */
function uniquePlace(): string {
  return `Testville ${randomBytes(4).toString('hex')}`;
}

async function book(
  propertyId: number,
  checkIn: string,
  checkOut: string,
  status: 'pending' | 'confirmed' | 'cancelled',
) {
  await db.sql(
    `insert into bookings (property_id, check_in, check_out, guests, total_price, status, nightly_price, nights, tax_rate, tax_amount, confirmation_number)
     values ($1, $2, $3, 1, 117, $4, 100, 1, 17, 17, $5)`,
    [propertyId, checkIn, checkOut, status, `BIC${randomBytes(4).toString('hex')}`],
  );
}

/** Every id a search returns, following each page's position to the end; asserts each page's size on the way. */
async function searchAll(
  input: Omit<TSearchInput, 'cursor' | 'after'>,
  between?: () => Promise<void>,
): Promise<number[]> {
  const { caller } = callerFor(db, null);
  const ids: number[] = [];
  const limit = Number(input.limit ?? 12);
  let position: ReturnType<typeof nextSearchPage> = null;
  for (let guard = 0; guard < 1000; guard++) {
    const page = await caller.properties.search({ ...input, ...position });
    ids.push(...page.items.map((p) => p.id));
    position = nextSearchPage(page);
    if (position === null) {
      expect(page.items.length).toBeLessThanOrEqual(limit);
      return ids;
    }
    expect(page.items).toHaveLength(limit);
    const lastId = page.items[page.items.length - 1]?.id;
    // The recommended order keeps the plain numeric id cursor; sorted pages end on sort:key:id in `after`.
    if ((input.sort ?? 'recommended') === 'recommended') {
      expect(page.nextCursor).toBe(lastId);
      expect(page.nextAfter).toBeNull();
    } else {
      expect(page.nextCursor).toBeNull();
      expect(page.nextAfter).toMatch(new RegExp(`^${input.sort}:[-\\d.e]+:${lastId}$`));
    }
    await between?.();
  }
  throw new Error('paging never ended');
}

describe('properties.search filters', () => {
  it('filters by category, case-insensitively, among each property’s categories', async () => {
    const place = uniquePlace();
    const em = db.em();
    const beach = await createProperty(em, { location: place, categories: ['Beach'] });
    const both = await createProperty(em, { location: place, categories: ['Mountain', 'Lakefront'] });
    const none = await createProperty(em, { location: place, categories: [] });

    expect(await searchAll({ location: place, category: 'beach' })).toEqual([beach.id]);
    expect(await searchAll({ location: place, category: 'LAKEFRONT' })).toEqual([both.id]);
    expect(await searchAll({ location: place, category: ' Mountain ' })).toEqual([both.id]);
    expect(await searchAll({ location: place, category: 'Mount' })).toEqual([]);
    expect(await searchAll({ location: place })).toEqual([none.id, both.id, beach.id]);
  });

  it('filters by a case-insensitive substring of the location; Anywhere means no filter', async () => {
    const tag = randomBytes(4).toString('hex');
    const em = db.em();
    const a = await createProperty(em, { location: `Seaside ${tag}, Portugal` });
    const b = await createProperty(em, { location: `Old Town ${tag}, Portugal` });
    await createProperty(em, { location: `Elsewhere ${randomBytes(4).toString('hex')}` });

    expect(await searchAll({ location: tag.toUpperCase() })).toEqual([b.id, a.id]);
    expect(await searchAll({ location: `seaside ${tag}` })).toEqual([a.id]);
    expect(await searchAll({ location: `${tag}, portugal` })).toEqual([b.id, a.id]);

    const everyone = await searchAll({});
    expect(await searchAll({ location: 'Anywhere' })).toEqual(everyone);
    expect(await searchAll({ location: 'anywhere' })).toEqual(everyone);
    expect(await searchAll({ location: '   ' })).toEqual(everyone);
  });

  it('treats LIKE wildcards in the location as plain text', async () => {
    const place = uniquePlace();
    const em = db.em();
    const percent = await createProperty(em, { location: `${place} 100% sun` });
    await createProperty(em, { location: `${place} 1000 sun` });
    expect(await searchAll({ location: `${place} 100%` })).toEqual([percent.id]);
    expect(await searchAll({ location: `${place} 1_0` })).toEqual([]);
    expect(await searchAll({ location: '%' })).toEqual([percent.id]);
  });

  it('keeps properties whose maxGuests is at least the guest count', async () => {
    const place = uniquePlace();
    const em = db.em();
    const two = await createProperty(em, { location: place, maxGuests: 2 });
    const four = await createProperty(em, { location: place, maxGuests: 4 });
    const ten = await createProperty(em, { location: place, maxGuests: 10 });

    expect(await searchAll({ location: place, guests: 1 })).toEqual([ten.id, four.id, two.id]);
    expect(await searchAll({ location: place, guests: 2 })).toEqual([ten.id, four.id, two.id]);
    expect(await searchAll({ location: place, guests: 3 })).toEqual([ten.id, four.id]);
    expect(await searchAll({ location: place, guests: 4 })).toEqual([ten.id, four.id]);
    expect(await searchAll({ location: place, guests: 11 })).toEqual([]);
  });

  it('excludes properties with an overlapping pending or confirmed booking only', async () => {
    const place = uniquePlace();
    const em = db.em();
    const free = await createProperty(em, { location: place });
    const pending = await createProperty(em, { location: place });
    const confirmed = await createProperty(em, { location: place });
    const cancelled = await createProperty(em, { location: place });
    const endsOnArrival = await createProperty(em, { location: place });
    const startsOnDeparture = await createProperty(em, { location: place });
    const partial = await createProperty(em, { location: place });
    const enclosing = await createProperty(em, { location: place });
    const inside = await createProperty(em, { location: place });

    // The searched stay: 2031-03-10 to 2031-03-15 (nights of the 10th to the 14th).
    await book(pending.id, '2031-03-09', '2031-03-11', 'pending');
    await book(confirmed.id, '2031-03-14', '2031-03-20', 'confirmed');
    await book(cancelled.id, '2031-03-10', '2031-03-15', 'cancelled');
    await book(endsOnArrival.id, '2031-03-05', '2031-03-10', 'confirmed');
    await book(startsOnDeparture.id, '2031-03-15', '2031-03-18', 'confirmed');
    await book(partial.id, '2031-03-12', '2031-03-13', 'pending');
    await book(enclosing.id, '2031-03-01', '2031-03-31', 'confirmed');
    await book(inside.id, '2031-03-11', '2031-03-12', 'confirmed');

    const found = await searchAll({ location: place, checkIn: '2031-03-10', checkOut: '2031-03-15' });
    expect(found.sort((x, y) => x - y)).toEqual(
      [free.id, cancelled.id, endsOnArrival.id, startsOnDeparture.id].sort((x, y) => x - y),
    );

    // Other dates: only the month-long booking still blocks.
    const later = await searchAll({ location: place, checkIn: '2031-03-25', checkOut: '2031-04-02' });
    expect(later).not.toContain(enclosing.id);
    expect(later).toHaveLength(8);

    // A single date alone filters nothing (both are needed to define a stay).
    expect(await searchAll({ location: place, checkIn: '2031-03-10' })).toHaveLength(9);
  });

  it('combines category, location, guests and dates', async () => {
    const place = uniquePlace();
    const em = db.em();
    const match = await createProperty(em, {
      location: `${place} North`,
      categories: ['Beach', 'Design'],
      maxGuests: 6,
    });
    await createProperty(em, { location: `${place} North`, categories: ['City'], maxGuests: 6 }); // wrong category
    await createProperty(em, {
      location: `Far away ${randomBytes(3).toString('hex')}`,
      categories: ['Design'],
      maxGuests: 6,
    }); // wrong place
    await createProperty(em, { location: `${place} South`, categories: ['Design'], maxGuests: 2 }); // too small
    const booked = await createProperty(em, {
      location: `${place} South`,
      categories: ['design'],
      maxGuests: 8,
    });
    await book(booked.id, '2031-06-01', '2031-06-08', 'confirmed');

    expect(
      await searchAll({
        category: 'Design',
        location: place,
        guests: 5,
        checkIn: '2031-06-03',
        checkOut: '2031-06-05',
      }),
    ).toEqual([match.id]);
    expect(await searchAll({ category: 'Design', location: place, guests: 5 })).toEqual([
      booked.id,
      match.id,
    ]);
    expect(await searchAll({ category: 'design', location: place })).toHaveLength(3);
    expect(
      await searchAll({
        category: 'design',
        location: `${place} south`,
        checkIn: '2031-06-08',
        checkOut: '2031-06-09',
      }),
    ).toHaveLength(2);
  });

  it('hides archived properties and returns card fields with the cover image only', async () => {
    const place = uniquePlace();
    const em = db.em();
    const live = await createProperty(em, {
      location: place,
      title: 'Card test',
      price: 321,
      propertyType: 'cabin',
    });
    await createProperty(em, { location: place, archivedAt: new Date() });
    const noImages = await createProperty(em, { location: place, images: [] });

    const { caller } = callerFor(db, null);
    const page = await caller.properties.search({ location: place });
    expect(page.items.map((p) => p.id)).toEqual([noImages.id, live.id]);
    expect(page.nextCursor).toBeNull();
    expect(page.items[1]).toEqual({
      id: live.id,
      title: 'Card test',
      location: place,
      price: 321,
      images: [live.images[0]],
      bedrooms: 2,
      maxGuests: 4,
      rating: null,
      reviewCount: 0,
      propertyType: 'cabin',
      guestFavorite: false,
      categories: ['Beach'],
      latitude: '25.7617',
      longitude: '-80.1918',
    });
    expect(page.items[0]?.images).toEqual([]);
  });

  it('refuses a stay whose check-out is not after check-in', async () => {
    const { caller } = callerFor(db, null);
    await expect(
      caller.properties.search({ checkIn: '2031-01-10', checkOut: '2031-01-10' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Check-out must be after check-in',
    });
    await expect(
      caller.properties.search({ checkIn: '2031-02-30', checkOut: '2031-03-02' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});

describe('properties.search paging', () => {
  it('pages 12 at a time, newest first, through every property with no repeats or skips', async () => {
    const place = uniquePlace();
    const em = db.em();
    const created: number[] = [];
    for (let i = 0; i < 30; i++) created.push((await createProperty(em, { location: place })).id);

    const { caller } = callerFor(db, null);
    const first = await caller.properties.search({ location: place });
    expect(first.items).toHaveLength(12);
    const ids = await searchAll({ location: place });
    expect(ids).toEqual([...created].reverse());

    // Unfiltered: every live property in the database, each once.
    const rows = await db.sql<{ id: number }>(
      'select id from properties where archived_at is null order by id desc',
    );
    expect(await searchAll({})).toEqual(rows.map((r) => r.id));
  });

  it('ends exactly at a page boundary without an empty extra page', async () => {
    const place = uniquePlace();
    const em = db.em();
    for (let i = 0; i < 24; i++) await createProperty(em, { location: place });
    const { caller } = callerFor(db, null);
    const one = await caller.properties.search({ location: place });
    expect(one.nextCursor).not.toBeNull();
    const two = await caller.properties.search({ location: place, cursor: one.nextCursor ?? undefined });
    expect(two.items).toHaveLength(12);
    expect(two.nextCursor).toBeNull();
  });

  it('neither repeats nor skips a property while new ones are added between pages', async () => {
    const place = uniquePlace();
    const em = db.em();
    const original: number[] = [];
    for (let i = 0; i < 40; i++) original.push((await createProperty(em, { location: place })).id);

    const added: number[] = [];
    const ids = await searchAll({ location: place, limit: 7 }, async () => {
      // Three new matching listings land while the visitor reads each page.
      for (let i = 0; i < 3; i++) added.push((await createProperty(db.em(), { location: place })).id);
    });

    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...original].reverse());
    expect(added.length).toBeGreaterThan(0);
    // A fresh search sees them all, newest first.
    expect(await searchAll({ location: place })).toEqual([...original, ...added].reverse());
  });

  it('pages a filtered search through exactly its matches', async () => {
    const place = uniquePlace();
    const em = db.em();
    const created: number[] = [];
    for (let i = 0; i < 26; i++)
      created.push((await createProperty(em, { location: place, maxGuests: i % 2 === 0 ? 6 : 2 })).id);
    const big = created.filter((_, i) => i % 2 === 0);
    const ids = await searchAll({
      location: place,
      guests: 3,
      checkIn: '2032-01-01',
      checkOut: '2032-01-04',
      limit: 5,
    });
    expect(ids).toEqual([...big].reverse());
  });
});

describe('properties.search filters: price, type, bedrooms, amenities', () => {
  it('keeps homes whose nightly price lies in the range, ends included', async () => {
    const place = uniquePlace();
    const em = db.em();
    const [p50, p100, p150, p200] = await Promise.all(
      [50, 100, 150, 200].map(async (price) => createProperty(em.fork(), { location: place, price })),
    );
    const ids = (xs: { id: number }[]) => xs.map((x) => x.id).sort((a, b) => b - a);
    const sorted = (xs: number[]) => [...xs].sort((a, b) => b - a);
    expect(sorted(await searchAll({ location: place, minPrice: 100 }))).toEqual(ids([p100!, p150!, p200!]));
    expect(sorted(await searchAll({ location: place, maxPrice: 100 }))).toEqual(ids([p50!, p100!]));
    expect(sorted(await searchAll({ location: place, minPrice: 60, maxPrice: 150 }))).toEqual(
      ids([p100!, p150!]),
    );
    expect(await searchAll({ location: place, minPrice: 201 })).toEqual([]);
    // Dates do not change what the price filter reads: the nightly base price, not the stay total.
    expect(
      sorted(
        await searchAll({ location: place, maxPrice: 100, checkIn: '2033-01-01', checkOut: '2033-01-04' }),
      ),
    ).toEqual(ids([p50!, p100!]));
  });

  it('refuses a minimum above the maximum, or a negative price', async () => {
    const { caller } = callerFor(db, null);
    await expect(caller.properties.search({ minPrice: 300, maxPrice: 200 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Minimum price must not exceed the maximum price',
    });
    await expect(caller.properties.search({ minPrice: -1 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('keeps homes of any of the chosen types', async () => {
    const place = uniquePlace();
    const em = db.em();
    const cabin = await createProperty(em, { location: place, propertyType: 'cabin' });
    const villa = await createProperty(em, { location: place, propertyType: 'villa' });
    await createProperty(em, { location: place, propertyType: 'apartment' });
    expect(await searchAll({ location: place, types: ['cabin'] })).toEqual([cabin.id]);
    expect(await searchAll({ location: place, types: ['villa', 'cabin'] })).toEqual([villa.id, cabin.id]);
    expect(await searchAll({ location: place, types: ['house'] })).toEqual([]);
    expect(await searchAll({ location: place, types: [] })).toHaveLength(3);
    const { caller } = callerFor(db, null);
    await expect(
      caller.properties.search({ types: ['castle'] } as unknown as TSearchInput),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('keeps homes with at least the chosen number of bedrooms', async () => {
    const place = uniquePlace();
    const em = db.em();
    const one = await createProperty(em, { location: place, bedrooms: 1 });
    const three = await createProperty(em, { location: place, bedrooms: 3 });
    const five = await createProperty(em, { location: place, bedrooms: 5 });
    expect(await searchAll({ location: place, bedrooms: 1 })).toEqual([five.id, three.id, one.id]);
    expect(await searchAll({ location: place, bedrooms: 3 })).toEqual([five.id, three.id]);
    expect(await searchAll({ location: place, bedrooms: 6 })).toEqual([]);
  });

  it('keeps homes that have every chosen amenity', async () => {
    const place = uniquePlace();
    const em = db.em();
    const wifi = await createProperty(em, { location: place, amenities: ['Wifi'] });
    const both = await createProperty(em, { location: place, amenities: ['Pool', 'Wifi', 'Kitchen'] });
    const pool = await createProperty(em, { location: place, amenities: ['Pool'] });
    expect(await searchAll({ location: place, amenities: ['Wifi'] })).toEqual([both.id, wifi.id]);
    expect(await searchAll({ location: place, amenities: ['Pool'] })).toEqual([pool.id, both.id]);
    expect(await searchAll({ location: place, amenities: ['Pool', 'Wifi'] })).toEqual([both.id]);
    expect(await searchAll({ location: place, amenities: ['Pool', 'Gym'] })).toEqual([]);
  });

  it('combines the new filters with the old ones', async () => {
    const place = uniquePlace();
    const em = db.em();
    const match = await createProperty(em, {
      location: place,
      price: 180,
      propertyType: 'house',
      bedrooms: 4,
      amenities: ['Pool', 'Wifi'],
      maxGuests: 8,
    });
    await createProperty(em, {
      location: place,
      price: 180,
      propertyType: 'house',
      bedrooms: 4,
      maxGuests: 8,
    });
    await createProperty(em, {
      location: place,
      price: 400,
      propertyType: 'house',
      bedrooms: 4,
      amenities: ['Pool', 'Wifi'],
      maxGuests: 8,
    });
    expect(
      await searchAll({
        location: place,
        guests: 6,
        minPrice: 100,
        maxPrice: 200,
        types: ['house'],
        bedrooms: 3,
        amenities: ['Pool'],
      }),
    ).toEqual([match.id]);
  });
});

describe('properties.search sorts', () => {
  /** 25 homes with repeated prices and ratings (ties are where keysets go wrong), some unrated. */
  async function seedSortable(place: string) {
    const em = db.em();
    const homes: { id: number; price: number; rating: number | null }[] = [];
    for (let i = 0; i < 25; i++) {
      const price = [80, 120, 120, 200, 95][i % 5]!;
      const rating = i % 6 === 0 ? null : [4.5, 4.9, 3.75, 4.9][i % 4]!;
      const p = await createProperty(em, { location: place, price, rating });
      homes.push({ id: p.id, price, rating });
    }
    return homes;
  }

  it('price low to high, then high to low, page through every home once in order', async () => {
    const place = uniquePlace();
    const homes = await seedSortable(place);
    const asc = [...homes].sort((a, b) => a.price - b.price || a.id - b.id).map((h) => h.id);
    const desc = [...homes].sort((a, b) => b.price - a.price || b.id - a.id).map((h) => h.id);
    for (const limit of [4, 5, 12]) {
      expect(await searchAll({ location: place, sort: 'price_asc', limit })).toEqual(asc);
      expect(await searchAll({ location: place, sort: 'price_desc', limit })).toEqual(desc);
    }
  });

  it('rating puts the best first and unrated homes last, paging without repeats or skips', async () => {
    const place = uniquePlace();
    const homes = await seedSortable(place);
    const expected = [...homes]
      .sort((a, b) => (b.rating ?? 0) - (a.rating ?? 0) || b.id - a.id)
      .map((h) => h.id);
    for (const limit of [3, 7]) {
      expect(await searchAll({ location: place, sort: 'rating', limit })).toEqual(expected);
    }
    const ids = await searchAll({ location: place, sort: 'rating', limit: 4 });
    expect(new Set(ids).size).toBe(25);
  });

  it('recommended is the newest-first order with the numeric cursor older callers send', async () => {
    const place = uniquePlace();
    const homes = await seedSortable(place);
    const newest = homes.map((h) => h.id).reverse();
    expect(await searchAll({ location: place, sort: 'recommended', limit: 6 })).toEqual(newest);
    expect(await searchAll({ location: place, limit: 6 })).toEqual(newest);
  });

  it('sorts a filtered search, and a home added between pages neither repeats nor skips one', async () => {
    const place = uniquePlace();
    const homes = await seedSortable(place);
    const matching = homes.filter((h) => h.price >= 100);
    const added: number[] = [];
    const ids = await searchAll({ location: place, minPrice: 100, sort: 'price_asc', limit: 4 }, async () => {
      // A cheap and a dear home land while the guest reads: before and after the keyset.
      added.push((await createProperty(db.em(), { location: place, price: 100 })).id);
      added.push((await createProperty(db.em(), { location: place, price: 500 })).id);
    });
    const original = matching.sort((a, b) => a.price - b.price || a.id - b.id).map((h) => h.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Every original match is there, in order; the added ones only appear after the page they follow.
    expect(ids.filter((id) => !added.includes(id))).toEqual(original);
  });

  it('refuses a cursor of another sort and a malformed one', async () => {
    const { caller } = callerFor(db, null);
    await expect(
      caller.properties.search({ sort: 'rating', after: 'price_asc:100:5' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('another sort') });
    await expect(caller.properties.search({ sort: 'price_asc', cursor: 12 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('another sort'),
    });
    await expect(caller.properties.search({ after: 'price_asc:1;drop' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    // The recommended order has no `after`: its position is the numeric cursor.
    await expect(caller.properties.search({ after: 'recommended:1:5' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});

describe('properties.search bounds', () => {
  /** A grid of homes around a far corner of the map no other test uses, plus one without a position. */
  async function seedGrid(place: string, lat0: number, lng0: number) {
    const em = db.em();
    const at: Record<string, number> = {};
    for (const [name, dlat, dlng] of [
      ['sw', 0, 0],
      ['se', 0, 2],
      ['nw', 2, 0],
      ['ne', 2, 2],
      ['mid', 1, 1],
    ] as const) {
      const p = await createProperty(em, {
        location: place,
        latitude: String(lat0 + dlat),
        longitude: String(lng0 + dlng),
      });
      at[name] = p.id;
    }
    await createProperty(em, { location: place, latitude: null, longitude: null });
    return at as Record<'sw' | 'se' | 'nw' | 'ne' | 'mid', number>;
  }

  it('keeps homes inside south,west,north,east (edges included) and drops homes without a position', async () => {
    const place = uniquePlace();
    const at = await seedGrid(place, -60, 100);
    expect(await searchAll({ location: place, bounds: '-60.5,99.5,-57.5,102.5' })).toEqual([
      at.mid,
      at.ne,
      at.nw,
      at.se,
      at.sw,
    ]);
    expect(await searchAll({ location: place, bounds: '-59.5,100.5,-58.5,101.5' })).toEqual([at.mid]);
    expect(await searchAll({ location: place, bounds: '-60,100,-59,101' })).toEqual([at.mid, at.sw]);
    expect(await searchAll({ location: place, bounds: '-59.5,99.5,-57.5,100.5' })).toEqual([at.nw]);
    expect(await searchAll({ location: place, bounds: '10,10,11,11' })).toEqual([]);
    // Bounds with a sort and other filters, paged one at a time.
    expect(
      await searchAll({ location: place, bounds: '-60.5,99.5,-57.5,102.5', sort: 'price_desc', limit: 1 }),
    ).toHaveLength(5);
  });

  it('a view across the antimeridian (west > east) finds homes on both sides', async () => {
    const place = uniquePlace();
    const em = db.em();
    const east = await createProperty(em, { location: place, latitude: '-70', longitude: '179.5' });
    const west = await createProperty(em, { location: place, latitude: '-70', longitude: '-179.5' });
    await createProperty(em, { location: place, latitude: '-70', longitude: '0' });
    expect(await searchAll({ location: place, bounds: '-71,179,-69,-179' })).toEqual([west.id, east.id]);
  });

  it('a dense area (hundreds of homes) pages through exactly the homes inside it, in every sort', async () => {
    const place = uniquePlace();
    // 600 homes in a 1° square far from the other tests, and 40 just outside it.
    const rows = await db.sql<{ id: number; price: number; inside: boolean }>(
      `insert into properties (title, description, location, price, images, bedrooms, bathrooms, max_guests,
                               latitude, longitude, property_type)
       select 'Dense ' || g, 'x', $1, 50 + (g * 37) % 400, array['/media/x.jpg'], 2, 1, 4,
              (-40 + (g % 25) / 25.0 + case when g > 600 then 2 else 0 end)::text, (-150 + (g % 24) / 24.0)::text,
              'house'
         from generate_series(1, 640) g
       returning id, price, latitude::float8 < -39 as inside`,
      [place],
    );
    const inside = rows.filter((r) => r.inside);
    expect(inside).toHaveLength(600);
    const bounds = '-40.01,-150.01,-38.99,-148.99';
    const byId = inside.map((r) => r.id).sort((a, b) => b - a);
    expect(await searchAll({ location: place, bounds, limit: 48 })).toEqual(byId);
    const byPrice = [...inside].sort((a, b) => a.price - b.price || a.id - b.id).map((r) => r.id);
    expect(await searchAll({ location: place, bounds, sort: 'price_asc', limit: 48 })).toEqual(byPrice);
    // A sparse corner of the same area takes the GiST path and agrees with it.
    const corner = await searchAll({ location: place, bounds: '-40.01,-150.01,-39.95,-149.95' });
    expect(corner.length).toBeGreaterThan(0);
    expect(corner.every((id) => byId.includes(id))).toBe(true);
  });

  it('a dense area across the antimeridian pages through the homes on both sides, edges included', async () => {
    const place = uniquePlace();
    // 300 homes each side of the antimeridian (on it too: ±180 is one meridian) and 20 outside the view.
    const rows = await db.sql<{ id: number; rating: number; inside: boolean }>(
      `insert into properties (title, description, location, price, images, bedrooms, bathrooms, max_guests,
                               latitude, longitude, property_type, rating)
       select 'Dateline ' || g, 'x', $1, 80, array['/media/x.jpg'], 2, 1, 4,
              (-75 + (g % 20) / 10.0)::text,
              (case when g > 600 then 170 when g % 2 = 0 then 180 - (g % 30) / 10.0 else -180 + (g % 30) / 10.0 end)::text,
              'cabin', 3 + (g % 20) / 10.0
         from generate_series(1, 620) g
       returning id, rating, longitude::float8 not between -177 and 177 as inside`,
      [place],
    );
    const inside = rows.filter((r) => r.inside);
    expect(inside).toHaveLength(600);
    const byRating = [...inside].sort((a, b) => b.rating - a.rating || b.id - a.id).map((r) => r.id);
    expect(
      await searchAll({ location: place, bounds: '-75,177,-73.1,-177', sort: 'rating', limit: 48 }),
    ).toEqual(byRating);
  });

  it('counts the homes of a box up to a cap through the GiST index, archived homes left out', async () => {
    const place = uniquePlace();
    const at = await seedGrid(place, -80, -120);
    await db.sql('update properties set archived_at = now() where id = $1', [at.ne]);
    const count = async (box: string, cap: number) =>
      (await db.sql<{ n: number }>(`select properties_in_box($1::box, $2) as n`, [box, cap]))[0]?.n;
    expect(await count('(-121,-81),(-117,-77)', 500)).toBe(4);
    expect(await count('(-121,-81),(-117,-77)', 3)).toBe(3);
    expect(await count('(-120,-80),(-119,-79)', 500)).toBe(2);
    expect(await count('(-10,-10),(10,10)', 500)).toBe(0);

    // The planner guesses 0.1 % of the table in any box and, left to itself, would read all of a large box
    // into a bitmap; the function turns bitmap scans off so the index scan can stop at the cap. A table of a
    // few hundred homes makes that guess a single row, which an index scan serves anyway: 5,000 homes far
    // from every box here make it five, where the planner would choose the bitmap.
    await db.sql(
      `insert into properties (title, description, location, price, images, bedrooms, bathrooms, max_guests,
                               latitude, longitude, property_type)
       select 'Far ' || g, 'x', $1, 80, array['/media/x.jpg'], 2, 1, 4, '85', (g % 360 - 180)::text, 'cabin'
         from generate_series(1, 5000) g`,
      [uniquePlace()],
    );
    await db.sql('analyze properties');
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const notices: string[] = [];
    client.on('notice', (n) => notices.push(n.message ?? ''));
    try {
      // The test database is tiny: forbid the scan, as in the GiST test below, to see the index path.
      for (const setting of [
        "load 'auto_explain'",
        'set enable_seqscan = off',
        'set auto_explain.log_min_duration = 0',
        'set auto_explain.log_nested_statements = on',
        "set auto_explain.log_level = 'notice'",
      ])
        await client.query(setting);
      await client.query(`select properties_in_box('(-121,-81),(-117,-77)'::box, 500)`);
      const inner = notices.find((n) => n.includes('limit cap'));
      expect(inner).toContain('Index Scan using properties_geo_idx');
      expect(inner).not.toContain('Bitmap');
    } finally {
      await client.end();
    }
  });

  it('refuses bounds that are not an area', async () => {
    const { caller } = callerFor(db, null);
    for (const bounds of ['1,2,3', '10,0,5,1', '0,0,95,1', '0,-190,1,1', 'a,b,c,d']) {
      await expect(caller.properties.search({ bounds })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
  });

  it('uses the GiST index for a small area at the database', async () => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      // The test database is tiny, so a scan would win on cost; forbid it to see which index serves the box.
      await client.query('set enable_seqscan = off');
      const plan = await client.query<{ 'QUERY PLAN': string }>(
        `explain select id from properties p
          where p.archived_at is null and p.latitude is not null and p.longitude is not null
            and point(p.longitude::float8, p.latitude::float8) <@ box(point(1, 1), point(2, 2))`,
      );
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('properties_geo_idx');
    } finally {
      await client.end();
    }
  });
});
