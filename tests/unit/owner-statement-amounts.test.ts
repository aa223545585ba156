import { describe, expect, it } from 'vitest';
import { percentOf } from '../../src/shared/money.ts';
import {
  amountsDelta,
  hasAmounts,
  stayAmounts,
  type TStayFacts,
} from '../../src/server/services/owners/statement-amounts.ts';

const stay = (over: Partial<TStayFacts> = {}): TStayFacts => ({
  status: 'confirmed',
  totalPrice: 117_000,
  taxAmount: 17_000,
  priceLines: [
    { kind: 'cleaningFee', amount: 5_000 },
    { kind: 'weeklyDiscount', amount: -3_000 },
    { kind: 'gst', amount: 17_000 },
  ],
  cancellationFee: null,
  paid: 0,
  refunded: 0,
  ...over,
});

describe('percentOf', () => {
  it('rounds once to the minor unit, halves away from zero', () => {
    expect(percentOf(1_005, 10)).toBe(101);
    expect(percentOf(-1_005, 10)).toBe(-101);
    expect(percentOf(3_315, 18.5)).toBe(613);
    expect(percentOf(0, 20)).toBe(0);
  });
});

describe('stayAmounts', () => {
  it('splits a confirmed stay from its snapshot, commissions rent and fees, not taxes', () => {
    expect(stayAmounts(stay(), 20)).toEqual({
      gross: 117_000,
      rent: 95_000,
      fees: 5_000,
      taxes: 17_000,
      refunds: 0,
      commission: 20_000,
      net: 80_000,
    });
  });

  it('takes a refund off what the stay earned, and the commission with it', () => {
    const a = stayAmounts(stay({ paid: 117_000, refunded: 10_000 }), 20);
    expect(a).toMatchObject({ gross: 117_000, refunds: 10_000, commission: 18_000, net: 72_000 });
    expect(a.net + a.commission + a.taxes + a.refunds).toBe(a.gross);
  });

  it('keeps only the fee of a cancelled stay, and its refund of the rest takes nothing from the owner', () => {
    const a = stayAmounts(
      stay({ status: 'cancelled', cancellationFee: 30_000, paid: 117_000, refunded: 87_000 }),
      20,
    );
    expect(a).toEqual({
      gross: 30_000,
      rent: 30_000,
      fees: 0,
      taxes: 0,
      refunds: 0,
      commission: 6_000,
      net: 24_000,
    });
    expect(hasAmounts(stayAmounts(stay({ status: 'cancelled' }), 20))).toBe(false);
    expect(hasAmounts(stayAmounts(stay({ status: 'pending' }), 20))).toBe(false);
  });

  it('states a change as the difference from what was stated', () => {
    const before = stayAmounts(stay({ paid: 117_000 }), 20);
    const after = stayAmounts(stay({ paid: 117_000, refunded: 5_000 }), 20);
    expect(amountsDelta(after, before)).toEqual({
      gross: 0,
      rent: 0,
      fees: 0,
      taxes: 0,
      refunds: 5_000,
      commission: -1_000,
      net: -4_000,
    });
  });
});
