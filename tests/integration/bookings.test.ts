import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { partyLabel } from '../../src/shared/labels.ts';
import { quoteStay } from '../../src/shared/pricing.ts';
import { ZQuote, type TBookingCreateInput } from '../../src/shared/schemas/booking.ts';
import type { TSessionUser } from '../../src/server/services/auth/sessions.ts';
import { callerFor, createTestDatabase, seededAdmin, type TTestDb } from '../support/db.ts';
import { createProperty } from '../support/fixtures.ts';

let db: TTestDb;
let propertyId: number;
let alice: TSessionUser;
let bob: TSessionUser;

const contact = {
  name: 'Ada Guest',
  email: 'ada@example.com',
  phone: '+1 555 0100',
  country: 'United States',
};

/** Every test books its own window so none depends on another's bookings. */
let windowStart = 1;
function stay(nights = 3, overrides: Partial<TBookingCreateInput> = {}): TBookingCreateInput {
  const checkIn = addDays(todayIso(), windowStart);
  windowStart += nights + 1;
  return {
    propertyId,
    checkIn,
    checkOut: addDays(checkIn, nights),
    guests: 2,
    contactInfo: contact,
    ...overrides,
  };
}

async function createUser(username: string): Promise<TSessionUser> {
  const [row] = await db.sql<{ id: number }>(
    `insert into users (username, password, email, name) values ($1, 'not-a-hash', $2, $3) returning id`,
    [username, `${username}@example.com`, username],
  );
  if (!row) throw new Error('no user');
  return { id: row.id, username, email: `${username}@example.com`, name: username, isAdmin: false };
}

/** The error a call fails with, as { code, message, status }; fails the test when the call succeeds. */
async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (err) {
    const e = err as { code: string; message: string; cause?: { details?: Record<string, unknown> } };
    return { code: e.code, message: e.message, details: e.cause?.details };
  }
  throw new Error('expected the call to fail');
}

beforeAll(async () => {
  db = await createTestDatabase();
  propertyId = (await createProperty(db.em(), { price: 123, maxGuests: 4, title: 'Rule house' })).id;
  alice = await createUser('alice');
  bob = await createUser('bob');
});
afterAll(async () => {
  await db.drop();
});
afterEach(async () => {
  await db.sql(`update settings set min_nights_default = 1, max_nights_default = 30, advance_booking_days = 365,
                  enable_guest_registration = false, tax_rate = 17 where id = 1`);
});

