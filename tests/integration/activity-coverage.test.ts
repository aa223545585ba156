import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_DEFAULTS } from '../../src/shared/constants.ts';
import { PAYMENT_SETTINGS_DEFAULTS } from '../../src/shared/payments.ts';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { appRouter } from '../../src/server/router.ts';
import type { TSessionUser } from '../../src/server/services/auth/sessions.ts';
import { callerFor, createTestDatabase, seededAdmin, testEnv, type TTestDb } from '../support/db.ts';
import { createProperty, imageDataUrls } from '../support/fixtures.ts';

/**
 * The audit trail's coverage, derived from the router: every admin mutation (a mutation that a signed-in
 * non-admin is refused with FORBIDDEN) writes exactly one activity entry, by the acting admin. A new admin
 * procedure with no scenario below fails the suite, so whoever adds one decides what it records.
 */

/** Mutations of admins that are not actions on the business's data, and so write no entry. */
const EXEMPT: Record<string, string> = {
  'messaging.previewTemplate': 'renders a template for a booking and stores nothing',
  'messaging.bookingThread': "opens a booking's conversation (made on first view): no business data changes",
  'messaging.reply': 'the message itself is the record, with its author and time, in the conversation',
};

let db: TTestDb;
let admin: TSessionUser;
let plainUser: TSessionUser;
let feedServer: http.Server;
let feedBase = '';
const env = testEnv({ icalAllowPrivateHosts: true });
const asAdmin = () => callerFor(db, admin, { env }).caller;

let windowStart = 40;
/** A stay window no other scenario uses. */
function nextWindow(nights = 3): { startDate: string; endDate: string } {
  const startDate = addDays(todayIso(), windowStart);
  windowStart += nights + 2;
  return { startDate, endDate: addDays(startDate, nights) };
}

let seq = 0;
async function home() {
  seq += 1;
  return createProperty(db.em(), { title: `Audited home ${seq}`, price: 120 });
}

/** A home that takes requests to book (docs/booking-operations.md#booking-modes). */
async function requestHome() {
  seq += 1;
  return (await createProperty(db.em(), { title: `Asking home ${seq}`, price: 120, bookingMode: 'request' }))
    .id;
}

async function guestBooking(propertyId: number) {
  const { startDate, endDate } = nextWindow();
  return callerFor(db, null).caller.bookings.create({
    propertyId,
    checkIn: startDate,
    checkOut: endDate,
    guests: 2,
    contactInfo: { name: 'Ada Audit', email: 'ada@example.com', phone: '+1 555 0100', country: 'Spain' },
  });
}

/** A home that asks a damage deposit (docs/payments.md#damage-deposit). */
async function depositHome() {
  const h = await home();
  await asAdmin().pricing.update({ id: h.id, securityDeposit: 100 });
  return h;
}

async function newUser() {
  seq += 1;
  return callerFor(db, null, { ip: `10.20.0.${seq}` }).caller.auth.register({
    username: `audited-${seq}`,
    email: `audited-${seq}@example.com`,
    password: 'secret-pw',
  });
}

async function propertyInput(title: string) {
  return {
    title,
    description: 'A home made by the audit test, long enough to pass.',
    location: 'Lisbon, Portugal',
    price: 140,
    bedrooms: 2,
    bathrooms: 1,
    maxGuests: 4,
    propertyType: 'apartment' as const,
    amenities: ['Wifi' as const],
    categories: [],
    latitude: '38.722300',
    longitude: '-9.139300',
    images: await imageDataUrls(5),
    videos: [],
    showLogo: false,
  };
}

/** A new owner on the team, owning a new home. */
async function ownedHome() {
  const user = await newUser();
  const h = await home();
  await asAdmin().staff.add({ userId: user.id, role: 'owner', propertyIds: [] });
  await asAdmin().owners.setHomeOwner({ id: h.id, ownerId: user.id, commissionPercent: 15 });
  return { user, h };
}

