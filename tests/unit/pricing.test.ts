import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isValidIsoDate } from '../../src/shared/dates.ts';
import { lateCancellationFee } from '../../src/shared/cancellation.ts';
import { NO_PRICING, quoteStay } from '../../src/shared/pricing.ts';

describe('quoteStay', () => {
  it('charges nights × price plus GST, in cents, the GST rounded once to the cent', () => {
    expect(quoteStay(12300, '2026-12-01', '2026-12-06', 17)).toMatchObject({
      nightlyPrice: 12300,
      nights: 5,
      subtotal: 61500,
      taxRate: 17,
      tax: 10455, // $104.55, no longer rounded to a whole dollar
      total: 71955,
    });
  });

  it('charges 17 % GST on $195.00 as $33.15', () => {
    const q = quoteStay(19500, '2026-12-01', '2026-12-02', 17);
    expect(q.tax).toBe(3315);
    expect(q.total).toBe(22815);
  });

  it('rounds a 15 % discount on odd cents once, halves away from zero, and adds the lines exactly', () => {
    // 3 × $41.15 = $123.45; 15 % of it is $18.5175, so $18.52 off.
    const q = quoteStay(
      {
        basePrice: 4115,
        weekendPrice: null,
        seasons: [],
        pricing: { ...NO_PRICING, lastMinuteDiscount: 15, lastMinuteDays: 3 },
      },
      '2026-12-01',
      '2026-12-04',
      17,
      { bookedOn: '2026-11-30' },
    );
    expect(q.subtotal).toBe(12345);
    expect(q.lines.map((l) => [l.kind, l.amount])).toEqual([
      ['lastMinuteDiscount', -1852],
      ['gst', 1784], // 17 % of $104.93 is $17.8381
    ]);
    expect(q.total).toBe(q.subtotal + q.lines.reduce((s, l) => s + l.amount, 0));
    expect(q.total).toBe(12345 - 1852 + 1784);
  });

  it('uses the tax rate it is given', () => {
    expect(quoteStay(10000, '2026-12-01', '2026-12-04', 10).total).toBe(33000);
  });

  it('counts no nights when check-out is not after check-in', () => {
    expect(quoteStay(10000, '2026-12-04', '2026-12-04', 17).total).toBe(0);
  });
});

describe('the late-cancellation fee', () => {
  const nights = [20000, 20000, 20000, 20000];

  it('keeps the nights the policy keeps, with their GST', () => {
    // Moderate: the first night and half of the other three, $500.00, plus 17 % GST.
    expect(lateCancellationFee(nights, 17, 'moderate')).toBe(50000 + 8500);
    expect(lateCancellationFee(nights, 17, 'flexible')).toBe(20000 + 3400);
  });

  it("charges those nights at what the guest paid for them, after the booking's discounts", () => {
    const lines = [
      { kind: 'lastMinuteDiscount', amount: -12000 }, // 15 % of $800.00
      { kind: 'cleaningFee', amount: 5000 },
      { kind: 'gst', amount: 12410 },
    ];
    // $500.00 of $800.00 of nights, which cost $680.00 after the discount: $425.00, then 17 % GST.
    expect(lateCancellationFee(nights, 17, 'moderate', lines)).toBe(42500 + 7225);
    // Every night: exactly what the discounted nights cost.
    expect(lateCancellationFee(nights, 17, 'strict', lines)).toBe(68000 + 11560);
  });

  it('rounds the discounted share once, to the cent', () => {
    // One night of $100.01 out of $300.03 that cost $255.03 after discounts: $85.01 (85.0099…).
    const fee = lateCancellationFee([10001, 10001, 10001], 0, 'flexible', [
      { kind: 'weeklyDiscount', amount: -4500 },
    ]);
    expect(fee).toBe(8501);
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
