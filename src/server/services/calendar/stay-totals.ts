import type { EntityManager } from '@mikro-orm/postgresql';
import { bookingCardParty, flatRules, nightRuns } from '#shared/pricing.ts';
import type { TPropertyCard } from '#shared/schemas/property.ts';
import type { TStayRules } from '../../repositories/property-rates.ts';
import { priceStay } from '../bookings/quote.ts';
import { getSettings } from '../settings/settings.ts';

/**
 * Puts each card's stay total on a page of dated search results, from the rules the search read with
 * it, through the quote's own priceStay: the total the booking card's quote shows for those dates and the
 * party it starts with (the search's guests, else its default), fees, discounts and taxes included
 * (docs/money.md#search-totals). The card also gets the stay's amounts, so another currency converts
 * them line by line as the booking card does.
 */
export async function addStayTotals(
  em: EntityManager,
  page: { card: TPropertyCard; rules: TStayRules | null }[],
  stay: { checkIn: string; checkOut: string },
  guests: number | undefined,
  now: Date,
): Promise<void> {
  const first = page[0];
  if (!first) return;
  const taxRate = first.rules?.taxRate ?? (await getSettings(em)).taxRate;
  for (const { card, rules } of page) {
    const quote = priceStay(
      rules ?? flatRules(card.price),
      taxRate,
      stay,
      bookingCardParty(card.maxGuests, guests),
      now,
    );
    card.stayTotal = quote.total;
    card.stayPrice = {
      nights: nightRuns(quote.nightly).map((r) => ({ price: r.price, count: r.nights })),
      lines: quote.lines.map((l) => l.amount),
    };
  }
}
