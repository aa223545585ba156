import { refundOnCancel } from '../../src/shared/money-facts.ts';
import { describe, expect, it } from 'vitest';
import {
  bookingCardTerms,
  cancellationMoney,
  cancellationMoneySentence,
  dueNow,
  leftOnCards,
  methodsSentence,
  operatorRefundSentence,
  refundTimingSentence,
  scheduleFor,
  scheduleSentence,
} from '../../src/shared/payment-terms.ts';
import { formatMinor } from '../../src/shared/payments.ts';

const money = (minor: number) => formatMinor(minor);

describe('the schedule a stay gets', () => {
  const terms = { depositPercent: 30, balanceDaysBefore: 30 };

  it('asks for the deposit at booking and the balance N days before arrival, to the cent', () => {
    expect(scheduleFor(329_700, terms, '2027-03-10', '2026-12-04')).toEqual({
      total: 329_700,
      deposit: 98_910,
      balance: 230_790,
      balanceDueOn: '2027-02-08',
    });
  });

  it('asks for the whole amount when the balance date is not after the booking day, or at 100 %', () => {
    const whole = { total: 329_700, deposit: 329_700, balance: 0, balanceDueOn: null };
    expect(scheduleFor(329_700, terms, '2027-01-03', '2026-12-04')).toEqual(whole);
    expect(scheduleFor(329_700, terms, '2027-01-04', '2026-12-05')).toEqual(whole);
    expect(scheduleFor(329_700, { ...terms, depositPercent: 100 }, '2027-06-01', '2026-12-04')).toEqual(
      whole,
    );
  });

  it('rounds a half cent up, as the snapshot does', () => {
    expect(
      scheduleFor(1_005, { depositPercent: 50, balanceDaysBefore: 1 }, '2027-06-01', '2027-01-01').deposit,
    ).toBe(503);
  });
});

describe('the schedule in words', () => {
  const s = { total: 329_700, deposit: 98_910, balance: 230_790, balanceDueOn: '2027-02-08' };

  it('names the deposit, the balance and its date', () => {
    expect(scheduleSentence(s, money, 'now')).toBe(
      'Deposit $989.10, due now; balance $2,307.90, due by Feb 8, 2027.',
    );
    expect(bookingCardTerms(s, money, false)).toBe(
      'Deposit $989.10, due when you book; balance $2,307.90, due by Feb 8, 2027.',
    );
  });

  it('says when the whole amount is due, and that a request is charged nothing until accepted', () => {
    const whole = { total: 329_700, deposit: 329_700, balance: 0, balanceDueOn: null };
    expect(scheduleSentence(whole, money, 'now')).toBe('The full amount, $3,297.00, is due now.');
    expect(bookingCardTerms(s, money, true)).toBe(
      'Nothing is charged until your request is accepted. Then: deposit $989.10, due on acceptance; balance $2,307.90, due by Feb 8, 2027.',
    );
  });

  it('lists the methods offered', () => {
    expect(methodsSentence(['card', 'bank_transfer', 'pay_on_arrival'])).toBe(
      'You can pay by card, bank transfer or cash on arrival.',
    );
    expect(methodsSentence(['bank_transfer'])).toBe('You can pay by bank transfer.');
    expect(methodsSentence([])).toBeNull();
  });
});

describe('what is due now', () => {
  it('is the deposit while it is unpaid, then the balance, and never the total', () => {
    expect(dueNow({ balanceDue: 329_700, depositDue: 98_910 })).toEqual({ part: 'deposit', amount: 98_910 });
    expect(dueNow({ balanceDue: 230_790, depositDue: 0 })).toEqual({ part: 'balance', amount: 230_790 });
    expect(dueNow({ balanceDue: 0, depositDue: 0 })).toBeNull();
  });
});

