import { describe, expect, it } from 'vitest';
import { guestPayment, guestPaymentLabel, ledgerTotals } from '../../src/shared/money-facts.ts';
import { clockLabel, directionsLink } from '../../src/shared/trip.ts';
import { tripLabel } from '../../src/shared/stay-status.ts';
import { stayUnderWay } from '../../src/server/services/bookings/trip.ts';

/** A booking of $1,000 with a $300 deposit and the balance due on 2027-03-10, after `paid` cents. */
function payment(paid: number, today: string, opts: { deposit?: number; cancelled?: boolean } = {}) {
  const deposit = opts.deposit ?? 30_000;
  const totals = ledgerTotals({
    total: 100_000,
    deposit,
    cancelled: opts.cancelled ?? false,
    cancellationFee: 0,
    lines: paid > 0 ? [{ kind: 'payment', amount: paid }] : [],
  });
  const p = guestPayment(totals, { balanceDueOn: '2027-03-10' }, opts.cancelled ?? false, today);
  return { ...p, label: guestPaymentLabel(p) };
}

describe('the guest payment words', () => {
  it('says unpaid with the deposit due now', () => {
    expect(payment(0, '2027-03-01')).toEqual({
      state: 'unpaid',
      balanceDueOn: null,
      next: { part: 'deposit', amount: 30_000, dueOn: null },
      label: 'Unpaid',
    });
  });
  it('says deposit paid while the balance date is ahead, with the balance next on its date', () => {
    expect(payment(30_000, '2027-03-09')).toEqual({
      state: 'deposit_paid',
      balanceDueOn: '2027-03-10',
      next: { part: 'balance', amount: 70_000, dueOn: '2027-03-10' },
      label: 'Deposit paid',
    });
  });
  it('says balance due with its date once the date has come', () => {
    expect(payment(30_000, '2027-03-10')).toMatchObject({
      state: 'balance_due',
      next: { part: 'balance', amount: 70_000, dueOn: null },
      label: 'Balance due Mar 10, 2027',
    });
  });
  it('says balance due with its date when no deposit was asked', () => {
    expect(payment(0, '2027-03-01', { deposit: 0 })).toMatchObject({
      state: 'balance_due',
      label: 'Balance due Mar 10, 2027',
      next: { part: 'balance', amount: 100_000, dueOn: '2027-03-10' },
    });
  });
  it('says paid, with nothing next, once everything is paid', () => {
    expect(payment(100_000, '2027-03-01')).toEqual({
      state: 'paid',
      balanceDueOn: null,
      next: null,
      label: 'Paid',
    });
  });
  it('asks nothing of a cancelled booking, and says what is owed back', () => {
    expect(payment(30_000, '2027-03-01', { cancelled: true })).toMatchObject({
      state: 'refund_due',
      next: null,
      label: 'Refund due',
    });
  });
});

describe('the stay in the home calendar', () => {
  const stay = { status: 'confirmed' as const, checkIn: '2027-03-01', checkOut: '2027-03-04' };
  it('is under way from the check-in day to the day before check-out, at the home', () => {
    // 2027-03-01 00:30 in Tokyo is still Feb 28 in UTC.
    const tokyo = { ...stay, timeZone: 'Asia/Tokyo' };
    expect(stayUnderWay(tokyo, new Date('2027-02-28T15:30:00Z'))).toBe(true);
    expect(stayUnderWay({ ...tokyo, timeZone: 'UTC' }, new Date('2027-02-28T15:30:00Z'))).toBe(false);
    expect(stayUnderWay(tokyo, new Date('2027-03-03T14:59:00Z'))).toBe(true);
    expect(stayUnderWay(tokyo, new Date('2027-03-03T15:00:00Z'))).toBe(false);
    expect(tripLabel({ ...stay, underWay: true })).toBe('Current stay');
    expect(tripLabel({ ...stay, checkOut: '2000-01-02', underWay: false })).toBe('Completed');
  });
  it('is never under way when it does not take place', () => {
    const at = new Date('2027-03-02T12:00:00Z');
    expect(stayUnderWay({ ...stay, status: 'cancelled', timeZone: 'UTC' }, at)).toBe(false);
    expect(stayUnderWay({ ...stay, status: 'requested', timeZone: 'UTC' }, at)).toBe(false);
    expect(tripLabel({ ...stay, status: 'cancelled', underWay: false })).toBe('Cancelled');
  });
});

describe('arrival words', () => {
  it('writes the home clock in the site style', () => {
    expect(clockLabel('15:00')).toBe('3:00 PM');
    expect(clockLabel('00:05')).toBe('12:05 AM');
    expect(clockLabel('12:30')).toBe('12:30 PM');
  });
  it('gives directions to the coordinates, or to the address without them', () => {
    expect(directionsLink(35.6762, 139.6503, 'Tokyo')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=35.6762,139.6503',
    );
    expect(directionsLink(null, null, 'Tokyo, Japan')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=Tokyo%2C%20Japan',
    );
  });
});
