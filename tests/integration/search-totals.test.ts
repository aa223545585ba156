import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/dates.ts';
import { convertStay, toMajor } from '../../src/shared/money.ts';
import { bookingCardParty, type TLineKind } from '../../src/shared/pricing.ts';
import type { TPricingInput } from '../../src/shared/schemas/pricing.ts';
import { ZQuoteInput } from '../../src/shared/schemas/booking.ts';
import { ZSearchInput, type TPropertyCard } from '../../src/shared/schemas/property.ts';
import { quoteForStay } from '../../src/server/services/bookings/quote.ts';
import { searchProperties } from '../../src/server/services/properties/queries.ts';
import { callerFor, createTestDatabase, seededAdmin, type TTestDb } from '../support/db.ts';
import { createProperty } from '../support/fixtures.ts';

/**
 * The dated search's card totals against the booking card's quote (docs/money.md#search-totals): for homes
 * with every kind of price rule, each card's total is the quote's for the same stay and the party the
 * booking card starts with, in dollars and converted line by line.
 */

let db: TTestDb;
const place = `Pricetown ${Date.now()}`;
// One clock for both sides, so the booking-window discounts count from the same day.
const now = new Date();
const today = now.toISOString().slice(0, 10);
const day = (n: number) => addDays(today, n);

interface THomeSpec {
  price: number;
  maxGuests?: number;
  pricing?: TPricingInput;
  weekend?: number;
  season?: { from: number; to: number; price: number };
}

const HOMES: THomeSpec[] = [
  { price: 100 },
  { price: 120, weekend: 180, season: { from: 40, to: 44, price: 260 } },
  { price: 90, pricing: { cleaningFee: 60, extraGuestFee: 25, extraGuestsAbove: 1 } },
  { price: 140, pricing: { weeklyDiscount: 10, monthlyDiscount: 22 } },
  {
    price: 110,
    pricing: { lastMinuteDiscount: 15, lastMinuteDays: 3, earlyBirdDiscount: 12, earlyBirdDays: 30 },
  },
  { price: 75, maxGuests: 6, pricing: { touristTaxPerPerson: 3, cleaningFee: 35 } },
  {
    price: 133,
    pricing: { touristTaxPercent: 5.5, weeklyDiscount: 7, lastMinuteDiscount: 9, lastMinuteDays: 5 },
  },
  // Takes one guest only: the card's default party of two shrinks to it.
  { price: 99, maxGuests: 1, pricing: { touristTaxPerPerson: 4, extraGuestFee: 10, extraGuestsAbove: 0 } },
  {
    price: 157,
    weekend: 201,
    pricing: {
      cleaningFee: 45,
      extraGuestFee: 15,
      extraGuestsAbove: 2,
      weeklyDiscount: 8,
      monthlyDiscount: 19,
      earlyBirdDiscount: 6,
      earlyBirdDays: 50,
      touristTaxPercent: 2.25,
    },
  },
];

/** Short and last-minute, a week around the season and early, a month: every rule gets its turn. */
const STAYS = [
  { checkIn: day(1), checkOut: day(3) },
  { checkIn: day(38), checkOut: day(46) },
  { checkIn: day(60), checkOut: day(90) },
];

beforeAll(async () => {
  db = await createTestDatabase();
  const admin = callerFor(db, await seededAdmin(db)).caller;
  for (const [i, spec] of HOMES.entries()) {
    const home = await createProperty(db.em(), {
      title: `Priced home ${i}`,
      location: place,
      price: spec.price,
      maxGuests: spec.maxGuests ?? 4,
    });
    if (spec.pricing) await admin.pricing.update({ id: home.id, ...spec.pricing });
    if (spec.weekend)
      await admin.calendar.setRate({ id: home.id, kind: 'weekend', nightlyPrice: spec.weekend });
    if (spec.season)
      await admin.calendar.setRate({
        id: home.id,
        kind: 'season',
        startDate: day(spec.season.from),
        endDate: day(spec.season.to),
        nightlyPrice: spec.season.price,
      });
  }
});
afterAll(async () => {
  await db.drop();
});

async function searchCards(stay: { checkIn: string; checkOut: string }, guests?: number) {
  const input = ZSearchInput.parse({ location: place, ...stay, ...(guests ? { guests } : {}), limit: 48 });
  return (await searchProperties(db.em(), input, now)).items;
}

const expand = (card: TPropertyCard) =>
  (card.stayPrice?.nights ?? []).flatMap((run) => Array.from({ length: run.count }, () => run.price));

describe('dated search totals', () => {
  it("equal the booking card's quote for every home, stay and party, in dollars and in rupees", async () => {
    const kinds = new Set<TLineKind>();
    let compared = 0;
    for (const stay of STAYS) {
      for (const guests of [undefined, 1, 3]) {
        const cards = await searchCards(stay, guests);
        expect(cards.length).toBe(HOMES.filter((h) => (h.maxGuests ?? 4) >= (guests ?? 1)).length);
        for (const card of cards) {
          const party = bookingCardParty(card.maxGuests, guests);
          const quote = await quoteForStay(
            db.em(),
            ZQuoteInput.parse({ propertyId: card.id, ...stay, guests: party.adults }),
            now,
          );
          for (const line of quote.lines) if (line.amount !== 0) kinds.add(line.kind);
          expect({ home: card.title, stay, guests, total: card.stayTotal }).toEqual({
            home: card.title,
            stay,
            guests,
            total: quote.total,
          });
          expect(expand(card)).toEqual(quote.nightly.map((n) => n.price));
          expect(card.stayPrice?.lines).toEqual(quote.lines.map((l) => l.amount));
          const rupees = (nights: number[], lines: number[]) =>
            convertStay(
              { nightPrices: nights.map(toMajor), tax: 0, lines: lines.map(toMajor) },
              'PKR',
              279.85,
            ).total;
          expect(rupees(expand(card), card.stayPrice?.lines ?? [])).toBe(
            rupees(
              quote.nightly.map((n) => n.price),
              quote.lines.map((l) => l.amount),
            ),
          );
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThanOrEqual(HOMES.length * STAYS.length * 2);
    // The homes exercise every rule, so the comparison covers each of them.
    expect([...kinds].sort()).toEqual(
      [
        'cleaningFee',
        'earlyBirdDiscount',
        'extraGuestFee',
        'gst',
        'lastMinuteDiscount',
        'monthlyDiscount',
        'touristTax',
        'weeklyDiscount',
      ].sort(),
    );
  });

  it('price a search without guests for the party the booking card starts with', async () => {
    const [stay] = STAYS;
    if (!stay) throw new Error('no stay');
    const cards = await searchCards(stay);
    // The extra-guest fee above one guest: the card starts with two adults, so the total counts one extra.
    const feeHome = cards.find((c) => c.title === 'Priced home 2');
    // 2 nights × 90 + 60 cleaning + 25 × 1 extra guest × 2 nights = 290, GST 17 % = 49.30; the service
    // speaks cents.
    expect(feeHome?.stayTotal).toBe(29000 + 4930);
    // The one-guest home: the party shrinks to one adult, who is one guest above the none included.
    const single = cards.find((c) => c.title === 'Priced home 7');
    // 2 × 99 + 10 × 1 × 2 = 218, GST 37.06, tourist tax 4 × 1 × 2 = 8.
    expect(single?.stayTotal).toBe(21800 + 3706 + 800);
  });
});
