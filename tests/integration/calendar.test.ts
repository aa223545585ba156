import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import type { TSessionUser } from '../../src/server/services/auth/sessions.ts';
import { callerFor, createTestDatabase, seededAdmin, type TTestDb } from '../support/db.ts';
import { failure, stayInput as booking } from '../support/calls.ts';
import { createProperty } from '../support/fixtures.ts';

let db: TTestDb;
let admin: TSessionUser;

const day = (n: number) => addDays(todayIso(), n);

async function searchIds(place: string, checkIn: string, checkOut: string) {
  const r = await callerFor(db, null).caller.properties.search({
    location: place,
    checkIn,
    checkOut,
    limit: 48,
  });
  return r.items;
}

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await seededAdmin(db);
});
afterAll(async () => {
  await db.drop();
});

describe('blocked dates', () => {
  it('hold dates like a booking: availability, search, quote and booking all see them', async () => {
    const place = `Blockville ${Date.now()}`;
    const home = await createProperty(db.em(), { location: place, price: 100 });
    const adminCaller = callerFor(db, admin).caller;
    const guest = callerFor(db, null).caller;

    const block = await adminCaller.calendar.block({
      id: home.id,
      startDate: day(10),
      endDate: day(13),
      reason: 'maintenance',
      note: 'Boiler',
    });
    expect(block).toMatchObject({
      propertyId: home.id,
      startDate: day(10),
      endDate: day(13),
      reason: 'maintenance',
    });

    expect(await guest.bookings.availability({ id: home.id })).toEqual([
      { checkIn: day(10), checkOut: day(13) },
    ]);
    expect(await searchIds(place, day(11), day(12))).toEqual([]);
    expect((await searchIds(place, day(13), day(15))).map((c) => c.id)).toEqual([home.id]);
    expect(
      await guest.bookings.quote({ propertyId: home.id, checkIn: day(9), checkOut: day(11) }),
    ).toMatchObject({
      nights: 2,
      available: false,
    });
    expect(
      (await guest.bookings.quote({ propertyId: home.id, checkIn: day(13), checkOut: day(15) })).available,
    ).toBe(true);
    expect(await failure(guest.bookings.create(booking(home.id, day(12), day(14))))).toEqual({
      code: 'CONFLICT',
      message: 'These dates are no longer available',
    });
    // The block's end day is free for an arrival, and the day it starts for a departure.
    await guest.bookings.create(booking(home.id, day(13), day(15)));
    await guest.bookings.create(booking(home.id, day(8), day(10)));

    await adminCaller.calendar.unblock({ id: home.id, blockId: block.id });
    expect((await searchIds(place, day(11), day(12))).map((c) => c.id)).toEqual([home.id]);
  });

  it('cannot be placed over a booking: 409 naming the booking', async () => {
    const home = await createProperty(db.em());
    const adminCaller = callerFor(db, admin).caller;
    const b = await callerFor(db, null).caller.bookings.create(booking(home.id, day(20), day(23)));
    const err = await failure(
      adminCaller.calendar.block({ id: home.id, startDate: day(22), endDate: day(25) }),
    );
    expect(err.code).toBe('CONFLICT');
    expect(err.message).toContain(`booking ${b.confirmationNumber}`);
    // A cancelled booking gives its dates back, and re-confirming it then fails like any clash.
    await adminCaller.bookings.updateStatus({ id: b.id, status: 'cancelled' });
    await adminCaller.calendar.block({ id: home.id, startDate: day(22), endDate: day(25) });
    expect(await failure(adminCaller.bookings.updateStatus({ id: b.id, status: 'confirmed' }))).toEqual({
      code: 'CONFLICT',
      message: 'These dates are no longer available',
    });
  });

  it('reopens part of a block by trimming or splitting it', async () => {
    const home = await createProperty(db.em());
    const adminCaller = callerFor(db, admin).caller;
    await adminCaller.calendar.block({
      id: home.id,
      startDate: day(30),
      endDate: day(40),
      note: 'Owner',
      reason: 'owner',
    });
    await adminCaller.calendar.reopen({ id: home.id, startDate: day(33), endDate: day(35) });
    const blocks = await adminCaller.calendar.blocks({ id: home.id });
    expect(blocks.map((b) => [b.startDate, b.endDate, b.reason, b.note])).toEqual([
      [day(30), day(33), 'owner', 'Owner'],
      [day(35), day(40), 'owner', 'Owner'],
    ]);
    expect(await callerFor(db, null).caller.bookings.availability({ id: home.id })).toEqual([
      { checkIn: day(30), checkOut: day(33) },
      { checkIn: day(35), checkOut: day(40) },
    ]);
  });
});

