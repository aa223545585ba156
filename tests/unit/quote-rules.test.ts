import { describe, expect, it } from 'vitest';
import { NO_PRICING, quoteStay, type THomePricing, type TParty } from '../../src/shared/pricing.ts';

/** A home at $100 a night with the rules given, GST at 10 %. */
const home = (pricing: Partial<THomePricing>) => ({
  basePrice: 100,
  weekendPrice: null,
  seasons: [],
  pricing: { ...NO_PRICING, ...pricing },
});
const adults = (n: number, more: Partial<TParty> = {}): TParty => ({
  adults: n,
  children: 0,
  infants: 0,
  pets: 0,
  ...more,
});
const lines = (q: { lines: { kind: string; amount: number }[] }) =>
  Object.fromEntries(q.lines.map((l) => [l.kind, l.amount]));

// 2027-03-01 is a Monday.
const IN = '2027-03-01';

describe('quoteStay: each rule alone', () => {
  it('with no rules is nights × price + GST, as before', () => {
    const q = quoteStay(home({}), IN, '2027-03-04', 10, { party: adults(2) });
    expect(q.total).toBe(330);
    expect(q.lines).toEqual([{ kind: 'gst', label: 'GST (10%)', amount: 30 }]);
  });

  it('adds a cleaning fee once per stay, taxed by the GST', () => {
    const q = quoteStay(home({ cleaningFee: 50 }), IN, '2027-03-04', 10);
    expect(lines(q)).toEqual({ cleaningFee: 50, gst: 35 });
    expect(q.total).toBe(300 + 50 + 35);
  });

  it('charges the extra-guest fee per night for each counted guest above N; infants are free', () => {
    const rules = home({ extraGuestFee: 20, extraGuestsAbove: 2 });
    const q = quoteStay(rules, IN, '2027-03-04', 10, { party: adults(2, { children: 1, infants: 2 }) });
    expect(q.lines[0]).toEqual({
      kind: 'extraGuestFee',
      label: 'Extra guest fee (1 guest × 3 nights)',
      amount: 60,
    });
    expect(lines(quoteStay(rules, IN, '2027-03-04', 10, { party: adults(2) })).extraGuestFee).toBeUndefined();
  });

  it('adds the pet fee only when pets come', () => {
    const rules = home({ petFee: 25, petsAllowed: true });
    expect(lines(quoteStay(rules, IN, '2027-03-03', 0, { party: adults(1, { pets: 1 }) })).petFee).toBe(25);
    expect(lines(quoteStay(rules, IN, '2027-03-03', 0, { party: adults(1) })).petFee).toBeUndefined();
  });

  it('gives the weekly discount from 7 nights and the monthly one (instead) from 28', () => {
    const rules = home({ weeklyDiscount: 10, monthlyDiscount: 25 });
    expect(lines(quoteStay(rules, IN, '2027-03-07', 0))).toEqual({ gst: 0 });
    expect(lines(quoteStay(rules, IN, '2027-03-08', 0)).weeklyDiscount).toBe(-70);
    const month = lines(quoteStay(rules, IN, '2027-03-29', 0));
    expect(month.monthlyDiscount).toBe(-700);
    expect(month.weeklyDiscount).toBeUndefined();
  });

  it('gives the last-minute discount within N days of check-in, else the early-bird one N+ days ahead', () => {
    const rules = home({
      lastMinuteDiscount: 20,
      lastMinuteDays: 3,
      earlyBirdDiscount: 5,
      earlyBirdDays: 60,
    });
    const on = (bookedOn: string) => lines(quoteStay(rules, IN, '2027-03-03', 0, { bookedOn }));
    expect(on('2027-02-26').lastMinuteDiscount).toBe(-40);
    expect(on('2027-02-25').lastMinuteDiscount).toBeUndefined();
    expect(on('2027-02-25').earlyBirdDiscount).toBeUndefined();
    expect(on('2026-12-31').earlyBirdDiscount).toBe(-10);
    expect(lines(quoteStay(rules, IN, '2027-03-03', 0))).toEqual({ gst: 0 });
  });

  it('charges the tourist tax per person per night, or in percent of the discounted nights, outside the GST', () => {
    const perPerson = quoteStay(home({ touristTaxPerPerson: 2 }), IN, '2027-03-04', 10, {
      party: adults(2, { children: 1, infants: 1 }),
    });
    expect(perPerson.lines.at(-1)).toEqual({
      kind: 'touristTax',
      label: 'Tourist tax (3 guests × 3 nights)',
      amount: 18,
    });
    expect(lines(perPerson).gst).toBe(30);
    const percent = quoteStay(home({ touristTaxPercent: 5, weeklyDiscount: 10 }), IN, '2027-03-08', 0);
    expect(lines(percent).touristTax).toBe(32); // 5 % of 630
  });
});

describe('quoteStay: rules together, in the documented order', () => {
  it('prices 7 nights with a weekly discount, a cleaning fee, an extra guest and tourist tax', () => {
    const rules = home({
      cleaningFee: 60,
      extraGuestFee: 15,
      extraGuestsAbove: 2,
      weeklyDiscount: 10,
      touristTaxPerPerson: 3,
    });
    const q = quoteStay(rules, IN, '2027-03-08', 17, { party: adults(3), bookedOn: '2027-02-01' });
    expect(q.subtotal).toBe(700);
    expect(q.lines).toEqual([
      { kind: 'weeklyDiscount', label: 'Weekly discount (10%)', amount: -70 },
      { kind: 'cleaningFee', label: 'Cleaning fee', amount: 60 },
      { kind: 'extraGuestFee', label: 'Extra guest fee (1 guest × 7 nights)', amount: 105 },
      // 17 % of (700 − 70 + 60 + 105) = 135.15
      { kind: 'gst', label: 'GST (17%)', amount: 135 },
      { kind: 'touristTax', label: 'Tourist tax (3 guests × 7 nights)', amount: 63 },
    ]);
    expect(q.tax).toBe(135);
    expect(q.total).toBe(700 - 70 + 60 + 105 + 135 + 63);
  });

  it('takes the booking-window discount from what the length-of-stay discount left', () => {
    const rules = home({ weeklyDiscount: 10, earlyBirdDiscount: 10, earlyBirdDays: 30 });
    const q = quoteStay(rules, IN, '2027-03-08', 0, { bookedOn: '2027-01-01' });
    expect(lines(q)).toEqual({ weeklyDiscount: -70, earlyBirdDiscount: -63, gst: 0 });
    expect(q.total).toBe(567);
  });

  it('never discounts fees, and a 100 % discount leaves the fees and their GST', () => {
    const q = quoteStay(home({ weeklyDiscount: 100, cleaningFee: 40 }), IN, '2027-03-08', 10);
    expect(lines(q)).toEqual({ weeklyDiscount: -700, cleaningFee: 40, gst: 4 });
    expect(q.total).toBe(44);
  });
});
