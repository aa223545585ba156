import { describe, expect, it } from 'vitest';
import {
  documentNumber,
  documentPartyLabel,
  documentRows,
  documentSeries,
  invoiceDocument,
} from '../../src/shared/invoices.ts';
import { ledgerTotals, moneyFacts, nightRuns, snapshotMinor } from '../../src/shared/money-facts.ts';
import { quoteStay, NO_PRICING } from '../../src/shared/pricing.ts';

describe('an invoice, by hand', () => {
  it('numbers a document by its kind, year of issue and place: INV-2027-000123', () => {
    expect(documentNumber(documentSeries('invoice', '2027-05-04'), 123)).toBe('INV-2027-000123');
    expect(documentNumber(documentSeries('credit_note', '2027-12-31'), 7)).toBe('CN-2027-000007');
  });

  it('names the party by kind, not as a count of guests', () => {
    expect(documentPartyLabel({ adults: 3, children: 1, infants: 1, pets: 0 })).toBe(
      '3 adults, 1 child, 1 infant',
    );
    expect(documentPartyLabel({ adults: 1, children: 2, infants: 0, pets: 1 })).toBe(
      '1 adult, 2 children, 1 pet',
    );
  });

  it('groups consecutive nights at one price, in order, with site dates', () => {
    expect(
      nightRuns('2027-06-03', [20000, 20000, 25000, 25000, 20000]).map((r) => [r.label, r.amount]),
    ).toEqual([
      ['Jun 3 – Jun 5, 2027 (2 nights)', 40000],
      ['Jun 5 – Jun 7, 2027 (2 nights)', 50000],
      ['Jun 7 – Jun 8, 2027 (1 night)', 20000],
    ]);
  });

  it('carries every fee, discount and tax of a ten-night stay, and its total is their sum', () => {
    const quote = quoteStay(
      {
        basePrice: 23_500,
        weekendPrice: null,
        seasons: [],
        pricing: {
          ...NO_PRICING,
          cleaningFee: 9_000,
          extraGuestFee: 1_500,
          extraGuestsAbove: 2,
          petFee: 4_000,
          petsAllowed: true,
          weeklyDiscount: 10,
          touristTaxPerPerson: 300,
        },
      },
      '2027-06-01',
      '2027-06-11',
      17,
      { party: { adults: 3, children: 1, infants: 1, pets: 1 }, bookedOn: '2027-01-01' },
    );
    const facts = moneyFacts({
      snapshot: snapshotMinor({
        checkIn: '2027-06-01',
        nightPrices: quote.nightly.map((n) => n.price),
        lines: quote.lines,
        totalPrice: quote.total,
        cancellationFeeCharged: null,
      }),
      plan: {
        total: quote.total,
        deposit: 0,
        balance: quote.total,
        balanceDueOn: null,
        depositDeadlineAt: null,
      },
      ledger: [],
      cancelled: false,
      today: '2027-01-01',
    });
    expect(facts.lines.map((l) => l.kind)).toEqual([
      'nights',
      'weeklyDiscount',
      'cleaningFee',
      'extraGuestFee',
      'petFee',
      'gst',
      'touristTax',
    ]);
    expect(facts.total).toBe(quote.total);
    const doc = invoiceDocument(
      {
        number: 'INV-2027-000001',
        issuedOn: '2027-01-01',
        currency: 'USD',
        operator: { name: 'StayHub', address: '1 Rue de Rivoli, Paris', email: 'hi@stayhub.example' },
        guest: { name: 'Léa', email: 'lea@example.com' },
        confirmationNumber: 'BIC1',
        home: { title: 'Paris flat', location: 'Paris, France' },
        stay: {
          checkIn: '2027-06-01',
          checkOut: '2027-06-11',
          nights: 10,
          party: { adults: 3, children: 1, infants: 1, pets: 1 },
        },
      },
      facts,
      [],
      false,
    );
    const rows = documentRows(doc);
    expect(rows.heading).toContain('Jun 1, 2027 – Jun 11, 2027, 10 nights');
    expect(rows.heading).toContain('3 adults, 1 child, 1 infant, 1 pet');
    expect(rows.lines[0]).toEqual(['Jun 1 – Jun 11, 2027 (10 nights), 10 × $235.00', '$2,350.00']);
    expect(rows.lines.map(([label]) => label)).toContain('Weekly discount (10%)');
    expect(rows.lines.map(([label]) => label)).toContain('GST (17%)');
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    expect(rows.totals).toEqual([['Total', usd.format(quote.total / 100)]]);
  });

  it('a goodwill credit and its refund on a paid booking leave nothing due', () => {
    const t = ledgerTotals({
      total: 50_000,
      deposit: 15_000,
      cancelled: false,
      cancellationFee: 0,
      lines: [
        { kind: 'payment', amount: 50_000 },
        { kind: 'adjustment', amount: -10_000 },
        { kind: 'refund', amount: 10_000 },
      ],
    });
    expect(t).toMatchObject({ charged: 40_000, net: 40_000, balanceDue: 0, refundDue: 0, status: 'paid' });
  });
});
