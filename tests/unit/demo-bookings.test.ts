import { describe, expect, it } from 'vitest';
import { planDemo } from '../../demo/index.ts';
import { todayIso } from '../../src/shared/dates.ts';

describe('the demo bookings', () => {
  it('are never created in the future, so none sorts above a booking made now', () => {
    const now = Date.now();
    const { bookings } = planDemo(todayIso());
    expect(bookings.length).toBeGreaterThan(10);
    // Before the fix, one booking made "today" at a random later hour sorted above new ones.
    expect(bookings.filter((b) => b.createdAt.getTime() > now)).toEqual([]);
  });
});
