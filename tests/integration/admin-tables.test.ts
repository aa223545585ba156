import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toMinor } from '../../src/shared/money.ts';
import type { TSessionUser } from '../../src/server/services/auth/sessions.ts';
import { callerFor, createTestDatabase, seededAdmin, type TTestDb } from '../support/db.ts';
import { createProperty } from '../support/fixtures.ts';

/** The admin back office (docs/features.md#admin-back-office), tables that scale: the running totals, the listings page query and the reviews list. */

let db: TTestDb;
let admin: TSessionUser;

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await seededAdmin(db);
});
afterAll(async () => {
  await db.drop();
});

let seq = 0;
async function insertBooking(propertyId: number, status: string, total: number): Promise<number> {
  seq += 1;
  const [row] = await db.sql<{ id: number }>(
    `insert into bookings (property_id, check_in, check_out, guests, total_price, status, nightly_price, nights,
                           tax_rate, tax_amount, confirmation_number, contact_info)
     values ($1, current_date + 400 + $2::int * 10, current_date + 402 + $2::int * 10, 2, $3, $4, 100, 2, 17, 34, $5,
             '{"name":"Counter Guest","email":"counter@example.com"}') returning id`,
    [propertyId, seq, total, status, `BIC${String(800000 + seq)}`],
  );
  if (!row) throw new Error('no booking');
  return row.id;
}

/** What the dashboard's counters must equal: counted from the tables themselves. */
async function counted() {
  const [row] = await db.sql<{
    homes: number;
    bookings: number;
    pending: number;
    requested: number;
    revenue: number;
  }>(
    `select (select count(*)::int from properties where archived_at is null) as homes,
            (select count(*)::int from bookings) as bookings,
            (select count(*)::int from bookings where status = 'pending') as pending,
            (select count(*)::int from bookings where status = 'requested') as requested,
            (select coalesce(sum(total_price), 0)::float8 from bookings where status not in ('cancelled', 'declined')) as revenue`,
  );
  if (!row) throw new Error('no counts');
  return row;
}

describe('running totals (dashboard counters, unfiltered booking counts)', () => {
  it('follow inserts, status and price changes, archive, restore and deletes exactly', async () => {
    const { caller } = callerFor(db, admin);
    const expectMatch = async () => {
      const truth = await counted();
      const dash = await caller.admin.dashboard();
      expect({
        homes: dash.totalProperties,
        bookings: dash.totalBookings,
        pending: dash.pendingBookings,
        requested: dash.requestedBookings,
        // The dashboard answers in dollars; the rows keep cents.
        revenue: toMinor(dash.totalRevenue),
      }).toEqual(truth);
      expect((await caller.bookings.page({})).total).toBe(truth.bookings);
      expect((await caller.bookings.page({ status: 'pending' })).total).toBe(truth.pending);
      // The Booking Requests counter opens this list: the same number.
      expect((await caller.bookings.page({ status: 'requested' })).total).toBe(truth.requested);
      expect(dash.occupancy.availableNights).toBe(truth.homes * 30);
    };
    await expectMatch();
    const home = await createProperty(db.em());
    const other = await createProperty(db.em());
    const a = await insertBooking(home.id, 'pending', 500);
    const b = await insertBooking(home.id, 'confirmed', 700);
    await insertBooking(other.id, 'cancelled', 900);
    await expectMatch();
    await db.sql(`update bookings set status = 'cancelled' where id = $1`, [a]);
    await db.sql(`update bookings set total_price = 650 where id = $1`, [b]);
    await expectMatch();
    // Requests awaiting an answer count apart from pending ones; answered, they leave the count.
    const asked = await insertBooking(other.id, 'requested', 300);
    const expired = await insertBooking(other.id, 'requested', 350);
    await expectMatch();
    expect((await counted()).requested).toBeGreaterThanOrEqual(2);
    await db.sql(`update bookings set status = 'confirmed' where id = $1`, [asked]);
    await db.sql(`update bookings set status = 'declined' where id = $1`, [expired]);
    await expectMatch();
    // A home with bookings is archived, not deleted; then restored; a home without any is deleted.
    await caller.properties.delete({ id: home.id });
    await expectMatch();
    await caller.properties.restore({ id: home.id });
    const lonely = await createProperty(db.em());
    await caller.properties.delete({ id: lonely.id });
    await expectMatch();
    await db.sql('delete from bookings where id = $1', [b]);
    await expectMatch();
  });
});