describe('what a cancellation keeps and gives back', () => {
  it('keeps the fee out of what was paid and sends the rest back to the card first', () => {
    const m = cancellationMoney({
      net: 78_900,
      adjustments: 0,
      charged: 200_000,
      onCards: 78_900,
      fee: 55_000,
    });
    expect(m).toEqual({ paid: 78_900, kept: 55_000, refund: 23_900, toCard: 23_900, byOperator: 0 });
    expect(cancellationMoneySentence(m, 55_000, money, false)).toBe(
      'Of the $789.00 you paid, we keep $550.00 as the cancellation fee, and $239.00 comes back to you: $239.00 to the card you paid with, through Stripe.',
    );
    expect(refundTimingSentence(m)).toBe(
      'Card refunds usually reach your account within 5–10 business days.',
    );
  });

  it('never keeps more than was paid, and splits a refund between card and bank transfer', () => {
    const m = cancellationMoney({ net: 98_910, adjustments: 0, charged: 200_000, onCards: 50_000, fee: 0 });
    expect(m).toEqual({ paid: 98_910, kept: 0, refund: 98_910, toCard: 50_000, byOperator: 48_910 });
    expect(cancellationMoneySentence(m, 0, money, true)).toBe(
      'Of the $989.10 you paid, $989.10 is refunded: $500.00 to the card you paid with, through Stripe, and $489.10 by bank transfer from us.',
    );
    expect(
      cancellationMoney({ net: 10_000, adjustments: 0, charged: 200_000, onCards: 0, fee: 55_000 }).kept,
    ).toBe(10_000);
  });

  it('charges nothing when nothing was paid', () => {
    const m = cancellationMoney({ net: 0, adjustments: 0, charged: 200_000, onCards: 0, fee: 55_000 });
    expect(cancellationMoneySentence(m, 55_000, money, false)).toBe(
      'You have paid nothing yet, so nothing is charged if you cancel.',
    );
    expect(refundTimingSentence(m)).toBeNull();
  });

  it('follows the ledger: a charge added after booking is kept with the fee, a goodwill credit lowers it', () => {
    // Paid $789 of a $789 stay, then a $60 damage charge was added (and paid): the fee and the charge stay.
    const charge = cancellationMoney({
      net: 84_900,
      adjustments: 6_000,
      charged: 84_900,
      onCards: 84_900,
      fee: 55_000,
    });
    expect(charge).toMatchObject({ paid: 84_900, kept: 61_000, refund: 23_900 });
    // A $100 goodwill credit on the same stay: $450 kept of the $550 fee.
    const credit = cancellationMoney({
      net: 78_900,
      adjustments: -10_000,
      charged: 68_900,
      onCards: 78_900,
      fee: 55_000,
    });
    expect(credit).toMatchObject({ kept: 45_000, refund: 33_900, toCard: 33_900 });
    // The same figures the ledger's own rule gives (the operator's dialog reads it).
    expect(credit.refund).toBe(
      refundOnCancel({ net: 78_900, adjustments: -10_000, charged: 68_900 }, 55_000),
    );
    expect(charge.refund).toBe(refundOnCancel({ net: 84_900, adjustments: 6_000, charged: 84_900 }, 55_000));
  });
});

describe("the operator's side of a refund", () => {
  it('counts card money not yet refunded, and says what Stripe sends back and what is theirs to pay', () => {
    const lines = [
      { kind: 'payment' as const, method: 'card', amount: 50_000 },
      { kind: 'payment' as const, method: 'bank_transfer', amount: 48_910 },
      { kind: 'refund' as const, method: 'card', amount: 10_000 },
    ];
    expect(leftOnCards(lines)).toBe(40_000);
    const m = cancellationMoney({
      net: 88_910,
      adjustments: 0,
      charged: 200_000,
      onCards: leftOnCards(lines),
      fee: 0,
    });
    expect(operatorRefundSentence(m, money)).toBe(
      "Refund due: $889.10; $400.00 goes back to the guest's card through Stripe, and $489.10 is yours to pay back and record as a refund.",
    );
    expect(
      operatorRefundSentence(
        cancellationMoney({ net: 0, adjustments: 0, charged: 200_000, onCards: 0, fee: 0 }),
        money,
      ),
    ).toBe('Nothing was paid, so nothing is refunded.');
  });
});
