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
  // $1,170 charged: $950 of room revenue (after a $30 discount), a $50 cleaning fee and $170 of GST.
  room: 95_000,
  fees: 5_000,
  gst: 17_000,
  touristTax: 0,
  cancellationFee: null,
  kept: 0,
  paid: 0,
  refunded: 0,
  adjustments: 0,
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
  it("splits a confirmed stay by the reports' parts, commissions rent and fees, not taxes", () => {
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
      stay({ status: 'cancelled', cancellationFee: 30_000, kept: 25_642, paid: 117_000, refunded: 87_000 }),
      20,
    );
    // The fee's GST is tax, as the reports count it: only the fee without it is the owner's.
    expect(a).toEqual({
      gross: 30_000,
      rent: 25_642,
      fees: 0,
      taxes: 4_358,
      refunds: 0,
      commission: 5_128,
      net: 20_514,
    });
    expect(hasAmounts(stayAmounts(stay({ status: 'cancelled' }), 20))).toBe(false);
    expect(hasAmounts(stayAmounts(stay({ status: 'pending' }), 20))).toBe(false);
  });

  it('counts an adjustment in rent: a goodwill credit and its refund cost the owner the credit once', () => {
    const a = stayAmounts(stay({ paid: 117_000, refunded: 10_000, adjustments: -10_000 }), 20);
    expect(a).toEqual({
      gross: 107_000,
      rent: 85_000,
      fees: 5_000,
      taxes: 17_000,
      refunds: 0,
      commission: 18_000,
      net: 72_000,
    });
    const charge = stayAmounts(stay({ paid: 117_000, adjustments: 4_000 }), 20);
    expect(charge).toMatchObject({ gross: 121_000, rent: 99_000, commission: 20_800, net: 83_200 });
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
