import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { instantAtHome } from '../../src/server/services/messaging/schedule.ts';
import { manageByToken, myBookingDetail } from '../../src/server/services/bookings/manage.ts';
import type { TSessionUser } from '../../src/server/services/auth/sessions.ts';
import { callerFor, createTestDatabase, seededAdmin, type TTestDb } from '../support/db.ts';
import { createProperty } from '../support/fixtures.ts';

/** The trip page's reveal rule (docs/trip-page.md): the instructions leave the server only from their time. */

let db: TTestDb;
let admin: TSessionUser;
let propertyId: number;
const INSTRUCTIONS = 'The key box is left of the blue door; code on arrival day.';
const guide = {
  checkInTime: '15:00',
  checkOutTime: '10:00',
  checkInInstructions: INSTRUCTIONS,
  doorCode: '4711',
  wifiName: 'shibuya',
  wifiPassword: 'pa55word',
  houseRules: 'No shoes inside.',
  privateFromDays: 1,
};

let start = 20;
async function book() {
  const checkIn = addDays(todayIso(), start);
  start += 4;
  const booking = await callerFor(db, null).caller.bookings.create({
    propertyId,
    checkIn,
    checkOut: addDays(checkIn, 3),
    guests: 1,
    contactInfo: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+1 555 0100', country: 'Japan' },
  });
  return { ...booking, checkIn };
}

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await seededAdmin(db);
  propertyId = (
    await createProperty(db.em(), {
      title: 'Shibuya studio',
      location: 'Tokyo, Japan',
      latitude: '35.6762',
      longitude: '139.6503',
      timeZone: 'Asia/Tokyo',
    })
  ).id;
  await callerFor(db, admin).caller.messaging.updateHomeGuide({
    id: propertyId,
    ...guide,
    revealHoursBefore: 36,
  });
});
afterAll(async () => {
  await db.drop();
});

