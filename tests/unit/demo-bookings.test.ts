import { describe, expect, it } from 'vitest';
import { DEMO_REQUEST_TO_BOOK, DEMO_UNPAID_EXAMPLES, demoLedgerLines, planDemo } from '../../demo/index.ts';
import { addDays, todayIso } from '../../src/shared/dates.ts';

describe('the demo bookings', () => {
  it('are never created in the future, so none sorts above a booking made now', () => {
    const now = Date.now();
    const { bookings } = planDemo(todayIso());
    expect(bookings.length).toBeGreaterThan(10);
    // Before the fix, one booking made "today" at a random later hour sorted above new ones.
    expect(bookings.filter((b) => b.createdAt.getTime() > now)).toEqual([]);
  });
});

describe('the demo requests to book', () => {
  it('two homes take requests; the first has one request from a demo guest, on free nights, made before now', () => {
    const today = todayIso();
    const now = Date.now();
    const demo = planDemo(today);
    expect(demo.requestHomes.map((i) => demo.listings[i]?.city)).toEqual(DEMO_REQUEST_TO_BOOK.cities);
    const requests = demo.bookings.filter((b) => b.status === 'requested');
    expect(requests).toHaveLength(1);
    const request = requests[0];
    if (!request) throw new Error('no request');
    expect(request.listing).toBe(demo.requestHomes[0]);
    expect(demo.guests[request.guest ?? -1]?.username).toBe(DEMO_REQUEST_TO_BOOK.request.guest);
    expect(request.checkIn >= addDays(today, DEMO_REQUEST_TO_BOOK.request.offsetDays)).toBe(true);
    expect(request.createdAt.getTime()).toBeLessThan(now);
    // Its nights are free of every other stay that holds dates on that home.
    const clashes = demo.bookings.filter(
      (b) =>
        b !== request &&
        b.listing === request.listing &&
        b.status !== 'cancelled' &&
        b.checkIn < request.checkOut &&
        request.checkIn < b.checkOut,
    );
    expect(clashes).toEqual([]);
    // The same plan on every run: the seed is deterministic apart from the clock.
    const again = planDemo(today).bookings.find((b) => b.status === 'requested');
    expect({ ...again, createdAt: 0 }).toEqual({ ...request, createdAt: 0 });
  });
});

describe('the demo payments', () => {
  const plan = { total: 100_000, deposit: 30_000, balanceDueOn: '2027-02-01' };
  const money = {
    paid: 'schedule',
    method: 'bank_transfer',
    depositAt: new Date('2026-12-20T10:00:00Z'),
    balanceDaysEarly: 3,
    balanceMinute: 9 * 60,
  } as const;
  const now = new Date('2027-03-01T12:00:00Z');

  it('are planned for every booking from a stream of their own, with a few deliberate unpaid completed stays', () => {
    const today = todayIso();
    const demo = planDemo(today);
    expect(demo.payments).toHaveLength(demo.bookings.length);
    const examples = demo.bookings.filter((_, i) => demo.payments[i]?.unpaidExample !== undefined);
    expect(examples).toHaveLength(DEMO_UNPAID_EXAMPLES.length);
    for (const b of examples) expect(b.status === 'confirmed' && b.checkOut <= today).toBe(true);
    // Nothing is paid on a cancelled stay or a request the operator has not accepted.
    demo.bookings.forEach((b, i) => {
      if (b.status === 'cancelled' || b.status === 'requested')
        expect(demo.payments[i]?.paid).toBe('nothing');
    });
  });

  it('are lines from the payment plan: deposit and balance add up to the total, never more', () => {
    const lines = demoLedgerLines(money, plan, '2027-02-10', now);
    expect(lines.map((l) => [l.part, l.amount])).toEqual([
      ['deposit', 30_000],
      ['balance', 70_000],
    ]);
    expect(lines[1]?.occurredAt.toISOString()).toBe('2027-01-29T09:00:00.000Z');
    // Before the balance date only the deposit has come; a deposit-only stay never pays the rest.
    expect(demoLedgerLines(money, plan, '2027-01-15', now).map((l) => l.part)).toEqual(['deposit']);
    expect(demoLedgerLines({ ...money, paid: 'deposit' }, plan, '2027-02-10', now)).toHaveLength(1);
    expect(demoLedgerLines({ ...money, paid: 'nothing' }, plan, '2027-02-10', now)).toEqual([]);
    // Due in full at booking: one line of the total, or nothing for a stay meant to pay only a deposit.
    const full = { total: 50_000, deposit: 50_000, balanceDueOn: null };
    expect(demoLedgerLines(money, full, '2027-02-10', now)).toEqual([
      { part: 'full', method: 'bank_transfer', amount: 50_000, occurredAt: money.depositAt },
    ]);
    expect(demoLedgerLines({ ...money, paid: 'deposit' }, full, '2027-02-10', now)).toEqual([]);
  });
});