describe('rates', () => {
  it('price each night: season over weekend over the home price; a home with no rules prices as before', async () => {
    const home = await createProperty(db.em(), { price: 100 });
    const adminCaller = callerFor(db, admin).caller;
    const guest = callerFor(db, null).caller;
    // 2030-06-03 is a Monday.
    const flat = await guest.bookings.quote({
      propertyId: home.id,
      checkIn: '2030-06-03',
      checkOut: '2030-06-10',
    });
    expect(flat).toMatchObject({ nightlyPrice: 100, nights: 7, subtotal: 700, tax: 119, total: 819 });

    await adminCaller.calendar.setRate({ id: home.id, kind: 'weekend', nightlyPrice: 150 });
    await adminCaller.calendar.setRate({
      id: home.id,
      kind: 'season',
      startDate: '2030-06-05',
      endDate: '2030-06-07',
      nightlyPrice: 300,
    });
    const q = await guest.bookings.quote({
      propertyId: home.id,
      checkIn: '2030-06-03',
      checkOut: '2030-06-10',
    });
    expect(q.nightly.map((n) => n.price)).toEqual([100, 100, 300, 300, 150, 150, 100]);
    expect(q).toMatchObject({ subtotal: 1200, nightlyPrice: 171.43, tax: 204, total: 1404 });

    // A new season over part of an old one wins; the old one is split around it.
    await adminCaller.calendar.setRate({
      id: home.id,
      kind: 'season',
      startDate: '2030-06-01',
      endDate: '2030-06-06',
      nightlyPrice: 200,
    });
    const rates = await adminCaller.calendar.rates({ id: home.id });
    expect(
      rates.filter((r) => r.kind === 'season').map((r) => [r.startDate, r.endDate, r.nightlyPrice]),
    ).toEqual([
      ['2030-06-01', '2030-06-06', 200],
      ['2030-06-06', '2030-06-07', 300],
    ]);
  });

  it('snapshot per-night prices in the booking and honour a per-home minimum stay', async () => {
    const place = `Rateville ${Date.now()}`;
    const home = await createProperty(db.em(), { price: 100, location: place });
    const adminCaller = callerFor(db, admin).caller;
    const guest = callerFor(db, null).caller;
    await adminCaller.calendar.setRate({
      id: home.id,
      kind: 'season',
      startDate: day(50),
      endDate: day(52),
      nightlyPrice: 250,
    });
    const found = await searchIds(place, day(49), day(52));
    expect(found[0]?.stayTotal).toBe(Math.round((100 + 250 + 250) * 1.17));

    const b = await guest.bookings.create(booking(home.id, day(49), day(52)));
    expect(b.nightPrices).toEqual([100, 250, 250]);
    expect(b.totalPrice).toBe(702);
    const [row] = await db.sql<{ night_prices: number[] }>(
      'select night_prices from bookings where id = $1',
      [b.id],
    );
    expect(row?.night_prices).toEqual([10000, 25000, 25000]); // cents

    await adminCaller.calendar.setRate({ id: home.id, kind: 'minNights', minNights: 3 });
    expect(await failure(guest.bookings.create(booking(home.id, day(60), day(62))))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Stays must be at least 3 nights',
    });
    const [minRule] = (await adminCaller.calendar.rates({ id: home.id })).filter(
      (r) => r.kind === 'minNights',
    );
    await adminCaller.calendar.deleteRate({ id: home.id, rateId: minRule?.id ?? 0 });
    await guest.bookings.create(booking(home.id, day(60), day(62)));
  });

  it('refuses bad input with readable messages', async () => {
    const home = await createProperty(db.em());
    const adminCaller = callerFor(db, admin).caller;
    expect(
      await failure(adminCaller.calendar.setRate({ id: home.id, kind: 'season', nightlyPrice: 10 })),
    ).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Start date is required',
    });
    expect(
      await failure(adminCaller.calendar.block({ id: home.id, startDate: day(5), endDate: day(5) })),
    ).toMatchObject({ code: 'BAD_REQUEST', message: 'End date must be after start date' });
    expect(await failure(adminCaller.calendar.unblock({ id: home.id, blockId: 999999 }))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('admin calendars', () => {
  it('show bookings with guest names, blocks and nightly prices; the timeline pages by home', async () => {
    const home = await createProperty(db.em(), { price: 90, title: 'Timeline cottage' });
    const adminCaller = callerFor(db, admin).caller;
    const b = await callerFor(db, null).caller.bookings.create(booking(home.id, day(3), day(5)));
    await adminCaller.calendar.block({ id: home.id, startDate: day(6), endDate: day(7), reason: 'owner' });
    const month = await adminCaller.calendar.month({ id: home.id, from: day(0), to: day(30) });
    expect(month.bars).toEqual([
      expect.objectContaining({
        kind: 'confirmed',
        bookingId: b.id,
        label: `Ada Guest · ${b.confirmationNumber}`,
      }),
      expect.objectContaining({ kind: 'block', label: "Owner's stay", startDate: day(6) }),
    ]);
    expect(month.prices).toHaveLength(30);
    expect(month.prices[0]).toEqual({ date: day(0), price: 90 });

    const first = await adminCaller.calendar.timeline({ from: day(0), to: day(14), limit: 1 });
    expect(first.rows).toHaveLength(1);
    expect(first.rows[0]).toMatchObject({ propertyId: home.id, title: 'Timeline cottage' });
    expect(first.rows[0]?.bars.map((x) => x.kind)).toEqual(['confirmed', 'block']);
    expect(first.nextCursor).toBe(home.id);
    const second = await adminCaller.calendar.timeline({
      from: day(0),
      to: day(14),
      limit: 1,
      cursor: home.id,
    });
    expect(second.rows[0]?.propertyId).toBeLessThan(home.id);
  });
});

describe('date holds', () => {
  it('one hold per source; each unique index leaves out the holds of the other sources (their nulls)', async () => {
    const home = await createProperty(db.em());
    const made = await callerFor(db, null).caller.bookings.create(booking(home.id, day(40), day(42)));
    const again = db
      .em()
      .execute('insert into date_holds (property_id, start_date, end_date, booking_id) values (?, ?, ?, ?)', [
        home.id,
        day(60),
        day(61),
        made.id,
      ]);
    await expect(again).rejects.toThrow(/date_holds_booking_id_unique/);
    const indexes = await db
      .em()
      .execute<{ indexdef: string }[]>(
        `select indexdef from pg_indexes where tablename = 'date_holds' and indexname like '%\\_unique' order by 1`,
      );
    expect(indexes.map((i) => /\((\w+)\) WHERE \((\w+) IS NOT NULL\)$/.exec(i.indexdef)?.slice(1))).toEqual([
      ['block_id', 'block_id'],
      ['booking_id', 'booking_id'],
      ['external_event_id', 'external_event_id'],
    ]);
  });
});