describe('bookings.create', () => {
  it('creates a pending guest booking with a server price snapshot and a BIC confirmation number', async () => {
    const { caller } = callerFor(db, null);
    const input = stay(5);
    const booking = await caller.bookings.create(input);
    expect(booking).toMatchObject({
      propertyId,
      userId: null,
      checkIn: input.checkIn,
      checkOut: input.checkOut,
      guests: 2,
      status: 'confirmed',
      nightlyPrice: 123,
      nights: 5,
      taxRate: 17,
      taxAmount: 104.55, // 17 % of $615, to the cent
      totalPrice: 719.55,
      contactInfo: contact,
    });
    expect(booking.confirmationNumber).toMatch(/^BIC\d{1,6}$/);
    const [row] = await db.sql<Record<string, unknown>>(
      `select to_char(check_in, 'YYYY-MM-DD') as check_in, total_price, nightly_price, nights, tax_rate, tax_amount,
              confirmation_number, status, user_id from bookings where id = $1`,
      [booking.id],
    );
    expect(row).toMatchObject({
      check_in: input.checkIn,
      // The row keeps cents.
      total_price: 71955,
      nightly_price: 12300,
      nights: 5,
      tax_rate: 17,
      tax_amount: 10455,
      confirmation_number: booking.confirmationNumber,
      status: 'confirmed',
      user_id: null,
    });
  });

  it('accepts a matching totalPrice and prices with the tax rate in settings', async () => {
    await db.sql('update settings set tax_rate = 10 where id = 1');
    const { caller } = callerFor(db, null);
    const booking = await caller.bookings.create(stay(3, { totalPrice: 405.9 }));
    expect(booking).toMatchObject({ taxRate: 10, taxAmount: 36.9, totalPrice: 405.9 });
  });

  it('creates the settings record with its defaults when it is missing', async () => {
    await db.sql('delete from settings');
    const booking = await callerFor(db, null).caller.bookings.create(stay(2));
    expect(booking).toMatchObject({ taxRate: 17, status: 'confirmed' });
    expect(await db.sql('select id from settings')).toEqual([{ id: 1 }]);
  });

  it('answers a tampered totalPrice with 409 and the current quote', async () => {
    const { caller } = callerFor(db, null);
    const input = stay(2, { totalPrice: 1 });
    const err = await failure(caller.bookings.create(input));
    expect(err).toMatchObject({
      code: 'CONFLICT',
      message: 'The price has changed. Please review the new total.',
    });
    // The quote in dollars, as the procedure's answers give it.
    expect(err.details).toEqual({
      quote: ZQuote.parse({ ...quoteStay(12300, input.checkIn, input.checkOut, 17), available: true }),
    });
    expect(await db.sql('select id from bookings where check_in = $1', [input.checkIn])).toHaveLength(0);
  });

  it('ignores a client-sent userId: the session user, or null for a visitor', async () => {
    const asVisitor = await callerFor(db, null).caller.bookings.create(stay(2, { userId: bob.id }));
    expect(asVisitor.userId).toBeNull();
    const asAlice = await callerFor(db, alice).caller.bookings.create(stay(2, { userId: bob.id }));
    expect(asAlice.userId).toBe(alice.id);
    const rows = await db.sql<{ user_id: number | null }>(
      'select user_id from bookings where id in ($1, $2) order by id',
      [asVisitor.id, asAlice.id],
    );
    expect(rows.map((r) => r.user_id)).toEqual([null, alice.id]);
  });

  it('ignores the demo-mode flag: a flagged guest booking stays a guest booking, a session keeps its owner', async () => {
    const admin = await seededAdmin(db);
    const asDemoVisitor = await callerFor(db, admin, { directAdmin: true }).caller.bookings.create(stay(2));
    expect(asDemoVisitor.userId).toBeNull();
    const asDemoBob = await callerFor(db, admin, {
      directAdmin: true,
      sessionUser: bob,
    }).caller.bookings.create(stay(2));
    expect(asDemoBob.userId).toBe(bob.id);
    await db.sql('update settings set enable_guest_registration = true where id = 1');
    expect(
      await failure(callerFor(db, admin, { directAdmin: true }).caller.bookings.create(stay(2))),
    ).toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('refuses overlapping dates with 409 and allows check-out day = next check-in', async () => {
    const { caller } = callerFor(db, null);
    const first = stay(4);
    await caller.bookings.create(first);
    const overlap = { ...first, checkIn: addDays(first.checkIn, 2), checkOut: addDays(first.checkOut, 2) };
    expect(await failure(caller.bookings.create(overlap))).toMatchObject({
      code: 'CONFLICT',
      message: 'These dates are no longer available',
    });
    const adjacent = await caller.bookings.create({
      ...first,
      checkIn: first.checkOut,
      checkOut: addDays(first.checkOut, 2),
    });
    expect(adjacent.status).toBe('confirmed');
  });

  describe('stay rules (each a 4xx with a readable message)', () => {
    const today = todayIso();
    const cases: [string, () => TBookingCreateInput, string, string][] = [
      [
        'a past check-in',
        () => ({ ...stay(), checkIn: addDays(today, -2), checkOut: addDays(today, 1) }),
        'BAD_REQUEST',
        'Check-in date cannot be in the past',
      ],
      [
        'check-out equal to check-in',
        () => ({ ...stay(), checkOut: stay().checkIn, checkIn: stay().checkIn }),
        'BAD_REQUEST',
        'Check-out must be after check-in',
      ],
      [
        'check-out before check-in',
        () => {
          const s = stay();
          return { ...s, checkOut: addDays(s.checkIn, -1) };
        },
        'BAD_REQUEST',
        'Check-out must be after check-in',
      ],
      [
        'beyond the advance-booking days',
        () => ({ ...stay(), checkIn: addDays(today, 367), checkOut: addDays(today, 369) }),
        'BAD_REQUEST',
        'Bookings can be made at most 365 days in advance',
      ],
      ['0 guests', () => stay(2, { guests: 0 }), 'BAD_REQUEST', 'At least 1 guest is required'],
      [
        'more guests than the property allows',
        () => stay(2, { guests: 5 }),
        'BAD_REQUEST',
        'This property allows at most 4 guests',
      ],
      ['an unknown property', () => stay(2, { propertyId: 987_654 }), 'NOT_FOUND', 'Property not found'],
      [
        'a non-date check-in',
        () => stay(2, { checkIn: '2026-02-30' }),
        'BAD_REQUEST',
        'Date must be a calendar date in yyyy-MM-dd format',
      ],
    ];
    it.each(cases)('refuses %s', async (_label, input, code, message) => {
      const { caller } = callerFor(db, null);
      expect(await failure(caller.bookings.create(input()))).toMatchObject({ code, message });
    });

    it('refuses an archived property as unknown', async () => {
      const archived = await createProperty(db.em(), { archivedAt: new Date() });
      const { caller } = callerFor(db, null);
      expect(await failure(caller.bookings.create(stay(2, { propertyId: archived.id })))).toMatchObject({
        code: 'NOT_FOUND',
        message: 'Property not found',
      });
    });

    it('keeps stays within the min/max nights of settings', async () => {
      // A fresh caller per call, as each request gets its own EntityManager and so reads settings anew.
      const create = (input: TBookingCreateInput) => callerFor(db, null).caller.bookings.create(input);
      await db.sql('update settings set min_nights_default = 3, max_nights_default = 7 where id = 1');
      expect(await failure(create(stay(2)))).toMatchObject({
        code: 'BAD_REQUEST',
        message: 'Stays must be at least 3 nights',
      });
      expect(await failure(create(stay(8)))).toMatchObject({
        code: 'BAD_REQUEST',
        message: 'Stays cannot be longer than 7 nights',
      });
      await expect(create(stay(3))).resolves.toMatchObject({ nights: 3 });
      await expect(create(stay(7))).resolves.toMatchObject({ nights: 7 });
      await db.sql('update settings set min_nights_default = 2, max_nights_default = 2 where id = 1');
      expect(await failure(create(stay(1)))).toMatchObject({ message: 'Stays must be at least 2 nights' });
      await db.sql('update settings set min_nights_default = 1, max_nights_default = 1 where id = 1');
      expect(await failure(create(stay(2)))).toMatchObject({
        message: 'Stays cannot be longer than 1 night',
      });
    });

    it('counts the advance window from settings', async () => {
      await db.sql('update settings set advance_booking_days = 30 where id = 1');
      const { caller } = callerFor(db, null);
      const other = await createProperty(db.em());
      const far = {
        ...stay(),
        propertyId: other.id,
        checkIn: addDays(today, 32),
        checkOut: addDays(today, 34),
      };
      expect(await failure(caller.bookings.create(far))).toMatchObject({
        message: 'Bookings can be made at most 30 days in advance',
      });
      await expect(
        caller.bookings.create({ ...far, checkIn: addDays(today, 29), checkOut: addDays(today, 31) }),
      ).resolves.toMatchObject({
        status: 'confirmed',
      });
    });

    it('accepts a check-in today', async () => {
      const { caller } = callerFor(db, null);
      const other = await createProperty(db.em());
      await expect(
        caller.bookings.create({
          propertyId: other.id,
          checkIn: today,
          checkOut: addDays(today, 1),
          guests: 1,
          contactInfo: contact,
        }),
      ).resolves.toMatchObject({ nights: 1 });
    });
  });

  describe('contact info rules', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['a 1-character name', { name: 'A' }, 'Name is required'],
      ['a blank name', { name: '   ' }, 'Name is required'],
      ['a missing name', { name: undefined }, 'Name is required'],
      ['an invalid email', { email: 'not-an-email' }, 'Valid email is required'],
      ['a missing email', { email: undefined }, 'Valid email is required'],
      ['a short phone', { phone: '12345' }, 'Valid phone number is required'],
      ['a missing phone', { phone: undefined }, 'Valid phone number is required'],
      ['a 1-character country', { country: 'X' }, 'Country/Region is required'],
      ['a missing country', { country: undefined }, 'Country/Region is required'],
      ['overlong special requests', { specialRequests: 'x'.repeat(2001) }, 'Special requests are too long'],
    ];
    it.each(cases)('refuses %s', async (_label, patch, message) => {
      const { caller } = callerFor(db, null);
      const input = stay(2, { contactInfo: { ...contact, ...patch } });
      expect(await failure(caller.bookings.create(input))).toMatchObject({ code: 'BAD_REQUEST', message });
    });

    it('stores optional special requests', async () => {
      const { caller } = callerFor(db, null);
      const booking = await caller.bookings.create(
        stay(2, { contactInfo: { ...contact, specialRequests: 'Late arrival' } }),
      );
      expect(booking.contactInfo).toEqual({ ...contact, specialRequests: 'Late arrival' });
    });
  });

  it('with guest registration on, refuses a visitor (401) and accepts a signed-in user', async () => {
    await db.sql('update settings set enable_guest_registration = true where id = 1');
    expect(await failure(callerFor(db, null).caller.bookings.create(stay(2)))).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Please sign in to book',
    });
    await expect(callerFor(db, alice).caller.bookings.create(stay(2))).resolves.toMatchObject({
      userId: alice.id,
    });
  });
});

