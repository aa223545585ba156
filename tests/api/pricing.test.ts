import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toMinor } from '../../src/shared/money.ts';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { TEST_ADMIN } from '../support/constants.ts';
import { GUEST_CONTACT } from '../support/calls.ts';
import { createProperty, imageDataUrls } from '../support/fixtures.ts';
import { api, startTestServer, type TTestServer } from '../support/server.ts';

let srv: TTestServer;
let cookie: string;
const asAdmin = () => ({ cookie });

beforeAll(async () => {
  srv = await startTestServer();
  const res = await api(srv.url, 'POST', '/api/auth/login', TEST_ADMIN);
  cookie = /stayhub_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0] ?? '';
  expect(cookie).not.toBe('');
});
afterAll(async () => {
  await srv.close();
});

const quote = (propertyId: number, checkIn: string, checkOut: string, extra = '') =>
  api(
    srv.url,
    'GET',
    `/api/bookings/quote?propertyId=${propertyId}&checkIn=${checkIn}&checkOut=${checkOut}${extra}`,
  );
const book = (propertyId: number, checkIn: string, checkOut: string, more: Record<string, unknown> = {}) =>
  api(srv.url, 'POST', '/api/bookings', {
    propertyId,
    checkIn,
    checkOut,
    guests: 2,
    contactInfo: GUEST_CONTACT,
    ...more,
  });

describe('the quote judges every stay rule with the booking’s words', () => {
  it('refuses 1 night where the minimum is 2, with the reason the booking gives', async () => {
    const home = await createProperty(srv.db.em(), { title: 'Two-night minimum' });
    const set = await api(
      srv.url,
      'POST',
      `/api/properties/${home.id}/rates`,
      { kind: 'minNights', minNights: 2 },
      asAdmin(),
    );
    expect(set.status).toBe(200);
    const checkIn = addDays(todayIso(), 20);
    const q = await quote(home.id, checkIn, addDays(checkIn, 1));
    expect(q.status).toBe(200);
    expect(q.body.available).toBe(false);
    expect(q.body.reason).toBe('Stays must be at least 2 nights');
    const b = await book(home.id, checkIn, addDays(checkIn, 1));
    expect(b.status).toBe(400);
    expect(b.body.message).toBe(q.body.reason);

    const ok = await quote(home.id, checkIn, addDays(checkIn, 2));
    expect(ok.body).toMatchObject({ available: true });
    expect(ok.body.reason).toBeUndefined();
  });

  it('refuses the maximum, the advance limit, capacity and taken nights, as the booking does', async () => {
    const home = await createProperty(srv.db.em(), { title: 'Rule home', maxGuests: 3 });
    const settings = (await api(srv.url, 'GET', '/api/settings', undefined, asAdmin())).body;
    const start = addDays(todayIso(), 10);
    const cases: [string, string, string][] = [
      [
        start,
        addDays(start, settings.maxNightsDefault + 1),
        `Stays cannot be longer than ${settings.maxNightsDefault} nights`,
      ],
      [
        addDays(todayIso(), settings.advanceBookingDays + 5),
        addDays(todayIso(), settings.advanceBookingDays + 8),
        `Bookings can be made at most ${settings.advanceBookingDays} days in advance`,
      ],
    ];
    for (const [checkIn, checkOut, reason] of cases) {
      const q = await quote(home.id, checkIn, checkOut);
      expect(q.body).toMatchObject({ available: false, reason });
      const b = await book(home.id, checkIn, checkOut);
      expect(b.status).toBe(400);
      expect(b.body.message).toBe(reason);
    }
    const crowd = await quote(home.id, start, addDays(start, 2), '&guests=4');
    expect(crowd.body).toMatchObject({ available: false, reason: 'This property allows at most 3 guests' });
    expect((await book(home.id, start, addDays(start, 2), { guests: 4 })).body.message).toBe(
      crowd.body.reason,
    );

    expect((await book(home.id, start, addDays(start, 2))).status).toBe(200);
    const taken = await quote(home.id, start, addDays(start, 2));
    expect(taken.body).toMatchObject({ available: false, reason: 'These dates are no longer available' });
    const again = await book(home.id, start, addDays(start, 2));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(taken.body.reason);
  });
});

