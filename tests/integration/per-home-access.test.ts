import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import type { TSessionUser } from '../../src/server/services/auth/sessions.ts';
import { callerFor, createTestDatabase, seededAdmin, type TTestDb } from '../support/db.ts';
import { createProperty, imageDataUrls } from '../support/fixtures.ts';

/**
 * A manager given two of three homes sees only those two in every list, count, search and export, and a
 * row of the third answers 404, as an unknown one would (docs/staff.md#per-home-access).
 */

let db: TTestDb;
let admin: TSessionUser;
let manager: TSessionUser;
const homes: { id: number; title: string }[] = [];
const bookingsOf = new Map<number, number[]>();

const asAdmin = () => callerFor(db, admin).caller;
const asManager = () => callerFor(db, manager).caller;

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'OK';
  } catch (err) {
    return String((err as { code?: string }).code);
  }
}

let offsetDays = 20;
async function book(propertyId: number, name: string) {
  const checkIn = addDays(todayIso(), offsetDays);
  offsetDays += 4;
  const b = await callerFor(db, null, { ip: `10.7.0.${offsetDays}` }).caller.bookings.create({
    propertyId,
    checkIn,
    checkOut: addDays(checkIn, 2),
    guests: 2,
    contactInfo: { name, email: `${name.toLowerCase()}@example.com`, phone: '+1 555 0100', country: 'Spain' },
  });
  bookingsOf.set(propertyId, [...(bookingsOf.get(propertyId) ?? []), b.id]);
  return b;
}

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await seededAdmin(db);
  for (const title of ['Scoped Alpha Loft', 'Scoped Beta House', 'Scoped Gamma Villa'])
    homes.push(await createProperty(db.em(), { title, location: 'Porto, Portugal' }));
  for (const h of homes) {
    await book(h.id, `Guest${h.id}a`);
    await book(h.id, `Guest${h.id}b`);
    await callerFor(db, null, { ip: `10.8.0.${h.id % 200}` }).caller.messaging.inquire({
      id: h.id,
      name: `Asker ${h.id}`,
      email: `asker${h.id}@example.com`,
      message: 'Is there parking?',
    });
    await asAdmin().reviews.create({
      propertyId: h.id,
      rating: 4,
      comment: 'Lovely stay here',
      userName: 'Sam',
    });
  }
  const user = await callerFor(db, null, { ip: '10.9.9.9' }).caller.auth.register({
    username: 'scoped-manager',
    email: 'scoped@example.com',
    password: 'secret-pw',
  });
  const [a, b] = homes;
  await asAdmin().staff.add({ userId: user.id, role: 'manager', propertyIds: [a!.id, b!.id] });
  manager = { ...user, role: 'manager' };
});
afterAll(async () => {
  await db.drop();
});

const mine = () => homes.slice(0, 2).map((h) => h.id);
const other = () => homes[2]!.id;
const myBookings = () => mine().flatMap((id) => bookingsOf.get(id) ?? []);
const otherBooking = () => (bookingsOf.get(other()) ?? [])[0]!;

