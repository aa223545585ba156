import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/dates.ts';
import {
  cancellationCredits,
  creditNoteDocument,
  documentRows,
  invoiceDocument,
  type TDocumentHeader,
  type TDocumentLedgerLine,
} from '../../src/shared/invoices.ts';
import {
  damageClaimLines,
  moneyFacts,
  snapshotMinor,
  type TFactsLedgerLine,
  type TMoneyFacts,
} from '../../src/shared/money-facts.ts';
import type { TPaymentMethod } from '../../src/shared/payments.ts';
import { quoteStay, type THomePricing, type TParty, type TPriceRules } from '../../src/shared/pricing.ts';
import { moneyDocumentPdf } from '../../src/server/services/payments/invoice-pdf.ts';
import { pdfText } from '../support/pdf-text.ts';

/**
 * The money facts over generated bookings: homes with random rules (seasons, weekend prices, every fee,
 * discount and tax), priced by quoteStay, then payments, refunds, adjustments, goodwill refunds and a
 * cancellation applied under the same limits the ledger's service enforces. The PDF part renders the
 * invoice and credit note and finds every line of the model in the PDF's text.
 */

const TODAY = '2027-03-01';
const pct = (max: number) => fc.option(fc.integer({ min: 1, max }), { nil: null });

const pricingArb: fc.Arbitrary<THomePricing> = fc
  .record({
    cleaningFee: fc.option(fc.integer({ min: 1_000, max: 20_000 }), { nil: null }),
    extraGuestFee: fc.option(fc.integer({ min: 500, max: 6_000 }), { nil: null }),
    extraGuestsAbove: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
    petFee: fc.option(fc.integer({ min: 1_000, max: 8_000 }), { nil: null }),
    weeklyDiscount: pct(30),
    monthlyDiscount: pct(50),
    lastMinuteDiscount: pct(25),
    lastMinuteDays: fc.option(fc.integer({ min: 1, max: 14 }), { nil: null }),
    earlyBirdDiscount: pct(20),
    earlyBirdDays: fc.option(fc.integer({ min: 30, max: 120 }), { nil: null }),
    touristTax: fc.oneof(
      fc.constant({ perPerson: null, percent: null }),
      fc.integer({ min: 100, max: 800 }).map((n) => ({ perPerson: n, percent: null })),
      fc.integer({ min: 1, max: 10 }).map((n) => ({ perPerson: null, percent: n })),
    ),
  })
  .map(({ touristTax, ...r }) => ({
    ...r,
    petsAllowed: true,
    touristTaxPerPerson: touristTax.perPerson,
    touristTaxPercent: touristTax.percent,
    maxNights: null,
    checkInDays: [],
    checkOutDays: [],
  }));

/** Every amount in minor units (cents), odd cents included, as homes keep them. */
const rulesArb: fc.Arbitrary<TPriceRules> = fc.record({
  basePrice: fc.integer({ min: 4_000, max: 60_000 }),
  weekendPrice: fc.option(fc.integer({ min: 4_000, max: 80_000 }), { nil: null }),
  seasons: fc
    .array(
      fc.record({
        offset: fc.integer({ min: 0, max: 20 }),
        length: fc.integer({ min: 1, max: 15 }),
        price: fc.integer({ min: 4_000, max: 90_000 }),
      }),
      { maxLength: 3 },
    )
    .map((parts) => {
      // Laid end to end from the first offset, so they never overlap.
      let start = addDays(TODAY, 5);
      return parts.map((p) => {
        const startDate = addDays(start, p.offset);
        const endDate = addDays(startDate, p.length);
        start = endDate;
        return { startDate, endDate, nightlyPrice: p.price };
      });
    }),
  pricing: pricingArb,
});

const partyArb: fc.Arbitrary<TParty> = fc.record({
  adults: fc.integer({ min: 1, max: 6 }),
  children: fc.integer({ min: 0, max: 3 }),
  infants: fc.integer({ min: 0, max: 2 }),
  pets: fc.integer({ min: 0, max: 2 }),
});

type TOp =
  | { op: 'pay'; share: number; method: TPaymentMethod }
  | { op: 'refund'; share: number }
  | { op: 'adjust'; amount: number }
  | { op: 'goodwill'; share: number }
  | { op: 'cancel'; feeShare: number }
  | { op: 'claim'; share: number };