describe('the trip page answer', () => {
  it('carries the arrival facts in the home time zone, and the instructions only from their time', async () => {
    const b = await book();
    const arrival = instantAtHome(b.checkIn, '15:00', 'Asia/Tokyo');
    // 15:00 in Tokyo is 06:00 UTC.
    expect(arrival.toISOString()).toBe(`${b.checkIn}T06:00:00.000Z`);
    const revealAt = new Date(arrival.getTime() - 36 * 3_600_000);

    const before = await manageByToken(db.em(), b.manageToken, null, new Date(revealAt.getTime() - 60_000));
    expect(before.status).toBe('confirmed');
    expect(before.trip).toMatchObject({
      checkInTime: '15:00',
      checkOutTime: '10:00',
      arrivesAt: arrival.toISOString(),
      leavesAt: `${addDays(b.checkIn, 3)}T01:00:00.000Z`,
      address: 'Tokyo, Japan',
      latitude: 35.6762,
      longitude: 139.6503,
      houseRules: 'No shoes inside.',
      checkInInstructions: null,
      instructionsFrom: revealAt.toISOString(),
    });
    // Not hidden in the answer: absent from it. Nor do the private details ever go out here.
    const text = JSON.stringify(before);
    expect(text).not.toContain('blue door');
    expect(text).not.toContain('4711');
    expect(text).not.toContain('pa55word');

    const at = await manageByToken(db.em(), b.manageToken, null, revealAt);
    expect(at.trip.checkInInstructions).toBe(INSTRUCTIONS);
    expect(at.trip.instructionsFromText).toMatch(/, 3:00 AM (GMT\+9|JST)$/);
    expect(at.underWay).toBe(false);
    expect((await manageByToken(db.em(), b.manageToken, null, arrival)).underWay).toBe(true);
    expect(JSON.stringify(at)).not.toContain('4711');
  });

  it('answers the same through the router with the real clock: weeks ahead, nothing is revealed', async () => {
    const b = await book();
    const answer = await callerFor(db, null).caller.bookings.manage({ token: b.manageToken });
    expect(answer.trip.instructionsFrom).not.toBeNull();
    expect(answer.trip.checkInInstructions).toBeNull();
  });

  it('follows the home setting, and reveals nothing to a booking that is not confirmed', async () => {
    const caller = callerFor(db, admin).caller;
    await caller.messaging.updateHomeGuide({ id: propertyId, ...guide, revealHoursBefore: 0 });
    const b = await book();
    const arrival = instantAtHome(b.checkIn, '15:00', 'Asia/Tokyo');
    const early = await manageByToken(db.em(), b.manageToken, null, new Date(arrival.getTime() - 1000));
    expect(early.trip.checkInInstructions).toBeNull();
    expect((await manageByToken(db.em(), b.manageToken, null, arrival)).trip.checkInInstructions).toBe(
      INSTRUCTIONS,
    );

    await db.sql(`update bookings set status = 'pending' where id = $1`, [b.id]);
    const pending = await manageByToken(db.em(), b.manageToken, null, arrival);
    expect(pending.trip.checkInInstructions).toBeNull();
    await caller.messaging.updateHomeGuide({ id: propertyId, ...guide, revealHoursBefore: 36 });
  });

  it('keeps the setting within its bounds, with a readable message', async () => {
    const caller = callerFor(db, admin).caller;
    await expect(
      caller.messaging.updateHomeGuide({ id: propertyId, ...guide, revealHoursBefore: 721 }),
    ).rejects.toThrow('Hours must be at most 720');
    await expect(
      caller.messaging.updateHomeGuide({ id: propertyId, ...guide, revealHoursBefore: -1 }),
    ).rejects.toThrow('Hours must be at least 0');
    expect((await caller.messaging.homeGuide({ id: propertyId })).revealHoursBefore).toBe(36);
  });

  it('gives a signed-in guest the same facts on My bookings’ detail', async () => {
    const b = await book();
    await db.sql(`update bookings set user_id = $1 where id = $2`, [admin.id, b.id]);
    const arrival = instantAtHome(b.checkIn, '15:00', 'Asia/Tokyo');
    const detail = await myBookingDetail(db.em(), admin, b.id, arrival);
    expect(detail.trip.checkInInstructions).toBe(INSTRUCTIONS);
    const early = await myBookingDetail(db.em(), admin, b.id, new Date(arrival.getTime() - 37 * 3_600_000));
    expect(early.trip.checkInInstructions).toBeNull();
  });
});

describe('the payment words from the money facts', () => {
  it('say what is due next on the trip page and in My bookings, and move with the ledger', async () => {
    const b = await book();
    await db.sql(`update bookings set user_id = $1 where id = $2`, [admin.id, b.id]);
    const caller = callerFor(db, admin).caller;
    const plan = await caller.payments.booking({ id: b.id });
    const first = await caller.bookings.manage({ token: b.manageToken });
    expect(first.payment).toEqual({
      state: 'unpaid',
      label: 'Unpaid',
      balanceDueOn: null,
      next: { part: 'deposit', amount: plan.schedule.deposit / 100, dueOn: null },
    });

    await caller.payments.record({ id: b.id, amount: plan.schedule.deposit, method: 'bank_transfer' });
    const afterDeposit = await caller.bookings.manage({ token: b.manageToken });
    expect(afterDeposit.payment).toEqual({
      state: 'deposit_paid',
      label: 'Deposit paid',
      balanceDueOn: plan.schedule.balanceDueOn,
      next: { part: 'balance', amount: plan.schedule.balance / 100, dueOn: plan.schedule.balanceDueOn },
    });
    const listed = (await caller.bookings.mine()).find((m) => m.id === b.id);
    expect(listed?.payment).toEqual(afterDeposit.payment);
    expect(listed?.timeZone).toBe('Asia/Tokyo');

    await caller.payments.record({ id: b.id, amount: plan.schedule.balance, method: 'cash' });
    const paid = (await caller.bookings.mine()).find((m) => m.id === b.id);
    expect(paid?.payment).toEqual({ state: 'paid', label: 'Paid', balanceDueOn: null, next: null });
    expect(paid?.underWay).toBe(false);
  });
});
