import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatIsoDate, todayIso } from '../../src/shared/dates.ts';
import {
  enforceDepositDeadlines,
  REMINDER_DAYS_BEFORE_DUE,
  sendBalanceNotices,
} from '../../src/server/services/payments/jobs.ts';
import { GUEST_CONTACT, stayInput } from '../support/calls.ts';
import { callerFor, createTestDatabase, seededAdmin, type TTestDb } from '../support/db.ts';
import { createProperty } from '../support/fixtures.ts';

/** Payments' scheduled jobs, run at chosen moments (`now`), against the real database and outbox. */
let db: TTestDb;
let admin: Awaited<ReturnType<typeof seededAdmin>>;

const schedule = {
  depositPercent: 20,
  balanceDaysBefore: 30,
  offerCard: false,
  offerBankTransfer: true,
  bankInstructions: 'Transfer to StayHub Jobs Bank, quoting your confirmation number.',
  offerPayOnArrival: false,
  depositDeadlineHours: 48,
  depositDeadlineAction: 'flag' as 'flag' | 'cancel',
};

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await seededAdmin(db);
  await callerFor(db, admin).caller.payments.updateSettings(schedule);
});
afterAll(() => db.drop());

const emailsOf = async (bookingId: number, template: string) =>
  db.sql<{ subject: string; to_address: string }>(
    'select subject, to_address from emails where booking_id = $1 and template = $2',
    [bookingId, template],
  );

async function bookIn(days: number) {
  const home = await createProperty(db.em(), { price: 100 });
  const checkIn = addDays(todayIso(), days);
  return callerFor(db, null).caller.bookings.create(stayInput(home.id, checkIn, addDays(checkIn, 2)));
}

const at = (isoDate: string) => new Date(`${isoDate}T12:00:00Z`);

describe('balance reminders', () => {
  it('go once, N days before the balance is due, then a final notice on the day; none for a paid or a cancelled booking', async () => {
    const open = await bookIn(60);
    const paid = await bookIn(61);
    const cancelled = await bookIn(62);
    const dueOn = addDays(todayIso(), 30);
    const { caller } = callerFor(db, admin);
    const ledger = await caller.payments.booking({ id: paid.id });
    await caller.payments.record({ id: paid.id, amount: ledger.totals.balanceDue, method: 'bank_transfer' });
    expect((await emailsOf(paid.id, 'payment-received')).length).toBe(1);
    await caller.bookings.updateStatus({ id: cancelled.id, status: 'cancelled' });

    // The day before the reminder is due: nothing.
    expect(await sendBalanceNotices(db.em(), at(addDays(dueOn, -REMINDER_DAYS_BEFORE_DUE - 1)))).toBe(0);
    expect(await emailsOf(open.id, 'payment-balance-reminder')).toEqual([]);
    // The reminder's day: one reminder, and only for the open booking; running again sends nothing.
    const reminderDay = at(addDays(dueOn, -REMINDER_DAYS_BEFORE_DUE));
    await sendBalanceNotices(db.em(), reminderDay);
    await sendBalanceNotices(db.em(), reminderDay);
    expect(await emailsOf(open.id, 'payment-balance-reminder')).toEqual([
      expect.objectContaining({
        to_address: GUEST_CONTACT.email,
        subject: `Balance due on ${formatIsoDate(dueOn, true)}: booking ${open.confirmationNumber}`,
      }),
    ]);
    for (const other of [paid, cancelled])
      expect(await emailsOf(other.id, 'payment-balance-reminder')).toEqual([]);
    expect(await emailsOf(open.id, 'payment-final-notice')).toEqual([]);
    // The due day: the final notice, once.
    await sendBalanceNotices(db.em(), at(dueOn));
    await sendBalanceNotices(db.em(), at(addDays(dueOn, 1)));
    expect((await emailsOf(open.id, 'payment-final-notice')).length).toBe(1);
    for (const other of [paid, cancelled])
      expect(await emailsOf(other.id, 'payment-final-notice')).toEqual([]);
  });
});

describe('deposit deadline', () => {
  it('flags an unpaid deposit for the operator, or cancels the booking, frees its dates and tells the guest', async () => {
    const flagged = await bookIn(80);
    const depositPaid = await bookIn(81);
    const { caller } = callerFor(db, admin);
    await caller.payments.record({
      id: depositPaid.id,
      amount: (await caller.payments.booking({ id: depositPaid.id })).totals.depositDue,
      method: 'cash',
    });
    await caller.payments.updateSettings({ ...schedule, depositDeadlineAction: 'cancel' });
    const cancelled = await bookIn(82);
    await caller.payments.updateSettings(schedule);

    const before = new Date(Date.now() + 47 * 3600_000);
    expect(await enforceDepositDeadlines(db.em(), before)).toBe(0);
    const after = new Date(Date.now() + 49 * 3600_000);
    // The reminders test's unpaid booking is past its deadline too.
    expect(await enforceDepositDeadlines(db.em(), after)).toBeGreaterThanOrEqual(2);
    expect(await enforceDepositDeadlines(db.em(), after)).toBe(0);

    expect((await caller.payments.booking({ id: flagged.id })).flaggedAt).not.toBeNull();
    expect((await caller.payments.booking({ id: depositPaid.id })).flaggedAt).toBeNull();
    const gone = await db.sql<{ status: string }>('select status from bookings where id = $1', [
      cancelled.id,
    ]);
    expect(gone[0]?.status).toBe('cancelled');
    expect((await db.sql('select 1 from date_holds where booking_id = $1', [cancelled.id])).length).toBe(0);
    expect((await emailsOf(cancelled.id, 'payment-deadline-cancelled')).length).toBe(1);
    const flaggedStatus = await db.sql<{ status: string }>('select status from bookings where id = $1', [
      flagged.id,
    ]);
    expect(flaggedStatus[0]?.status).toBe('confirmed');
  });
});