describe('bookings.availability', () => {
  it("lists a property's pending and confirmed ranges from today on, without guest data", async () => {
    const home = await createProperty(db.em());
    const today = todayIso();
    const ins = (checkIn: string, checkOut: string, status: string, n: string) =>
      db.sql(
        `insert into bookings (property_id, check_in, check_out, guests, total_price, status, nightly_price, nights, tax_rate, tax_amount, confirmation_number, contact_info)
         values ($1, $2, $3, 2, 100, $4, 50, 2, 17, 0, $5, '{"name":"Secret Guest","email":"s@example.com","phone":"123456","country":"US"}')`,
        [home.id, checkIn, checkOut, status, n],
      );
    await ins(addDays(today, -10), addDays(today, -5), 'confirmed', 'BIC1');
    await ins(addDays(today, 10), addDays(today, 12), 'pending', 'BIC2');
    await ins(addDays(today, 20), addDays(today, 25), 'confirmed', 'BIC3');
    await ins(addDays(today, 30), addDays(today, 35), 'cancelled', 'BIC4');
    const ranges = await callerFor(db, null).caller.bookings.availability({ id: home.id });
    expect(ranges).toEqual([
      { checkIn: addDays(today, 10), checkOut: addDays(today, 12) },
      { checkIn: addDays(today, 20), checkOut: addDays(today, 25) },
    ]);
    expect(JSON.stringify(ranges)).not.toContain('Secret');
    expect(await failure(callerFor(db, null).caller.bookings.availability({ id: 987_654 }))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('bookings.stayRules', () => {
  it("gives the settings' minimum nights until the home sets its own", async () => {
    const home = await createProperty(db.em());
    const guest = callerFor(db, null).caller;
    const before = await guest.bookings.stayRules({ id: home.id });
    expect(before.minNights).toBe(1);
    expect(before.maxNights).toBeGreaterThan(1);
    const admin = callerFor(db, await seededAdmin(db)).caller;
    await admin.calendar.setRate({ id: home.id, kind: 'minNights', minNights: 7 });
    expect(await guest.bookings.stayRules({ id: home.id })).toMatchObject({ minNights: 7 });
    expect(await failure(guest.bookings.stayRules({ id: 987_654 }))).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('bookings.quote', () => {
  it('prices a stay with the tax rate in settings', async () => {
    const input = stay(4);
    const quote = await callerFor(db, null).caller.bookings.quote({
      propertyId,
      checkIn: input.checkIn,
      checkOut: input.checkOut,
    });
    expect(quote).toMatchObject({
      nightlyPrice: 123,
      nights: 4,
      subtotal: 492,
      taxRate: 17,
      tax: 83.64,
      total: 575.64,
    });
  });
});

describe('bookings.mine', () => {
  it("returns only the signed-in user's own bookings and refuses visitors", async () => {
    const carol = await createUser('carol');
    const dave = await createUser('dave');
    // A party with a child and an infant: My bookings names it as every screen does.
    const carols = await callerFor(db, carol).caller.bookings.create(stay(2, { children: 1, infants: 1 }));
    await callerFor(db, dave).caller.bookings.create(stay(3, { userId: carol.id }));
    await callerFor(db, null).caller.bookings.create(stay(2, { userId: carol.id }));
    const mine = await callerFor(db, carol).caller.bookings.mine();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      id: carols.id,
      propertyId,
      propertyTitle: 'Rule house',
      checkIn: carols.checkIn,
      checkOut: carols.checkOut,
      guests: 3,
      children: 1,
      infants: 1,
      pets: 0,
      nights: 2,
      nightPrices: carols.nightPrices,
      taxAmount: carols.taxAmount,
      totalPrice: carols.totalPrice,
      status: 'confirmed',
      confirmationNumber: carols.confirmationNumber,
    });
    expect(mine[0]?.propertyImage).toMatch(/^\/media\//);
    expect(partyLabel(mine[0]!)).toBe('3 guests, 1 infant');
    expect(JSON.stringify(mine)).not.toContain('ada@example.com');
    const daves = await callerFor(db, dave).caller.bookings.mine();
    expect(daves.map((b) => b.id)).not.toContain(carols.id);
    expect(await failure(callerFor(db, null).caller.bookings.mine())).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
