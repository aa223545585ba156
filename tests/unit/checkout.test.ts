import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkoutSearch,
  chosenPay,
  parseCheckoutSearch,
  payChoices,
  PAY_CHOICES,
} from '../../src/shared/checkout.ts';
import { ZQuoteInput } from '../../src/shared/schemas/booking.ts';

/** The checkout's URL and payment choices (docs/checkout.md). */

const urlValue = fc.oneof(
  fc.constantFrom(
    ...['0', '1', '2', '20', '21', '100', '101', '1000', '1001', ' 3 ', 'x', '2027-03-01', '2027-03-04'],
    ...['2027-02-30', '2026-12-31', ...PAY_CHOICES, 'card', 'FULL'],
  ),
  fc.integer({ min: -5, max: 2_000 }),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 20 }),
);
const keys = ['checkIn', 'checkOut', 'adults', 'children', 'infants', 'pets', 'pay'];
const rawSearch = fc.record(Object.fromEntries(keys.map((k) => [k, urlValue])), {
  requiredKeys: [],
}) as fc.Arbitrary<Record<string, unknown>>;

describe('parseCheckoutSearch', () => {
  it('keeps only what the quote and the booking accept, whatever the URL holds', () => {
    fc.assert(
      fc.property(rawSearch, (raw) => {
        const s = parseCheckoutSearch(raw);
        if (s.pay !== undefined) expect(PAY_CHOICES).toContain(s.pay);
        // Dates come as a pair, check-out after check-in, or not at all.
        expect(s.checkIn === undefined).toBe(s.checkOut === undefined);
        if (!s.checkIn || !s.checkOut) return;
        expect(s.checkOut > s.checkIn).toBe(true);
        const input = {
          propertyId: 1,
          checkIn: s.checkIn,
          checkOut: s.checkOut,
          guests: s.adults,
          children: s.children,
          infants: s.infants,
          pets: s.pets,
        };
        const parsed = ZQuoteInput.safeParse(input);
        expect(parsed.success, JSON.stringify({ raw, issues: parsed.error?.issues })).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('reads back what checkoutSearch writes', () => {
    const written = checkoutSearch({
      checkIn: '2027-03-01',
      checkOut: '2027-03-04',
      party: { adults: 2, children: 1, infants: 0, pets: 0 },
      pay: 'deposit',
    });
    expect(written).toEqual({
      checkIn: '2027-03-01',
      checkOut: '2027-03-04',
      adults: 2,
      children: 1,
      pay: 'deposit',
    });
    expect(parseCheckoutSearch({ ...written })).toEqual(written);
    // As the router hands values over: numbers may come as strings.
    expect(parseCheckoutSearch({ ...written, adults: '2', children: '1' })).toEqual(written);
  });

  it('drops a check-out that is not after the check-in', () => {
    expect(parseCheckoutSearch({ checkIn: '2027-03-04', checkOut: '2027-03-04', adults: 2 })).toEqual({
      adults: 2,
    });
  });
});

describe('payChoices', () => {
  const schedule = { deposit: 300, balance: 700 };
  it('offers card in full and card deposit only with card, the deposit only when a balance follows it', () => {
    expect(payChoices({ ...schedule, methods: ['card', 'bank_transfer', 'pay_on_arrival'] })).toEqual([
      'full',
      'deposit',
      'bank_transfer',
      'pay_on_arrival',
    ]);
    expect(payChoices({ deposit: 1000, balance: 0, methods: ['card'] })).toEqual(['full']);
    expect(payChoices({ deposit: 0, balance: 1000, methods: ['card'] })).toEqual(['full']);
    expect(payChoices({ ...schedule, methods: ['bank_transfer'] })).toEqual(['bank_transfer']);
    expect(payChoices({ ...schedule, methods: [] })).toEqual([]);
  });

  it('takes the URL’s choice only when offered, else the first', () => {
    expect(chosenPay(['full', 'bank_transfer'], 'bank_transfer')).toBe('bank_transfer');
    expect(chosenPay(['bank_transfer'], 'full')).toBe('bank_transfer');
    expect(chosenPay(['full', 'deposit'], undefined)).toBe('full');
    expect(chosenPay([], 'full')).toBeNull();
  });
});
