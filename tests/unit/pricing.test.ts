import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isValidIsoDate } from '../../src/shared/dates.ts';
import { quoteStay } from '../../src/shared/pricing.ts';

describe('quoteStay', () => {
  it('charges nights × price plus GST rounded to whole dollars', () => {
    expect(quoteStay(123, '2026-12-01', '2026-12-06', 17)).toMatchObject({
      nightlyPrice: 123,
      nights: 5,
      subtotal: 615,
      taxRate: 17,
      tax: 105, // 104.55 rounds up
      total: 720,
    });
  });

  it('uses the tax rate it is given', () => {
    expect(quoteStay(100, '2026-12-01', '2026-12-04', 10).total).toBe(330);
  });

  it('counts no nights when check-out is not after check-in', () => {
    expect(quoteStay(100, '2026-12-04', '2026-12-04', 17).total).toBe(0);
  });
});

describe('calendar dates', () => {
  it('never shifts a day across a daylight-saving change', () => {
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(addDays('2026-10-24', 2)).toBe('2026-10-26');
  });

  it('accepts only real yyyy-MM-dd dates', () => {
    expect(isValidIsoDate('2026-02-28')).toBe(true);
    expect(isValidIsoDate('2026-02-30')).toBe(false);
    expect(isValidIsoDate('2026-2-3')).toBe(false);
    expect(isValidIsoDate('2026-02-03T00:00:00Z')).toBe(false);
  });
});