describe('a manager limited to two homes', () => {
  it('lists, counts and searches only their listings', async () => {
    const page = await asManager().properties.adminPage({ q: 'Scoped' });
    expect(page.items.map((p) => p.id).sort()).toEqual(mine().sort());
    expect(page.total).toBe(2);
    expect((await asManager().properties.adminPage({})).total).toBe(2);
    expect((await asManager().properties.adminPage({ q: 'Gamma' })).total).toBe(0);
    expect((await asAdmin().properties.adminPage({ q: 'Scoped' })).total).toBe(3);
  });

  it('lists, counts, searches and exports only their bookings', async () => {
    const page = await asManager().bookings.page({});
    expect(page.items.map((b) => b.id).sort()).toEqual(myBookings().sort());
    expect(page.total).toBe(4);
    expect((await asManager().bookings.page({ status: 'pending' })).total).toBeLessThanOrEqual(4);
    expect((await asManager().bookings.page({ q: `Guest${other()}a` })).total).toBe(0);
    expect((await asManager().bookings.list({})).map((b) => b.id).sort()).toEqual(myBookings().sort());
    const csv = await asManager().bookings.export({});
    expect(csv.rows).toBe(4);
    expect(csv.csv).not.toContain(`Guest${other()}a`);
    expect((await asAdmin().bookings.page({})).total).toBe(6);
  });

  // A row of another home answers 404 as an unknown one would: the access matrix calls every procedure that
  // takes a home's id with one (tests/integration/access-matrix.test.ts); here, their own row opens.
  it('opens a row of their own home', async () => {
    expect(await code(asManager().bookings.detail({ id: myBookings()[0]! }))).toBe('OK');
  });

  it('sees only their homes on the timeline, in the inbox, payments, reviews and emails', async () => {
    const timeline = await asManager().calendar.timeline({ search: 'Scoped' });
    expect(timeline.rows.map((r) => r.propertyId).sort()).toEqual(mine().sort());

    const inbox = await asManager().messaging.inbox({});
    const titles = new Set(homes.slice(0, 2).map((h) => h.title));
    expect(inbox.items.length).toBeGreaterThan(0);
    expect(inbox.items.every((t) => titles.has(t.home))).toBe(true);
    const allInbox = await asAdmin().messaging.inbox({});
    expect(allInbox.total).toBeGreaterThan(inbox.total);
    expect((await asManager().messaging.unread()).unread).toBeLessThan(
      (await asAdmin().messaging.unread()).unread,
    );

    const payments = await asManager().payments.list({});
    const confirmations = new Set(
      (await asManager().bookings.page({})).items.map((b) => b.confirmationNumber),
    );
    expect(payments.items.every((p) => confirmations.has(p.confirmationNumber))).toBe(true);

    const reviews = await asManager().reviews.adminList({});
    expect(reviews.total).toBe(2);
    expect(reviews.items.every((r) => mine().includes(r.propertyId))).toBe(true);

    const emails = await asManager().admin.emails({});
    const all = await asAdmin().admin.emails({});
    expect(emails.total).toBeLessThan(all.total);
    expect(JSON.stringify(emails.items)).not.toContain(`guest${other()}a@example.com`);
  });

  it('counts only their homes on the dashboard', async () => {
    const mineDash = await asManager().admin.dashboard();
    expect(mineDash.totalProperties).toBe(2);
    expect(mineDash.totalBookings).toBe(4);
    expect(mineDash.recentBookings.every((b) => mine().includes(b.propertyId))).toBe(true);
    expect(mineDash.recentProperties.map((p) => p.id).sort()).toEqual(mine().sort());
    const all = await asAdmin().admin.dashboard();
    expect(all.totalBookings).toBe(6);
    // Requests awaiting an answer: one on a home of theirs, one on the other; each side counts its own.
    const asked = [myBookings()[0]!, otherBooking()];
    const before = await db.sql<{ id: number; status: string }>(
      'select id, status from bookings where id = any($1::int[])',
      [asked],
    );
    await db.sql(`update bookings set status = 'requested' where id = any($1::int[])`, [asked]);
    try {
      expect((await asManager().admin.dashboard()).requestedBookings).toBe(1);
      expect((await asAdmin().admin.dashboard()).requestedBookings).toBe(2);
    } finally {
      for (const b of before) await db.sql('update bookings set status = $2 where id = $1', [b.id, b.status]);
    }
  });

  it('reports on their homes only', async () => {
    const range = { from: todayIso(), to: addDays(todayIso(), 60) };
    const report = await asManager().reports.summary(range);
    expect(report.homes).toBe(2);
    expect(report.totals.availableNights).toBe(2 * 61);
    expect(report.byHome.map((h) => h.propertyId).sort()).toEqual(mine().sort());
    expect(report.totals.bookedNights).toBe(8);
    expect((await asAdmin().reports.summary(range)).totals.bookedNights).toBe(12);
    expect(await code(asManager().reports.summary({ ...range, propertyId: other() }))).toBe('NOT_FOUND');
  });

  it("records and reads an owner's expenses on their homes only", async () => {
    const user = await callerFor(db, null, { ip: '10.9.9.10' }).caller.auth.register({
      username: 'scoped-owner',
      email: 'scoped-owner@example.com',
      password: 'secret-pw',
    });
    await asAdmin().staff.add({ userId: user.id, role: 'owner', propertyIds: [] });
    for (const h of homes)
      await asAdmin().owners.setHomeOwner({ id: h.id, ownerId: user.id, commissionPercent: 10 });
    const expense = (id: number) => ({
      id,
      date: todayIso(),
      category: 'supplies' as const,
      amount: 9.99,
      description: 'Towels',
    });
    const theirs = await asAdmin().owners.createExpense(expense(other()));
    expect(await code(asManager().owners.createExpense(expense(mine()[0]!)))).toBe('OK');
    expect(await code(asManager().owners.createExpense(expense(other())))).toBe('NOT_FOUND');
    expect(await code(asManager().owners.deleteExpense({ id: theirs.id }))).toBe('NOT_FOUND');
    const month = todayIso().slice(0, 7);
    const listed = await asManager().owners.expenses({ id: user.id, month });
    expect(listed.items.map((e) => e.propertyId)).toEqual([mine()[0]]);
    const statement = await asManager().owners.statement({ id: user.id, month });
    expect(statement.expenses.map((e) => e.propertyId)).toEqual([mine()[0]]);
    expect(statement.homes.map((h) => h.id).sort()).toEqual(mine().sort());
    expect((await asAdmin().owners.expenses({ id: user.id, month })).items).toHaveLength(2);
  });

  it('sees the activity of their homes and bookings only', async () => {
    // Instant bookings are confirmed when made: setting them back to pending is a change the log records.
    await asAdmin().bookings.updateStatus({ id: otherBooking(), status: 'pending' });
    await asAdmin().bookings.updateStatus({ id: myBookings()[0]!, status: 'pending' });
    const trail = await asManager().admin.activity({});
    const ids = trail.items.map((e) => `${e.entityType}:${e.entityId}`);
    expect(ids).toContain(`booking:${myBookings()[0]}`);
    expect(ids).not.toContain(`booking:${otherBooking()}`);
    expect(ids.some((id) => id.startsWith('user:'))).toBe(false);
  });
});