/**
 * For each admin mutation: its setup (whatever it writes is not counted), answering the one call to
 * measure. Each call changes something, since an update that changes nothing records nothing.
 */
const SCENARIOS: Record<string, () => Promise<() => Promise<unknown>> | (() => Promise<unknown>)> = {
  'admin.retryEmail': async () => {
    await callerFor(db, null, { ip: '10.21.0.1' }).caller.auth.requestPasswordReset({
      email: 'audited-reset@example.com',
    });
    const [row] = await db.sql<{ id: number }>(`select id from emails order by id desc limit 1`);
    if (!row) throw new Error('no email to fail');
    await db.sql(`update emails set status = 'failed', attempts = 5, last_error = 'boom' where id = $1`, [
      row.id,
    ]);
    return () => asAdmin().admin.retryEmail({ id: row.id });
  },
  'admin.setAdmin': async () => {
    const user = await newUser();
    return () => asAdmin().admin.setAdmin({ id: user.id, isAdmin: true });
  },
  'staff.invite': () => () =>
    asAdmin().staff.invite({ email: `invited-${++seq}@example.com`, role: 'manager', propertyIds: [] }),
  'staff.add': async () => {
    const user = await newUser();
    return () => asAdmin().staff.add({ userId: user.id, role: 'housekeeper', propertyIds: [] });
  },
  'staff.update': async () => {
    const user = await newUser();
    const h = await home();
    await asAdmin().staff.add({ userId: user.id, role: 'manager', propertyIds: [] });
    return () => asAdmin().staff.update({ id: user.id, propertyIds: [h.id] });
  },
  'tasks.update': async () => {
    const b = await guestBooking((await home()).id);
    const [task] = await db.sql<{ id: number }>(`select id from housekeeping_tasks where booking_id = $1`, [
      b.id,
    ]);
    if (!task) throw new Error('no turnover task for the booking');
    return () => asAdmin().tasks.update({ id: task.id, status: 'in_progress' });
  },
  'tasks.setChecklist': async () => {
    const h = await home();
    return () =>
      asAdmin().tasks.setChecklist({
        id: h.id,
        rooms: [{ name: 'Kitchen', items: [{ label: 'Wipe the hob' }] }],
      });
  },
  'tasks.tick': async () => {
    const h = await home();
    const list = await asAdmin().tasks.setChecklist({
      id: h.id,
      rooms: [{ name: 'Bathroom', items: [{ label: 'Fresh towels' }] }],
    });
    const key = list.rooms[0]?.items[0]?.key ?? '';
    const b = await guestBooking(h.id);
    const [task] = await db.sql<{ id: number }>(`select id from housekeeping_tasks where booking_id = $1`, [
      b.id,
    ]);
    if (!task) throw new Error('no turnover task for the booking');
    return () => asAdmin().tasks.tick({ id: task.id, key, done: true });
  },
  'tasks.reportProblem': async () => {
    const b = await guestBooking((await home()).id);
    const [task] = await db.sql<{ id: number }>(`select id from housekeeping_tasks where booking_id = $1`, [
      b.id,
    ]);
    if (!task) throw new Error('no turnover task for the booking');
    return () =>
      asAdmin().tasks.reportProblem({ id: task.id, description: 'Leaking tap', severity: 'medium' });
  },
  'tasks.resolveProblem': async () => {
    const b = await guestBooking((await home()).id);
    const [task] = await db.sql<{ id: number }>(`select id from housekeeping_tasks where booking_id = $1`, [
      b.id,
    ]);
    if (!task) throw new Error('no turnover task for the booking');
    const problem = await asAdmin().tasks.reportProblem({
      id: task.id,
      description: 'Stain',
      severity: 'low',
    });
    return () => asAdmin().tasks.resolveProblem({ id: problem.id, note: 'Cleaned' });
  },
  'tasks.setPayRates': async () => {
    const user = await newUser();
    await asAdmin().staff.add({ userId: user.id, role: 'housekeeper', propertyIds: [] });
    return () => asAdmin().tasks.setPayRates({ id: user.id, defaultRate: 25, overrides: [] });
  },
  'tasks.setHousekeeper': async () => {
    const user = await newUser();
    const h = await home();
    await asAdmin().staff.add({ userId: user.id, role: 'housekeeper', propertyIds: [h.id] });
    return () => asAdmin().tasks.setHousekeeper({ id: h.id, userId: user.id });
  },
  'owners.setHomeOwner': async () => {
    const user = await newUser();
    const h = await home();
    await asAdmin().staff.add({ userId: user.id, role: 'owner', propertyIds: [] });
    return () => asAdmin().owners.setHomeOwner({ id: h.id, ownerId: user.id, commissionPercent: 15 });
  },
  'owners.publish': async () => {
    const user = await newUser();
    const h = await home();
    await asAdmin().staff.add({ userId: user.id, role: 'owner', propertyIds: [] });
    await asAdmin().owners.setHomeOwner({ id: h.id, ownerId: user.id, commissionPercent: 15 });
    return () => asAdmin().owners.publish({ id: user.id, month: todayIso().slice(0, 7) });
  },
  'owners.createExpense': async () => {
    const { h } = await ownedHome();
    return () =>
      asAdmin().owners.createExpense({
        id: h.id,
        date: todayIso(),
        category: 'repairs',
        amount: 80.25,
        description: 'Fixed the shower',
      });
  },
  'owners.deleteExpense': async () => {
    const { h } = await ownedHome();
    const e = await asAdmin().owners.createExpense({
      id: h.id,
      date: todayIso(),
      category: 'supplies',
      amount: 12,
      description: 'Soap',
    });
    return () => asAdmin().owners.deleteExpense({ id: e.id });
  },
  'owners.createPayout': async () => {
    const { user } = await ownedHome();
    return () =>
      asAdmin().owners.createPayout({ id: user.id, date: todayIso(), amount: 500, reference: 'TR-1' });
  },
  'owners.deletePayout': async () => {
    const { user } = await ownedHome();
    const p = await asAdmin().owners.createPayout({
      id: user.id,
      date: todayIso(),
      amount: 500,
      reference: 'TR-2',
    });
    return () => asAdmin().owners.deletePayout({ id: p.id });
  },
  'admin.setDisabled': async () => {
    const user = await newUser();
    return () => asAdmin().admin.setDisabled({ id: user.id, disabled: true });
  },

  'bookings.updateStatus': async () => {
    const b = await guestBooking((await home()).id);
    // A guest's booking on an instant home is confirmed already: moving it back is a change.
    return () => asAdmin().bookings.updateStatus({ id: b.id, status: 'pending' });
  },
  'bookings.bulkStatus': async () => {
    const b = await guestBooking((await home()).id);
    return () => asAdmin().bookings.bulkStatus({ ids: [b.id], status: 'cancelled' });
  },
  'bookings.accept': async () => {
    const b = await guestBooking(await requestHome());
    return () => asAdmin().bookings.accept({ id: b.id });
  },
  'bookings.decline': async () => {
    const b = await guestBooking(await requestHome());
    return () => asAdmin().bookings.decline({ id: b.id, reason: 'Closed that week' });
  },
  'bookings.addNote': async () => {
    const b = await guestBooking((await home()).id);
    return () => asAdmin().bookings.addNote({ id: b.id, body: 'Late arrival, around 23:00' });
  },

  'bookings.createByOperator': async () => {
    const h = await home();
    const { startDate, endDate } = nextWindow();
    return () =>
      asAdmin().bookings.createByOperator({
        propertyId: h.id,
        checkIn: startDate,
        checkOut: endDate,
        guests: 2,
        source: 'phone',
        guest: { name: 'Phoebe Phone' },
      });
  },
  'bookings.change': async () => {
    const b = await guestBooking((await home()).id);
    const { startDate, endDate } = nextWindow();
    return () => asAdmin().bookings.change({ id: b.id, checkIn: startDate, checkOut: endDate });
  },
  'bookings.acceptChange': async () => {
    const b = await guestBooking((await home()).id);
    const { startDate, endDate } = nextWindow();
    const r = await callerFor(db, null, { ip: '10.22.0.1' }).caller.bookings.requestChange({
      token: b.manageToken,
      checkIn: startDate,
      checkOut: endDate,
      guests: 2,
    });
    return () => asAdmin().bookings.acceptChange({ id: b.id, requestId: r.id });
  },
  'bookings.declineChange': async () => {
    const b = await guestBooking((await home()).id);
    const { startDate, endDate } = nextWindow();
    const r = await callerFor(db, null, { ip: '10.22.0.2' }).caller.bookings.requestChange({
      token: b.manageToken,
      checkIn: startDate,
      checkOut: endDate,
      guests: 2,
    });
    return () => asAdmin().bookings.declineChange({ id: b.id, requestId: r.id, reason: 'Full that week' });
  },

  'pricing.update': async () => {
    const h = await home();
    return () => asAdmin().pricing.update({ id: h.id, cleaningFee: 40, weeklyDiscount: 10 });
  },

  'calendar.block': async () => {
    const h = await home();
    return () =>
      asAdmin().calendar.block({ id: h.id, ...nextWindow(), reason: 'maintenance', note: 'Paint' });
  },
  'calendar.unblock': async () => {
    const h = await home();
    const block = await asAdmin().calendar.block({ id: h.id, ...nextWindow(), reason: 'owner', note: '' });
    return () => asAdmin().calendar.unblock({ id: h.id, blockId: block.id });
  },
  'calendar.reopen': async () => {
    const h = await home();
    const range = nextWindow(4);
    await asAdmin().calendar.block({ id: h.id, ...range, reason: 'owner', note: '' });
    return () =>
      asAdmin().calendar.reopen({
        id: h.id,
        startDate: range.startDate,
        endDate: addDays(range.startDate, 2),
      });
  },
  'calendar.setRate': async () => {
    const h = await home();
    return () => asAdmin().calendar.setRate({ id: h.id, kind: 'season', ...nextWindow(), nightlyPrice: 300 });
  },
  'calendar.deleteRate': async () => {
    const h = await home();
    const rate = await asAdmin().calendar.setRate({ id: h.id, kind: 'weekend', nightlyPrice: 180 });
    return () => asAdmin().calendar.deleteRate({ id: h.id, rateId: rate.id });
  },
  'calendar.regenerateIcal': async () => {
    const h = await home();
    await asAdmin().calendar.ical({ id: h.id });
    return () => asAdmin().calendar.regenerateIcal({ id: h.id });
  },
  'calendar.addFeed': async () => {
    const h = await home();
    return () => asAdmin().calendar.addFeed({ id: h.id, name: 'Airbnb', url: `${feedBase}/feed.ics` });
  },
  'calendar.addExportChannel': async () => {
    const h = await home();
    return () => asAdmin().calendar.addExportChannel({ id: h.id, name: 'Booking.com' });
  },
  'calendar.syncFeed': async () => {
    const h = await home();
    const feed = await asAdmin().calendar.addFeed({ id: h.id, name: 'Vrbo', url: `${feedBase}/feed.ics` });
    return () => asAdmin().calendar.syncFeed({ id: h.id, feedId: feed.id });
  },
  'calendar.setFeedExport': async () => {
    const h = await home();
    const feed = await asAdmin().calendar.addFeed({ id: h.id, name: 'Vrbo', url: `${feedBase}/feed.ics` });
    return () => asAdmin().calendar.setFeedExport({ id: h.id, feedId: feed.id, exportImported: false });
  },
  'calendar.deleteFeed': async () => {
    const h = await home();
    const feed = await asAdmin().calendar.addFeed({ id: h.id, name: 'Old', url: `${feedBase}/feed.ics` });
    return () => asAdmin().calendar.deleteFeed({ id: h.id, feedId: feed.id });
  },

  'categories.create': () => () =>
    asAdmin().categories.create({ name: 'Audit Dunes', icon: 'https://example.com/d.svg', active: true }),
  'categories.update': async () => {
    const c = await asAdmin().categories.create({
      name: 'Audit Fjord',
      icon: 'https://example.com/f.svg',
      active: true,
    });
    return () => asAdmin().categories.update({ id: c.id, name: 'Audit Fjords', icon: c.icon, active: true });
  },
  'categories.delete': async () => {
    const c = await asAdmin().categories.create({
      name: 'Audit Marsh',
      icon: 'https://example.com/m.svg',
      active: true,
    });
    return () => asAdmin().categories.delete({ id: c.id });
  },

  'properties.create': async () => {
    const input = await propertyInput('Audit create');
    return () => asAdmin().properties.create(input);
  },
  'properties.update': async () => {
    const input = await propertyInput('Audit update');
    const p = await asAdmin().properties.create(input);
    return () =>
      asAdmin().properties.update({ ...input, id: p.id, images: p.images, title: 'Audit updated' });
  },
  'properties.delete': async () => {
    const h = await home();
    return () => asAdmin().properties.delete({ id: h.id });
  },
  'properties.restore': async () => {
    const h = await home();
    await db.sql('update properties set archived_at = now() where id = $1', [h.id]);
    return () => asAdmin().properties.restore({ id: h.id });
  },
  'properties.bulkArchive': async () => {
    const h = await home();
    return () => asAdmin().properties.bulkArchive({ ids: [h.id], action: 'archive' });
  },
  'properties.duplicate': async () => {
    const h = await home();
    return () => asAdmin().properties.duplicate({ id: h.id });
  },

  'reviews.create': async () => {
    const h = await home();
    return () =>
      asAdmin().reviews.create({
        propertyId: h.id,
        userId: admin.id,
        rating: 4,
        comment: 'Good',
        userName: 'Ann',
      });
  },
  'reviews.update': async () => {
    const h = await home();
    const r = await asAdmin().reviews.create({
      propertyId: h.id,
      userId: admin.id,
      rating: 4,
      comment: 'Good',
      userName: 'Ann',
    });
    return () => asAdmin().reviews.update({ id: r.id, rating: 2 });
  },
  'reviews.delete': async () => {
    const h = await home();
    const r = await asAdmin().reviews.create({
      propertyId: h.id,
      userId: admin.id,
      rating: 5,
      comment: 'Great',
      userName: 'Bo',
    });
    return () => asAdmin().reviews.delete({ id: r.id });
  },

  'payments.record': async () => {
    const b = await guestBooking((await home()).id);
    return () =>
      asAdmin().payments.record({ id: b.id, amount: 5000, method: 'bank_transfer', reference: `A-${b.id}` });
  },
  'payments.refund': async () => {
    const b = await guestBooking((await home()).id);
    await asAdmin().payments.record({ id: b.id, amount: 5000, method: 'cash' });
    return () => asAdmin().payments.refund({ id: b.id, amount: 1000, reason: 'Goodwill', method: 'cash' });
  },
  'payments.adjust': async () => {
    const b = await guestBooking((await home()).id);
    return () => asAdmin().payments.adjust({ id: b.id, amount: -1500, reason: 'Late check-in credit' });
  },
  'payments.depositReceived': async () => {
    const b = await guestBooking((await depositHome()).id);
    return () => asAdmin().payments.depositReceived({ id: b.id, method: 'cash' });
  },
  'payments.depositClaim': async () => {
    const b = await guestBooking((await depositHome()).id);
    await asAdmin().payments.depositReceived({ id: b.id, method: 'bank_transfer', reference: `D-${b.id}` });
    return () => asAdmin().payments.depositClaim({ id: b.id, amount: 2500, reason: 'Broken glass' });
  },
  'payments.depositReturned': async () => {
    const b = await guestBooking((await depositHome()).id);
    await asAdmin().payments.depositReceived({ id: b.id, method: 'cash' });
    return () => asAdmin().payments.depositReturned({ id: b.id });
  },
  'payments.updateSettings': () => () =>
    asAdmin().payments.updateSettings({ ...PAYMENT_SETTINGS_DEFAULTS, depositPercent: 25 + (seq++ % 50) }),
  'messaging.createTemplate': () => () =>
    asAdmin().messaging.createTemplate({ name: `Audited ${seq++}`, trigger: 'manual', body: 'Thanks!' }),
  'messaging.updateTemplate': async () => {
    const t = await asAdmin().messaging.createTemplate({
      name: `Edited ${seq++}`,
      trigger: 'manual',
      body: 'Hi',
    });
    return () =>
      asAdmin().messaging.updateTemplate({ id: t.id, name: t.name, trigger: 'manual', body: 'Hello' });
  },
  'messaging.deleteTemplate': async () => {
    const t = await asAdmin().messaging.createTemplate({
      name: `Gone ${seq++}`,
      trigger: 'manual',
      body: 'Hi',
    });
    return () => asAdmin().messaging.deleteTemplate({ id: t.id });
  },
  'checkIn.updateSettings': async () => {
    const h = await home();
    return () =>
      asAdmin().checkIn.updateSettings({
        id: h.id,
        requireId: true,
        agreement: 'I, {{guest_name}}, agree.',
        revealHoursBefore: 24,
        doorCodes: ['2580'],
        doorCodeLength: 6,
        reminderDaysBefore: 3,
      });
  },
  'messaging.updateHomeGuide': async () => {
    const h = await home();
    return () =>
      asAdmin().messaging.updateHomeGuide({
        id: h.id,
        checkInTime: '15:00',
        checkOutTime: '10:00',
        checkInInstructions: null,
        doorCode: '4711',
        wifiName: null,
        wifiPassword: null,
        houseRules: null,
        privateFromDays: 1,
      });
  },

  'settings.update': () => () =>
    asAdmin().settings.update({ ...SETTINGS_DEFAULTS, siteName: `Audited Stays ${Date.now()}` }),
};