describe('GET and PUT /api/properties/{id}/pricing', () => {
  it('keeps a home’s fees and discounts; the quote and the booking name every line', async () => {
    const home = await createProperty(srv.db.em(), { title: 'Fees home', price: 100, maxGuests: 4 });
    const empty = await api(srv.url, 'GET', `/api/properties/${home.id}/pricing`);
    expect(empty.body).toMatchObject({ propertyId: home.id, cleaningFee: null, weeklyDiscount: null });
    const rules = {
      cleaningFee: 60,
      extraGuestFee: 15,
      extraGuestsAbove: 2,
      weeklyDiscount: 10,
      touristTaxPerPerson: 3,
    };
    const put = await api(srv.url, 'PUT', `/api/properties/${home.id}/pricing`, rules, asAdmin());
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject(rules);
    expect((await api(srv.url, 'GET', `/api/properties/${home.id}/pricing`)).body).toMatchObject(rules);

    const checkIn = addDays(todayIso(), 30);
    const checkOut = addDays(checkIn, 7);
    const q = await quote(home.id, checkIn, checkOut, '&guests=3');
    expect(q.body.available).toBe(true);
    expect(q.body.lines.map((l: { kind: string }) => l.kind)).toEqual([
      'weeklyDiscount',
      'cleaningFee',
      'extraGuestFee',
      'gst',
      'touristTax',
    ]);
    const b = await book(home.id, checkIn, checkOut, { guests: 3, totalPrice: q.body.total });
    expect(b.status).toBe(200);
    expect(b.body.totalPrice).toBe(q.body.total);
    expect(b.body.priceLines).toEqual(q.body.lines);
    const [row] = await srv.db.sql<{ price_lines: unknown; total_price: number }>(
      'select price_lines, total_price from bookings where id = $1',
      [b.body.id],
    );
    // The snapshot keeps the very lines in cents.
    expect(row?.price_lines).toEqual(
      q.body.lines.map((l: { amount: number }) => ({ ...l, amount: toMinor(l.amount) })),
    );
    expect(row?.total_price).toBe(toMinor(q.body.total));
  });

  it('refuses a discount over 100 %, a negative fee, and a visitor', async () => {
    const home = await createProperty(srv.db.em(), { title: 'Bad rules home' });
    const path = `/api/properties/${home.id}/pricing`;
    const over = await api(srv.url, 'PUT', path, { weeklyDiscount: 101 }, asAdmin());
    expect(over.status).toBe(400);
    expect(over.body.message).toContain('A discount cannot be more than 100%');
    const negative = await api(srv.url, 'PUT', path, { cleaningFee: -5 }, asAdmin());
    expect(negative.status).toBe(400);
    expect(negative.body.message).toContain('A fee cannot be negative');
    expect((await api(srv.url, 'PUT', path, { cleaningFee: 5 })).status).toBe(401);
  });

  it('holds stays to the home’s check-in weekdays, maximum nights and pets rule', async () => {
    const home = await createProperty(srv.db.em(), { title: 'Saturday home' });
    await api(
      srv.url,
      'PUT',
      `/api/properties/${home.id}/pricing`,
      { checkInDays: [6], maxNights: 10 },
      asAdmin(),
    );
    let checkIn = addDays(todayIso(), 20);
    while (new Date(`${checkIn}T00:00:00Z`).getUTCDay() !== 5) checkIn = addDays(checkIn, 1);
    const friday = await quote(home.id, checkIn, addDays(checkIn, 3));
    expect(friday.body).toMatchObject({ available: false, reason: 'Check-in is on Saturday only' });
    expect((await book(home.id, checkIn, addDays(checkIn, 3))).body.message).toBe(friday.body.reason);
    const long = await quote(home.id, addDays(checkIn, 1), addDays(checkIn, 12));
    expect(long.body.reason).toBe('Stays cannot be longer than 10 nights');
    const pets = await quote(home.id, addDays(checkIn, 1), addDays(checkIn, 4), '&guests=2&pets=1');
    expect(pets.body.reason).toBe('This home does not allow pets');
    expect((await quote(home.id, addDays(checkIn, 1), addDays(checkIn, 4), '&guests=2')).body.available).toBe(
      true,
    );
  });
});