async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (err) {
    const e = err as { code: string; message: string };
    return { code: e.code, message: e.message };
  }
  throw new Error('expected the call to fail');
}

describe('listings page (admin)', () => {
  const tag = 'Zqx';
  let homes: { id: number; title: string }[] = [];
  beforeAll(async () => {
    const em = db.em();
    const specs = [
      {
        title: `${tag} Alpha loft`,
        location: 'Lisbon, Portugal',
        price: 300,
        propertyType: 'apartment' as const,
        categories: ['City'],
      },
      {
        title: `${tag} Bravo cabin`,
        location: 'Aspen, Colorado',
        price: 120,
        propertyType: 'cabin' as const,
        categories: ['Mountain', 'Cabin'],
      },
      {
        title: `${tag} Charlie villa`,
        location: 'Lisbon Coast, Portugal',
        price: 900,
        propertyType: 'villa' as const,
        categories: ['Beach'],
      },
      {
        title: `${tag} Delta house`,
        location: 'Lisbon, Portugal',
        price: 50,
        propertyType: 'house' as const,
        categories: ['Beach', 'City'],
      },
    ];
    homes = [];
    for (const spec of specs) homes.push(await createProperty(em, spec));
  });

  it('searches title or location, filters by type, category and city, sorts and pages', async () => {
    const { caller } = callerFor(db, admin);
    const titles = async (input: Parameters<typeof caller.properties.adminPage>[0]) =>
      (await caller.properties.adminPage(input)).items.map((p) => p.title);
    expect(await titles({ q: tag.toLowerCase(), sort: 'price', dir: 'asc' })).toEqual([
      `${tag} Delta house`,
      `${tag} Bravo cabin`,
      `${tag} Alpha loft`,
      `${tag} Charlie villa`,
    ]);
    // A location match, and LIKE's wildcards typed in the box match themselves.
    expect((await caller.properties.adminPage({ q: 'aspen, colo' })).items.map((p) => p.title)).toContain(
      `${tag} Bravo cabin`,
    );
    expect((await caller.properties.adminPage({ q: '100%' })).total).toBe(0);
    expect(await titles({ q: tag, type: 'villa' })).toEqual([`${tag} Charlie villa`]);
    expect(await titles({ q: tag, category: 'beach', sort: 'title', dir: 'desc' })).toEqual([
      `${tag} Delta house`,
      `${tag} Charlie villa`,
    ]);
    // City: the part before the first comma; 'Lisbon Coast' is another city.
    expect(await titles({ q: tag, city: 'lisbon', sort: 'id' })).toEqual([
      `${tag} Alpha loft`,
      `${tag} Delta house`,
    ]);
    const page2 = await caller.properties.adminPage({
      q: tag,
      sort: 'price',
      dir: 'desc',
      pageSize: 3,
      page: 2,
    });
    expect(page2).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(page2.items.map((p) => p.title)).toEqual([`${tag} Delta house`]);
    const all = await caller.properties.adminPage({});
    const [count] = await db.sql<{ n: number }>(
      'select count(*)::int as n from properties where archived_at is null',
    );
    expect(all.total).toBe(count?.n);
  });

  it('shows archived homes under Archived only', async () => {
    const { caller } = callerFor(db, admin);
    const target = homes[1]!;
    await db.sql('update properties set archived_at = now() where id = $1', [target.id]);
    expect((await caller.properties.adminPage({ q: tag })).items.map((p) => p.id)).not.toContain(target.id);
    const archived = await caller.properties.adminPage({ q: tag, status: 'archived' });
    expect(archived.items.map((p) => p.id)).toEqual([target.id]);
    expect(archived.total).toBe(1);
    await caller.properties.restore({ id: target.id });
  });

  it('duplicates a listing: same fields, categories and media URLs, a (copy) title, an activity entry', async () => {
    const { caller } = callerFor(db, admin);
    const source = await caller.properties.byId({ id: homes[1]!.id });
    const copy = await caller.properties.duplicate({ id: source.id });
    expect(copy.id).not.toBe(source.id);
    expect(copy.title).toBe(`${source.title} (copy)`);
    const { id: _a, title: _b, createdAt: _c, rating: _d, reviewCount: _e, ...same } = source;
    expect(copy).toMatchObject(same);
    expect(copy.images).toEqual(source.images);
    expect(copy.categories).toEqual(['Mountain', 'Cabin']);
    const log = await caller.admin.activity({ entityType: 'property' });
    expect(log.items[0]).toMatchObject({ action: 'property.duplicate', entityId: String(copy.id) });
    expect(log.items[0]?.changes.duplicatedFrom).toEqual({ before: undefined, after: source.id });
    expect(await failure(caller.properties.duplicate({ id: 999999 }))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses non-admins', async () => {
    const { caller } = callerFor(db, null);
    expect((await failure(caller.properties.adminPage({}))).code).toBe('UNAUTHORIZED');
    expect((await failure(caller.properties.duplicate({ id: homes[0]!.id }))).code).toBe('UNAUTHORIZED');
    expect((await failure(caller.reviews.adminList({}))).code).toBe('UNAUTHORIZED');
  });
});

describe('reviews across all homes (admin)', () => {
  it('lists newest first, filters by home, rating and reviewer name, pages, and counts exactly', async () => {
    const { caller } = callerFor(db, admin);
    const a = await createProperty(db.em(), { title: 'Review home A' });
    const b = await createProperty(db.em(), { title: 'Review home B' });
    const made: number[] = [];
    for (const [home, rating, name] of [
      [a.id, 5, 'Ada Quill'],
      [b.id, 2, 'Bo Quill'],
      [a.id, 2, 'Cy Stone'],
      [b.id, 5, 'Di Stone'],
    ] as const) {
      made.push(
        (await caller.reviews.create({ propertyId: home, rating, comment: 'Fine stay', userName: name })).id,
      );
    }
    const all = await caller.reviews.adminList({});
    expect(all.items.slice(0, 4).map((r) => r.id)).toEqual([...made].reverse());
    expect(all.items[0]).toMatchObject({ propertyTitle: 'Review home B', userName: 'Di Stone' });
    const [truth] = await db.sql<{ n: number; twos: number }>(
      `select count(*)::int as n, (count(*) filter (where rating = 2))::int as twos from reviews`,
    );
    expect(all.total).toBe(truth?.n);
    const twos = await caller.reviews.adminList({ rating: 2 });
    expect(twos.total).toBe(truth?.twos);
    expect(twos.items.every((r) => r.rating === 2)).toBe(true);
    const ofA = await caller.reviews.adminList({ propertyId: a.id, rating: 2 });
    expect(ofA.items.map((r) => r.userName)).toEqual(['Cy Stone']);
    expect(
      (await caller.reviews.adminList({ q: 'quill', pageSize: 1, page: 2 })).items.map((r) => r.userName),
    ).toEqual(['Ada Quill']);
    // The counts follow edits and deletes.
    await caller.reviews.update({ id: made[0]!, rating: 2 });
    await caller.reviews.delete({ id: made[1]! });
    expect((await caller.reviews.adminList({ rating: 2 })).total).toBe((truth?.twos ?? 0) + 1 - 1);
    expect((await caller.reviews.adminList({})).total).toBe((truth?.n ?? 0) - 1);
  });
});
