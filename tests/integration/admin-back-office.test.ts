import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_DEFAULTS } from '../../src/shared/constants.ts';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import {
  ACCOUNT_DISABLED_MESSAGE,
  CANNOT_CHANGE_OWN_ROLE,
  CANNOT_DISABLE_SELF,
} from '../../src/shared/messages.ts';
import { csvCell, toCsv } from '../../src/server/services/admin/csv.ts';
import type { TSessionUser } from '../../src/server/services/auth/sessions.ts';
import { callerFor, createTestDatabase, seededAdmin, type TTestDb } from '../support/db.ts';
import { createProperty } from '../support/fixtures.ts';

/** The admin back office (docs/features.md#admin-back-office): audit trail, bookings table, drawer, export, guests and the dashboard, on real PostgreSQL. */

let db: TTestDb;
let admin: TSessionUser;
let plain: TSessionUser;

async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (err) {
    const e = err as { code: string; message: string };
    return { code: e.code, message: e.message };
  }
  throw new Error('expected the call to fail');
}

let seq = 0;
async function insertBooking(
  propertyId: number,
  checkIn: string,
  nights: number,
  status: string,
  contact: { name: string; email: string; phone?: string; specialRequests?: string },
  userId: number | null = null,
) {
  seq += 1;
  const bic = `BIC${String(700000 + seq)}`;
  const [row] = await db.sql<{ id: number }>(
    `insert into bookings (property_id, user_id, check_in, check_out, guests, total_price, status, nightly_price, nights,
                           tax_rate, tax_amount, night_prices, confirmation_number, contact_info)
     values ($1, $2, $3::date, $3::date + $4::int, 2, 11700 * $4, $5, 10000, $4, 17, 1700 * $4, $6::int[], $7, $8) returning id`,
    [
      propertyId,
      userId,
      checkIn,
      nights,
      status,
      // Cents, as the snapshot keeps every amount: $100 a night, $17 GST.
      `{${Array.from({ length: nights }, () => 10000).join(',')}}`,
      bic,
      JSON.stringify({ phone: '+1 555 0100', country: 'Canada', ...contact }),
    ],
  );
  if (!row) throw new Error('no booking');
  return { id: row.id, bic };
}

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await seededAdmin(db);
  plain = await callerFor(db, null).caller.auth.register({
    username: 'office-guest',
    email: 'office-guest@example.com',
    password: 'secret-pw-1',
  });
});
afterAll(async () => {
  await db.drop();
});

describe('audit trail', () => {
  it('records a settings change with the before and after of the changed fields only', async () => {
    const { caller } = callerFor(db, admin);
    await caller.settings.update({ ...SETTINGS_DEFAULTS });
    await caller.settings.update({ ...SETTINGS_DEFAULTS, siteName: 'Audited Stays', taxRate: 12.5 });
    const log = await caller.admin.activity({ entityType: 'settings' });
    const entry = log.items[0];
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorName: admin.name || admin.username,
      action: 'settings.update',
      entityType: 'settings',
      entityId: '1',
    });
    expect(entry?.changes).toEqual({
      siteName: { before: SETTINGS_DEFAULTS.siteName, after: 'Audited Stays' },
      taxRate: { before: SETTINGS_DEFAULTS.taxRate, after: 12.5 },
    });
    await caller.settings.update({ ...SETTINGS_DEFAULTS });
  });

  it('records property, category, review and booking mutations, and nothing when a change is refused', async () => {
    const { caller } = callerFor(db, admin);
    const cat = await caller.categories.create({
      name: 'Audit Igloo',
      icon: 'https://example.com/i.svg',
      active: true,
    });
    await caller.categories.update({
      id: cat.id,
      name: 'Audit Igloo',
      icon: 'https://example.com/i.svg',
      active: false,
    });
    const home = await createProperty(db.em());
    const review = await caller.reviews.create({
      propertyId: home.id,
      userId: 1,
      rating: 4,
      comment: 'Fine',
      userName: 'Ann',
    });
    await caller.reviews.delete({ id: review.id });
    await caller.categories.delete({ id: cat.id });
    const before = (await caller.admin.activity({})).total;
    await failure(caller.categories.update({ id: cat.id, name: 'Gone', icon: 'x', active: true }));
    expect((await caller.admin.activity({})).total).toBe(before);

    const actions = (await caller.admin.activity({ pageSize: 10 })).items.map((a) => a.action);
    expect(actions.slice(0, 5)).toEqual([
      'category.delete',
      'review.delete',
      'review.create',
      'category.update',
      'category.create',
    ]);
    const update = (
      await caller.admin.activity({ entityType: 'category', entityId: String(cat.id) })
    ).items.find((a) => a.action === 'category.update');
    expect(update?.changes).toEqual({ active: { before: true, after: false } });
  });
});

