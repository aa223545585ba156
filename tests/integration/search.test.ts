import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSearchInput } from '../../src/shared/schemas/property.ts';
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

/** Every id a search returns, following nextCursor to the end; asserts each page's size on the way. */
async function searchAll(
  input: Omit<TSearchInput, 'cursor'>,
  between?: () => Promise<void>,
): Promise<number[]> {
  const { caller } = callerFor(db, null);
  const ids: number[] = [];
  const limit = Number(input.limit ?? 12);
  let cursor: number | undefined;
  for (let guard = 0; guard < 1000; guard++) {
    const page = await caller.properties.search({ ...input, cursor });
    ids.push(...page.items.map((p) => p.id));
    if (page.nextCursor === null) {
      expect(page.items.length).toBeLessThanOrEqual(limit);
      return ids;
    }
    expect(page.items).toHaveLength(limit);
    expect(page.nextCursor).toBe(page.items[page.items.length - 1]?.id);
    cursor = page.nextCursor;
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
