import { describe, expect, it } from 'vitest';
import { DEMO_REQUEST_TO_BOOK, planDemo } from '../../demo/index.ts';
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
