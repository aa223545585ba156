import type { EntityManager } from '@mikro-orm/postgresql';
import { quoteStay } from '../../../shared/pricing.ts';
import type { TPropertyCard } from '../../../shared/schemas/property.ts';
import { stayRulesFor } from '../../repositories/property-rates.ts';
import { getSettings } from '../settings/settings.ts';

/** Puts each card's stay total on a page of dated search results: the quote the booking card will show. */
export async function addStayTotals(
  em: EntityManager,
  cards: TPropertyCard[],
  checkIn: string,
  checkOut: string,
): Promise<void> {
  if (cards.length === 0) return;
  const [settings, rules] = await Promise.all([
    getSettings(em),
    stayRulesFor(
      em,
      cards.map((c) => c.id),
      checkIn,
      checkOut,
    ),
  ]);
  for (const card of cards) {
    card.stayTotal = quoteStay(rules.get(card.id) ?? card.price, checkIn, checkOut, settings.taxRate).total;
  }
}