describe('bookings table', () => {
  let home: number;
  let other: number;
  const start = addDays(todayIso(), 40);
  let ada: { id: number; bic: string };
  let bob: { id: number; bic: string };
  let cyd: { id: number; bic: string };

  beforeAll(async () => {
    home = (await createProperty(db.em(), { title: 'Table house' })).id;
    other = (await createProperty(db.em(), { title: 'Other house' })).id;
    ada = await insertBooking(home, start, 3, 'pending', { name: 'Ada Lovelace', email: 'ada@example.com' });
    bob = await insertBooking(home, addDays(start, 10), 2, 'confirmed', {
      name: 'Bob Byte',
      email: 'bob@example.org',
    });
    cyd = await insertBooking(other, addDays(start, 20), 4, 'pending', {
      name: '=HYPERLINK("http://evil")',
      email: 'cyd@example.com',
      specialRequests: 'Late, "quiet" room\nplease',
    });
  });

  it('searches by guest name, e-mail and confirmation number, and filters by status, property and stay dates', async () => {
    const { caller } = callerFor(db, admin);
    const ids = async (input: Parameters<typeof caller.bookings.page>[0]) =>
      (await caller.bookings.page(input)).items.map((b) => b.id);
    expect(await ids({ q: 'lovelace' })).toEqual([ada.id]);
    expect(await ids({ q: 'BOB@EXAMPLE.ORG' })).toEqual([bob.id]);
    expect(await ids({ q: bob.bic })).toEqual([bob.id]);
    expect(await ids({ q: '100%' })).toEqual([]);
    expect(await ids({ propertyId: home, status: 'pending' })).toEqual([ada.id]);
    expect(await ids({ propertyId: home, sort: 'checkIn', dir: 'asc' })).toEqual([ada.id, bob.id]);
    // The last night of Ada's stay is start + 2: a range from that day still meets it.
    expect(await ids({ propertyId: home, from: addDays(start, 2), to: addDays(start, 2) })).toEqual([ada.id]);
    expect(await ids({ propertyId: home, from: addDays(start, 3), to: addDays(start, 9) })).toEqual([]);
    const page = await caller.bookings.page({
      propertyId: home,
      pageSize: 1,
      page: 2,
      sort: 'checkIn',
      dir: 'asc',
    });
    expect(page).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(page.items.map((b) => b.id)).toEqual([bob.id]);
    expect((await failure(caller.bookings.page({ from: addDays(start, 5), to: start }))).code).toBe(
      'BAD_REQUEST',
    );
  });

  it('bulk-confirms, records each change, and shows it in the drawer with the price snapshot and a note', async () => {
    const { caller } = callerFor(db, admin);
    const { updated } = await caller.bookings.bulkStatus({ ids: [ada.id, cyd.id], status: 'confirmed' });
    expect(updated.map((b) => b.status)).toEqual(['confirmed', 'confirmed']);
    await caller.bookings.addNote({ id: ada.id, body: 'Arrives by ferry' });
    const detail = await caller.bookings.detail({ id: ada.id });
    expect(detail.price).toEqual({
      nights: 3,
      nightlyPrice: 100,
      taxRate: 17,
      taxAmount: 51,
      total: 351,
      nightPrices: [100, 100, 100],
      lines: [{ kind: 'gst', label: 'GST (17%)', amount: 51 }],
    });
    expect(detail.history.map((h) => [h.from, h.to, h.actorName])).toEqual([
      [null, 'pending', 'Ada Lovelace'],
      ['pending', 'confirmed', admin.name || admin.username],
    ]);
    expect(detail.notes.map((n) => n.body)).toEqual(['Arrives by ferry']);
    expect((await failure(caller.bookings.addNote({ id: ada.id, body: '   ' }))).code).toBe('BAD_REQUEST');
  });

  it('refuses the whole bulk action when one booking is unknown', async () => {
    const { caller } = callerFor(db, admin);
    const err = await failure(caller.bookings.bulkStatus({ ids: [bob.id, 99_999_999], status: 'cancelled' }));
    expect(err).toEqual({ code: 'NOT_FOUND', message: 'Booking #99999999 not found' });
    expect((await caller.bookings.detail({ id: bob.id })).status).toBe('confirmed');
  });

  it('exports the filtered bookings as CSV whose formula-like cells are quoted and escaped', async () => {
    const { caller } = callerFor(db, admin);
    const out = await caller.bookings.export({ propertyId: other });
    expect(out.rows).toBe(1);
    const [header, line] = out.csv.split('\r\n');
    expect(header).toContain('Confirmation number,Property,Property ID,Guest,Email');
    expect(line).toContain(`,"'=HYPERLINK(""http://evil"")",cyd@example.com,`);
    expect(out.csv).toContain('"Late, ""quiet"" room\nplease"');
  });
});