describe('a manager who creates a home', () => {
  it('is given it at once: they see, change and copy it, and the copy is theirs too', async () => {
    const created = await asManager().properties.create({
      title: 'Scoped Delta Cabin',
      description: 'A cabin the manager listed.',
      location: 'Porto, Portugal',
      price: 140,
      bedrooms: 1,
      bathrooms: 1,
      maxGuests: 2,
      propertyType: 'cabin',
      amenities: ['Wifi'],
      categories: [],
      latitude: '41.149600',
      longitude: '-8.611000',
      images: await imageDataUrls(5),
      videos: [],
      showLogo: false,
    });
    const given = await db.sql<{ property_id: number }>(
      'select property_id from staff_homes where user_id = $1 order by property_id',
      [manager.id],
    );
    expect(given.map((r) => r.property_id)).toEqual([...mine(), created.id].sort((a, b) => a - b));
    expect((await asManager().properties.adminPage({ q: 'Delta' })).items.map((p) => p.id)).toEqual([
      created.id,
    ]);
    expect(await code(asManager().calendar.blocks({ id: created.id }))).toBe('OK');
    const copy = await asManager().properties.duplicate({ id: created.id });
    expect((await asManager().properties.adminPage({ q: 'Delta' })).total).toBe(2);
    expect(await code(asManager().properties.delete({ id: copy.id }))).toBe('OK');
    // The owner-operator is given nothing: they see every home already.
    const byAdmin = await createProperty(db.em(), { title: 'Scoped Epsilon Flat' });
    expect((await asManager().properties.adminPage({ q: 'Epsilon' })).total).toBe(0);
    expect(await code(asManager().properties.duplicate({ id: byAdmin.id }))).toBe('NOT_FOUND');
  });
});