/** Calls `path` with no input as `user`: the guard answers before the input is read. */
async function guardCode(user: TSessionUser, path: string): Promise<string> {
  let target: unknown = callerFor(db, user).caller;
  for (const part of path.split('.')) target = (target as Record<string, unknown>)[part];
  try {
    await (target as (input?: unknown) => Promise<unknown>)(undefined);
    return 'OK';
  } catch (err) {
    return String((err as { code?: unknown }).code ?? err);
  }
}

const mutations = Object.entries(appRouter._def.procedures)
  .filter(([, p]) => (p as unknown as { _def: { type: string } })._def.type === 'mutation')
  .map(([path]) => path)
  .sort();

async function activityCount(): Promise<number> {
  const [row] = await db.sql<{ n: number }>('select count(*)::int as n from activity_log');
  return row?.n ?? 0;
}

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await seededAdmin(db);
  plainUser = await callerFor(db, null, { ip: '10.20.1.1' }).caller.auth.register({
    username: 'audit-plain',
    email: 'audit-plain@example.com',
    password: 'secret-pw',
  });
  await callerFor(db, null, { ip: '10.20.1.2' }).caller.auth.register({
    username: 'audited-reset',
    email: 'audited-reset@example.com',
    password: 'secret-pw',
  });
  const start = addDays(todayIso(), 400).replaceAll('-', '');
  const end = addDays(todayIso(), 403).replaceAll('-', '');
  const ics = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//audit//EN',
    'BEGIN:VEVENT',
    'UID:audit-1',
    'DTSTAMP:20260101T000000Z',
    `DTSTART;VALUE=DATE:${start}`,
    `DTEND;VALUE=DATE:${end}`,
    'SUMMARY:Reserved',
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');
  feedServer = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/calendar' });
    res.end(`${ics}\r\n`);
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  feedBase = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => feedServer.close(() => resolve()));
  await db.drop();
});