describe('CSV cells', () => {
  it('quotes and escapes cells a spreadsheet would run, and quotes per RFC 4180', () => {
    expect(csvCell('=1+1')).toBe(`"'=1+1"`);
    expect(csvCell('+1 555')).toBe(`"'+1 555"`);
    expect(csvCell('-2')).toBe(`"'-2"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('\tx')).toBe(`"'\tx"`);
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(42)).toBe('42');
    expect(toCsv(['a', 'b'], [['1', null]])).toBe('a,b\r\n1,\r\n');
  });
});

describe('guests', () => {
  it('lists and searches accounts with their booking count', async () => {
    const { caller } = callerFor(db, admin);
    const list = await caller.admin.users({ q: 'office-guest' });
    expect(list.items).toEqual([
      expect.objectContaining({ id: plain.id, isAdmin: false, disabled: false, bookings: 0 }),
    ]);
    expect((await caller.admin.users({ role: 'admin' })).items.map((u) => u.id)).toContain(admin.id);
  });

  it('never changes or disables oneself', async () => {
    const { caller } = callerFor(db, admin);
    expect(await failure(caller.admin.setAdmin({ id: admin.id, isAdmin: false }))).toEqual({
      code: 'FORBIDDEN',
      message: CANNOT_CHANGE_OWN_ROLE,
    });
    expect(await failure(caller.admin.setDisabled({ id: admin.id, disabled: true }))).toEqual({
      code: 'FORBIDDEN',
      message: CANNOT_DISABLE_SELF,
    });
  });

  it('disabling an account ends its sessions and refuses its login with a clear message', async () => {
    const { caller } = callerFor(db, admin);
    const login = callerFor(db, null);
    await login.caller.auth.login({ username: 'office-guest', password: 'secret-pw-1' });
    const token = login.cookies.set[0]?.token;
    expect(token).toBeTruthy();
    expect((await db.sql('select 1 from sessions where user_id = $1', [plain.id])).length).toBeGreaterThan(0);

    expect((await caller.admin.setDisabled({ id: plain.id, disabled: true })).disabled).toBe(true);
    expect(await db.sql('select 1 from sessions where user_id = $1', [plain.id])).toHaveLength(0);
    expect(
      await failure(
        callerFor(db, null).caller.auth.login({ username: 'office-guest', password: 'secret-pw-1' }),
      ),
    ).toEqual({ code: 'FORBIDDEN', message: ACCOUNT_DISABLED_MESSAGE });
    // A wrong password still hears the usual answer: the state is told only to whoever knows the password.
    expect(
      (
        await failure(
          callerFor(db, null).caller.auth.login({ username: 'office-guest', password: 'wrong-pw-1' }),
        )
      ).code,
    ).toBe('UNAUTHORIZED');

    await caller.admin.setDisabled({ id: plain.id, disabled: false });
    await callerFor(db, null).caller.auth.login({ username: 'office-guest', password: 'secret-pw-1' });
    const made = await caller.admin.setAdmin({ id: plain.id, isAdmin: true });
    expect(made.isAdmin).toBe(true);
    const trail = await caller.admin.activity({ entityType: 'user', entityId: String(plain.id) });
    expect(trail.items.map((a) => a.action)).toEqual(['user.role', 'user.enable', 'user.disable']);
    await caller.admin.setAdmin({ id: plain.id, isAdmin: false });
  });

  it('a non-admin reaches neither users, activity nor the export', async () => {
    const { caller } = callerFor(db, plain);
    for (const call of [
      () => caller.admin.users({}),
      () => caller.admin.activity({}),
      () => caller.bookings.export({}),
      () => caller.admin.setAdmin({ id: plain.id, isAdmin: true }),
    ]) {
      expect((await failure(call())).code).toBe('FORBIDDEN');
    }
    expect((await failure(callerFor(db, null).caller.bookings.export({}))).code).toBe('UNAUTHORIZED');
  });
});

describe('dashboard', () => {
  it("counts today's arrivals and departures, occupancy and revenue by month in SQL", async () => {
    const { caller } = callerFor(db, admin);
    const before = await caller.admin.dashboard();
    const home = (await createProperty(db.em(), { title: 'Dashboard cabin' })).id;
    const today = todayIso();
    await insertBooking(home, today, 2, 'pending', { name: 'Today Arrival', email: 't@example.com' });
    await insertBooking(home, addDays(today, -3), 3, 'confirmed', {
      name: 'Leaving Today',
      email: 'l@example.com',
    });
    await insertBooking(home, addDays(today, 3), 2, 'cancelled', { name: 'Never', email: 'n@example.com' });
    const d = await caller.admin.dashboard();
    expect(d.today).toBe(today);
    expect(d.checkInsToday - before.checkInsToday).toBe(1);
    expect(d.checkOutsToday - before.checkOutsToday).toBe(1);
    expect(d.checkInsWeek - before.checkInsWeek).toBe(1);
    expect(d.arrivalsToday.map((s) => s.guestName)).toContain('Today Arrival');
    expect(d.departuresToday.map((s) => s.guestName)).toContain('Leaving Today');
    expect(d.occupancy.bookedNights - before.occupancy.bookedNights).toBe(2);
    expect(d.occupancy.availableNights - before.occupancy.availableNights).toBe(30);
    expect(d.revenueByMonth).toHaveLength(12);
    expect(d.revenueByMonth.at(-1)?.month).toBe(today.slice(0, 7));
    const sum = (x: typeof d) => x.revenueByMonth.reduce((s, m) => s + m.revenue, 0);
    // Room revenue, $100 a night without the GST, for the nights in the last 12 months: the departing stay's
    // 3 nights, and today's pending stay's 2 (its second one is next month's when today is the month's last).
    const tomorrowThisMonth = addDays(today, 1).slice(0, 7) === today.slice(0, 7);
    expect(sum(d) - sum(before)).toBe(300 + (tomorrowThisMonth ? 200 : 100));
    expect(d.failedEmails).toBeGreaterThanOrEqual(0);
  });

  it('counts the stays in house now, occupancy night by night, and names who and where for recent bookings', async () => {
    const { caller } = callerFor(db, admin);
    const before = await caller.admin.dashboard();
    const home = await createProperty(db.em(), { title: 'Dashboard loft' });
    const today = todayIso();
    // Arrived yesterday for three nights: in house now, holding tonight and tomorrow night.
    const stay = await insertBooking(home.id, addDays(today, -1), 3, 'confirmed', {
      name: 'Midstay Guest',
      email: 'mid@example.com',
    });
    const d = await caller.admin.dashboard();
    expect(d.inHouseNow - before.inHouseNow).toBe(1);

    const nights = d.occupancy.byDay;
    expect(nights).toHaveLength(30);
    expect(nights[0]?.date).toBe(today);
    expect(nights.at(-1)?.date).toBe(addDays(today, 29));
    const delta = nights.map((n, i) => n.booked - (before.occupancy.byDay[i]?.booked ?? 0));
    expect(delta.slice(0, 3)).toEqual([1, 1, 0]);
    expect(nights.reduce((sum, n) => sum + n.booked, 0)).toBe(d.occupancy.bookedNights);
    for (const n of nights) expect(n.rate).toBeCloseTo(n.booked / d.totalProperties);

    expect(d.recentBookings[0]).toMatchObject({
      id: stay.id,
      guestName: 'Midstay Guest',
      propertyId: home.id,
      propertyTitle: 'Dashboard loft',
    });
  });
});