const opArb: fc.Arbitrary<TOp> = fc.oneof(
  fc.record({
    op: fc.constant('pay' as const),
    share: fc.double({ min: 0.05, max: 1, noNaN: true }),
    method: fc.constantFrom<TPaymentMethod>('card', 'bank_transfer', 'cash', 'other'),
  }),
  fc.record({ op: fc.constant('refund' as const), share: fc.double({ min: 0.05, max: 1, noNaN: true }) }),
  fc.record({
    op: fc.constant('adjust' as const),
    amount: fc.integer({ min: -50_000, max: 50_000 }).filter((n) => n !== 0),
  }),
  fc.record({ op: fc.constant('goodwill' as const), share: fc.double({ min: 0.05, max: 0.5, noNaN: true }) }),
  fc.record({ op: fc.constant('cancel' as const), feeShare: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ op: fc.constant('claim' as const), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
);

const bookingArb = fc.record({
  rules: rulesArb,
  taxRate: fc.constantFrom(0, 5, 10, 12.5, 17, 20),
  startIn: fc.integer({ min: 0, max: 150 }),
  nights: fc.integer({ min: 1, max: 35 }),
  party: partyArb,
  depositPercent: fc.integer({ min: 0, max: 100 }),
  /** The home's damage deposit (0: none): never part of the price; only what is claimed of it is a line. */
  damageDeposit: fc.oneof(fc.constant(0), fc.integer({ min: 100, max: 200_000 })),
  ops: fc.array(opArb, { maxLength: 10 }),
});

type TBookingCase = typeof bookingArb extends fc.Arbitrary<infer T> ? T : never;

interface TBuilt {
  facts: TMoneyFacts;
  ledger: (TFactsLedgerLine & TDocumentLedgerLine)[];
  cancelled: boolean;
  planTotal: number;
  header: TDocumentHeader;
  /** Each damage claim played: the totals just before and just after it, and its amount. */
  claims: { amount: number; before: TMoneyFacts['totals']; after: TMoneyFacts['totals'] }[];
}

/** Prices the stay, then plays the operations as the ledger's service allows them. */
function build(b: TBookingCase): TBuilt {
  const checkIn = addDays(TODAY, b.startIn);
  const checkOut = addDays(checkIn, b.nights);
  const quote = quoteStay(b.rules, checkIn, checkOut, b.taxRate, { party: b.party, bookedOn: TODAY });
  const booked = {
    checkIn,
    nightPrices: quote.nightly.map((n) => n.price),
    lines: quote.lines,
    totalPrice: quote.total,
  };
  const planTotal = quote.total;
  const plan = {
    total: planTotal,
    deposit: Math.round((planTotal * b.depositPercent) / 100),
    balance: planTotal - Math.round((planTotal * b.depositPercent) / 100),
    balanceDueOn: b.startIn > 30 ? addDays(checkIn, -30) : null,
    depositDeadlineAt: null,
  };
  const ledger: TBuilt['ledger'] = [];
  let cancelled = false;
  let fee: number | null = null;
  let claimed = false;
  const claims: TBuilt['claims'] = [];
  const factsNow = () =>
    moneyFacts({
      snapshot: snapshotMinor({ ...booked, cancellationFeeCharged: fee }),
      plan,
      ledger,
      cancelled,
      today: TODAY,
    });
  const add = (
    kind: TFactsLedgerLine['kind'],
    amount: number,
    method: TPaymentMethod = 'other',
    reason: string | null = null,
  ) => ledger.push({ kind, amount, method, reason, occurredAt: `${TODAY}T10:00:00.000Z`, reference: null });
  for (const op of b.ops) {
    const t = factsNow().totals;
    if (op.op === 'pay') {
      if (cancelled || t.balanceDue === 0) continue;
      add('payment', Math.max(1, Math.round(t.balanceDue * op.share)), op.method);
    } else if (op.op === 'refund') {
      if (t.net === 0) continue;
      add('refund', Math.max(1, Math.round(t.net * op.share)));
    } else if (op.op === 'adjust') {
      if ((op.amount > 0 && cancelled) || t.charged + op.amount < 0) continue;
      add('adjustment', op.amount, 'other', op.amount > 0 ? 'Late check-out' : 'Broken heating');
    } else if (op.op === 'goodwill') {
      const amount = Math.round(t.net * op.share);
      if (amount === 0 || t.charged - amount < 0) continue;
      add('adjustment', -amount, 'other', 'Goodwill: noisy street');
      add('refund', amount);
    } else if (op.op === 'claim') {
      // One claim per stay, on a live booking, never more than the deposit (the service's rules).
      if (cancelled || claimed || b.damageDeposit === 0) continue;
      claimed = true;
      const amount = Math.max(1, Math.round(b.damageDeposit * op.share));
      const [charge, settled] = damageClaimLines({ amount, reason: 'Broken lamp' });
      if (!charge || !settled) throw new Error('a claim is two lines');
      add(charge.kind, charge.amount, 'other', charge.reason ?? null);
      add(settled.kind, settled.amount, 'card');
      claims.push({ amount, before: t, after: factsNow().totals });
    } else if (op.op === 'cancel' && !cancelled) {
      cancelled = true;
      // The fee is kept on the booking in stored units, as the cancellation writes it.
      fee = Math.floor(quote.total * op.feeShare);
    }
  }
  const children = b.party.children;
  return {
    facts: factsNow(),
    claims,
    ledger,
    cancelled,
    planTotal,
    header: {
      number: 'INV-2027-000042',
      issuedOn: TODAY,
      currency: 'USD',
      operator: { name: 'StayHub', address: '1 Quay Street, Auckland', email: 'hello@stayhub.example' },
      guest: { name: 'Grace Guest', email: 'grace@example.com' },
      confirmationNumber: 'BIC123456',
      home: { title: 'Harbour House', location: 'Auckland, New Zealand' },
      stay: { checkIn, checkOut, nights: b.nights, party: { ...b.party, children } },
    },
  };
}

describe('money facts, over generated homes, stays, parties and ledgers', () => {
  it('the invoice adds up, equals what the ledger charges, and the balance is negative only as a refund due', () => {
    fc.assert(
      fc.property(bookingArb, (b) => {
        const { facts, planTotal, ledger, cancelled } = build(b);
        const t = facts.totals;
        expect(facts.lines.reduce((sum, l) => sum + l.amount, 0)).toBe(facts.total);
        expect(facts.total).toBe(t.charged);
        expect(t.charged).toBe(
          planTotal + ledger.filter((l) => l.kind === 'adjustment').reduce((s, l) => s + l.amount, 0),
        );
        for (const l of facts.lines) {
          expect(Number.isSafeInteger(l.amount)).toBe(true);
          if (l.quantity !== null && l.unitAmount !== null) expect(l.amount).toBe(l.quantity * l.unitAmount);
        }
        const sum = (kind: string) => ledger.filter((l) => l.kind === kind).reduce((s, l) => s + l.amount, 0);
        expect([t.paid, t.refunded]).toEqual([sum('payment'), sum('refund')]);
        expect(t.paid - t.refunded).toBe(t.net);
        // A live booking keeps what it charges; a cancelled one never more than it charged or was paid.
        if (cancelled) expect(t.retained).toBeLessThanOrEqual(Math.min(t.charged, Math.max(0, t.net)));
        else expect(t.retained).toBe(t.charged);
        expect(t.net + t.balanceDue - t.refundDue).toBe(t.retained);
        expect(Math.min(t.balanceDue, t.refundDue)).toBe(0);
        const balance = t.retained - t.net;
        if (balance < 0) expect(t.refundDue).toBe(-balance);
        expect(t.balanceDue).toBeGreaterThanOrEqual(0);
        if (t.status === 'refund_due') expect(t.refundDue).toBeGreaterThan(0);
        else expect(t.refundDue).toBe(0);
        expect(facts.schedule.dueNow).toBeLessThanOrEqual(t.balanceDue);
      }),
      { numRuns: 300 },
    );
  });

  it('a damage claim is a charge and its payment: what is owed does not move, and the unclaimed deposit is in no total', () => {
    fc.assert(
      fc.property(bookingArb, (b) => {
        const { facts, claims, planTotal, ledger } = build(b);
        for (const c of claims) {
          expect(c.after.charged - c.before.charged).toBe(c.amount);
          expect(c.after.net - c.before.net).toBe(c.amount);
          expect([c.after.balanceDue, c.after.refundDue]).toEqual([c.before.balanceDue, c.before.refundDue]);
        }
        // Whatever the deposit, the invoice is the price plus adjustments (the claimed damage among them).
        const adjustments = ledger.filter((l) => l.kind === 'adjustment').reduce((s, l) => s + l.amount, 0);
        expect(facts.total).toBe(planTotal + adjustments);
        const claimLine = facts.lines.find((l) => l.label === 'Charge: Damage: Broken lamp');
        expect(claimLine?.amount).toBe(claims[0]?.amount);
      }),
      { numRuns: 300 },
    );
  });

  it("the PDFs' text carries every line of the invoice and the credit note", async () => {
    await fc.assert(
      fc.asyncProperty(bookingArb, async (b) => {
        const { facts, ledger, cancelled, header } = build(b);
        const docs = [invoiceDocument(header, facts, ledger, cancelled)];
        if (cancelled)
          docs.push(
            creditNoteDocument(
              { ...header, number: 'CN-2027-000007' },
              header.number,
              cancellationCredits(facts.totals.charged, facts.totals.retained, header.confirmationNumber),
            ),
          );
        for (const doc of docs) {
          expect(doc.lines.reduce((s, l) => s + l.amount, 0)).toBe(doc.total);
          const text = flat(pdfText(await moneyDocumentPdf(doc)));
          const rows = documentRows(doc);
          for (const line of [
            ...rows.heading,
            ...[...rows.lines, ...rows.totals, ...rows.payments, ...rows.closing].flat(),
          ])
            expect(text).toContain(flat(line));
        }
        expect(docs[0]?.lines.length).toBe(facts.lines.length);
      }),
      { numRuns: 25 },
    );
  });
});

/** Text with its whitespace as single spaces: a long label wraps onto a second run of the PDF. */
const flat = (s: string) => s.replace(/\s+/g, ' ');