describe('guests as adults, children, infants and pets', () => {
  it('counts adults and children towards capacity, never infants; `guests` alone means adults', async () => {
    const home = await createProperty(srv.db.em(), { title: 'Family home', maxGuests: 3 });
    await api(
      srv.url,
      'PUT',
      `/api/properties/${home.id}/pricing`,
      { petsAllowed: true, petFee: 30, touristTaxPerPerson: 1 },
      asAdmin(),
    );
    const checkIn = addDays(todayIso(), 50);
    const checkOut = addDays(checkIn, 2);
    const crowded = await quote(home.id, checkIn, checkOut, '&guests=2&children=2');
    expect(crowded.body).toMatchObject({ available: false, reason: 'This property allows at most 3 guests' });
    const family = await quote(home.id, checkIn, checkOut, '&guests=2&children=1&infants=2&pets=1');
    expect(family.body.available).toBe(true);
    expect(family.body.lines).toContainEqual({ kind: 'petFee', label: 'Pet fee', amount: 30 });
    expect(family.body.lines).toContainEqual({
      kind: 'touristTax',
      label: 'Tourist tax (3 guests × 2 nights)',
      amount: 6,
    });
    const b = await book(home.id, checkIn, checkOut, { guests: 2, children: 1, infants: 2, pets: 1 });
    expect(b.status).toBe(200);
    expect(b.body).toMatchObject({
      guests: 3,
      children: 1,
      infants: 2,
      pets: 1,
      totalPrice: family.body.total,
    });

    // An older caller sends only `guests`: the adults, priced and counted as before.
    const later = addDays(checkOut, 5);
    const plain = await book(home.id, later, addDays(later, 2), { guests: 3 });
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ guests: 3, children: 0, infants: 0, pets: 0 });
  });
});

describe('prices with cents', () => {
  it('PUT /api/properties/{id} takes price 99.5; the quote answers in dollars with cents, GST to the cent', async () => {
    const body = {
      title: 'Cents home',
      description: 'A home priced to the cent.',
      location: 'Miami, Florida',
      latitude: '25.7617',
      longitude: '-80.1918',
      price: 120,
      bedrooms: 2,
      bathrooms: 1,
      maxGuests: 4,
      propertyType: 'house',
      images: await imageDataUrls(5),
    };
    const created = await api(srv.url, 'POST', '/api/properties', body, asAdmin());
    expect(created.status).toBe(200);
    const home = created.body as { id: number; images: string[] };
    Object.assign(body, { price: 99.5, images: home.images });
    const put = await api(srv.url, 'PUT', `/api/properties/${home.id}`, body, asAdmin());
    expect(put.status).toBe(200);
    expect(put.body.price).toBe(99.5);
    const [row] = await srv.db.sql<{ price: number }>('select price from properties where id = $1', [
      home.id,
    ]);
    expect(row?.price).toBe(9950);

    const checkIn = addDays(todayIso(), 40);
    const q = await quote(home.id, checkIn, addDays(checkIn, 3));
    expect(q.status).toBe(200);
    // 3 × $99.50 = $298.50; 17 % GST is $50.745, so $50.75.
    expect(q.body).toMatchObject({ nightlyPrice: 99.5, subtotal: 298.5, tax: 50.75, total: 349.25 });
    const b = await book(home.id, checkIn, addDays(checkIn, 3), { totalPrice: q.body.total });
    expect(b.status).toBe(200);
    expect(b.body.totalPrice).toBe(349.25);
  });

  it('refuses an amount with more than 2 decimals with a 400 that says so', async () => {
    const home = await createProperty(srv.db.em(), { title: 'Fractions home' });
    const put = await api(
      srv.url,
      'PUT',
      `/api/properties/${home.id}/pricing`,
      { cleaningFee: 10.005 },
      asAdmin(),
    );
    expect(put.status).toBe(400);
    expect(put.body.message).toContain('Cleaning fee can have at most 2 decimals');
    const fees = await api(
      srv.url,
      'PUT',
      `/api/properties/${home.id}/pricing`,
      { cleaningFee: 12.5 },
      asAdmin(),
    );
    expect(fees.status).toBe(200);
    expect(fees.body.cleaningFee).toBe(12.5);
  });
});