describe('the admin mutations, from the router', () => {
  let adminMutations: string[] = [];

  beforeAll(async () => {
    const codes = await Promise.all(mutations.map(async (m) => [m, await guardCode(plainUser, m)] as const));
    adminMutations = codes.filter(([, code]) => code === 'FORBIDDEN').map(([m]) => m);
  });

  it('are found, and each has a scenario or a stated exemption', () => {
    expect(adminMutations.length).toBeGreaterThan(20);
    expect(
      adminMutations.filter((m) => !(m in SCENARIOS) && !(m in EXEMPT)),
      'admin mutations with no scenario: add one, so its audit entry is checked',
    ).toEqual([]);
    expect(
      Object.keys(SCENARIOS).filter((m) => !adminMutations.includes(m)),
      'scenarios of procedures that are no longer admin mutations',
    ).toEqual([]);
  });

  // One scenario per admin mutation, each with its own setup (homes, stays): the time grows with the router.
  it('each write exactly one entry, by the acting admin', async () => {
    const failures: string[] = [];
    for (const path of adminMutations) {
      const scenario = SCENARIOS[path];
      if (!scenario) continue;
      const call = await scenario();
      const before = await activityCount();
      await call();
      const written = (await activityCount()) - before;
      const entries = await db.sql<{ actor_id: number | null; action: string }>(
        'select actor_id, action from activity_log order by id desc limit $1',
        [Math.max(1, written)],
      );
      if (written !== 1)
        failures.push(`${path} wrote ${written} entries (${entries.map((e) => e.action).join(', ')})`);
      else if (entries[0]?.actor_id !== admin.id) failures.push(`${path}: the entry names no acting admin`);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe('what the calendar, note and email entries say', () => {
  it('names the home, the action and the change, and never a secret URL', async () => {
    const h = await home();
    const a = asAdmin();
    const range = nextWindow();
    const block = await a.calendar.block({ id: h.id, ...range, reason: 'maintenance', note: 'Roof' });
    await a.calendar.setRate({ id: h.id, kind: 'minNights', minNights: 3 });
    await a.calendar.setRate({ id: h.id, kind: 'minNights', minNights: 4 });
    const info = await a.calendar.regenerateIcal({ id: h.id });
    const feed = await a.calendar.addFeed({
      id: h.id,
      name: 'Booking.com',
      url: `${feedBase}/secret-feed.ics`,
    });
    await a.calendar.syncFeed({ id: h.id, feedId: feed.id });

    const trail = await a.admin.activity({ entityType: 'calendar', entityId: String(h.id) });
    expect(trail.items.map((e) => e.action)).toEqual([
      'feed.sync',
      'feed.add',
      'icalExport.regenerate',
      'minNights.set',
      'minNights.set',
      'block.create',
    ]);
    expect(trail.items.at(-1)?.changes).toMatchObject({
      blockId: { after: block.id },
      startDate: { after: range.startDate },
      endDate: { after: range.endDate },
      note: { after: 'Roof' },
    });
    expect(trail.items[3]?.changes).toEqual({ minNights: { before: 3, after: 4 } });
    expect(trail.items[0]?.changes).toMatchObject({ added: { after: 1 }, error: { after: null } });
    const text = JSON.stringify(trail.items);
    expect(text).not.toContain(info.exportUrl.split('/').pop());
    expect(text).not.toContain('secret-feed');
  });

  it('a bulk change writes one entry per item it changed, so each item keeps its own history', async () => {
    const [h1, h2] = [await home(), await home()];
    const before = await activityCount();
    await asAdmin().properties.bulkArchive({ ids: [h1.id, h2.id], action: 'archive' });
    expect((await activityCount()) - before).toBe(2);
    for (const h of [h1, h2]) {
      const trail = await asAdmin().admin.activity({ entityType: 'property', entityId: String(h.id) });
      expect(trail.items.map((e) => e.action)).toEqual(['property.archive']);
    }
  });
});
