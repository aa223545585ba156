import { describe, expect, it } from 'vitest';
import { addDays, formatIsoDate, formatMonthYear, isoToLocalDate } from '../../src/shared/dates.ts';
import {
  convertAmount,
  convertStay,
  formatMoney,
  percentOf,
  shareOf,
  toMajor,
  toMinor,
} from '../../src/shared/money.ts';
import { quoteStay } from '../../src/shared/pricing.ts';

describe('converting a stay into another currency', () => {
  // A rate whose fraction rounds each night up by 0.42 rupee: converting the total alone loses them.
  const rate = 279.854;

  it('converts each night and the GST, then adds them: the lines always sum to the total', () => {
    const q = quoteStay(133, '2030-06-03', '2030-06-08', 17);
    const pkr = convertStay({ nightPrices: q.nightly.map((n) => n.price), tax: q.tax }, 'PKR', rate);
    const night = convertAmount(133, 'PKR', rate);
    expect(night).toBe(37221);
    // Nightly price × nights is exactly the subtotal shown.
    expect(pkr.nights).toEqual([night, night, night, night, night]);
    expect(pkr.subtotal).toBe(night * 5);
    expect(pkr.total).toBe(pkr.subtotal + pkr.tax);
    // What converting the dollar total alone would show: a few rupees away from its own lines.
    expect(Math.round(q.total * rate)).toBe(217726);
    expect(pkr.total).toBe(186105 + 31624);
  });

  it('keeps nights at different prices line by line', () => {
    const pkr = convertStay({ nightPrices: [400, 400, 205], tax: 171 }, 'PKR', rate);
    expect(pkr.nights).toEqual([111942, 111942, 57370]);
    expect(pkr.subtotal).toBe(111942 * 2 + 57370);
    expect(pkr.tax).toBe(47855);
    expect(pkr.total).toBe(pkr.subtotal + 47855);
  });

  it('leaves dollars as they are', () => {
    expect(convertStay({ nightPrices: [100, 150], tax: 43 }, 'USD', rate)).toEqual({
      nights: [100, 150],
      subtotal: 250,
      tax: 43,
      lines: [43],
      total: 293,
    });
  });
});

describe('converting a stay with fees and discounts', () => {
  it('converts each line on its own and adds the converted lines', () => {
    const money = convertStay({ nightPrices: [100, 100], tax: 34, lines: [-20, 45, 34] }, 'PKR', 280.4);
    expect(money.lines).toEqual([-5608, 12618, 9534]);
    expect(money.total).toBe(28040 + 28040 - 5608 + 12618 + 9534);
  });
});

describe('writing an amount', () => {
  const intl = (amount: number, currency: 'USD' | 'PKR', whole: boolean) =>
    new Intl.NumberFormat(currency === 'USD' ? 'en-US' : 'en-PK', {
      style: 'currency',
      currency,
      ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
    }).format(amount);

  it('writes whole amounts as Intl does, in both currencies, with and without cents', () => {
    const amounts = [
      0,
      1,
      9,
      10,
      99,
      100,
      999,
      1000,
      1234,
      12345,
      99999,
      100000,
      1234567,
      987654321,
      2 ** 40,
    ];
    for (const a of [...amounts, ...amounts.map((x) => -x).filter((x) => x !== 0)])
      for (const currency of ['USD', 'PKR'] as const)
        for (const whole of [false, true])
          expect(formatMoney(a, currency, { whole }), `${a} ${currency} ${whole}`).toBe(
            intl(a, currency, whole),
          );
  });

  it('writes amounts with cents as Intl does, in both currencies, with and without cents', () => {
    const cents = [
      1,
      5,
      10,
      49,
      50,
      51,
      99,
      101,
      150,
      250,
      3315,
      22815,
      123450,
      123456,
      99999999,
      2 ** 40 + 1,
    ];
    for (const c of [...cents, ...cents.map((x) => -x)])
      for (const currency of ['USD', 'PKR'] as const)
        for (const whole of [false, true]) {
          const a = toMajor(c);
          expect(formatMoney(a, currency, { whole }), `${a} ${currency} ${whole}`).toBe(
            intl(a, currency, whole),
          );
        }
    expect(formatMoney(33.15)).toBe('$33.15');
    expect(formatMoney(1234)).toBe('$1,234.00');
  });

  it('leaves finer amounts and other currencies to Intl', () => {
    expect(formatMoney(0.004)).toBe(intl(0.004, 'USD', false));
    expect(formatMoney(-0.004)).toBe(intl(-0.004, 'USD', false));
    expect(formatMoney(12.345, 'EUR')).toBe('$12.35');
  });
});

describe('writing a calendar date', () => {
  const intl = (iso: string, withYear: boolean) =>
    new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      ...(withYear ? { year: 'numeric' } : {}),
    }).format(isoToLocalDate(iso));

  it('writes every day of a leap year as Intl does, with and without the year', () => {
    for (let d = '2028-01-01'; d < '2029-01-01'; d = addDays(d, 1))
      for (const withYear of [false, true]) expect(formatIsoDate(d, withYear)).toBe(intl(d, withYear));
  });

  it('refuses what is not a calendar date', () => {
    expect(() => formatIsoDate('2026-13-01')).toThrow(RangeError);
    expect(() => formatIsoDate('soon')).toThrow(RangeError);
  });
});

describe('writing a month', () => {
  it("writes each month of an instant as Intl does, in the reader's time zone", () => {
    for (let m = 0; m < 12; m++) {
      const instant = new Date(Date.UTC(2026, m, 15, 12));
      const intl = instant.toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
      expect(formatMonthYear(instant)).toBe(intl);
      expect(formatMonthYear(instant.toISOString())).toBe(intl);
    }
  });
});

describe('the one rounding rule', () => {
  it('takes a percentage of minor units, rounded once to the minor unit, halves away from zero', () => {
    expect(percentOf(19500, 17)).toBe(3315); // GST on $195.00 is $33.15
    expect(percentOf(12345, 15)).toBe(1852); // 1851.75
    expect(percentOf(10, 15)).toBe(2); // 1.5: the half goes up
    expect(percentOf(-10, 15)).toBe(-2); // and away from zero below it
    expect(percentOf(30, 5)).toBe(2); // 1.5
    expect(percentOf(1000, 2.5)).toBe(25); // a rate with decimals
    expect(percentOf(333, 33.33)).toBe(111); // 110.9889
  });

  it('takes proportional shares the same way', () => {
    expect(shareOf(100, 1, 3)).toBe(33);
    expect(shareOf(200, 1, 3)).toBe(67);
    expect(shareOf(50, 1, 4)).toBe(13); // 12.5
    expect(shareOf(-50, 1, 4)).toBe(-13);
    expect(shareOf(7, 0, 4)).toBe(0);
  });

  it('reads currency units into minor units and back exactly', () => {
    expect(toMinor(99.5)).toBe(9950);
    expect(toMinor(33.15)).toBe(3315);
    expect(toMinor(1.005)).toBe(101);
    expect(toMajor(3315)).toBe(33.15);
  });

  it('converts cents line by line without picking up binary fractions', () => {
    const usd = convertStay({ nightPrices: [195, 195], tax: 66.3, lines: [0.1, 0.2, 66.3] }, 'USD', 1);
    expect(usd.total).toBe(456.6);
    expect(convertAmount(33.15, 'PKR', 280)).toBe(9282);
  });
});
