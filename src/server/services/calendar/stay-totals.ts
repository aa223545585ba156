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
  const rules = await stayRulesFor(
    em,
    cards.map((c) => c.id),
    checkIn,
    checkOut,
  );
  const first = rules.values().next().value;
  const taxRate = first?.taxRate ?? (await getSettings(em)).taxRate;
  for (const card of cards) {
    card.stayTotal = quoteStay(rules.get(card.id) ?? card.price, checkIn, checkOut, taxRate).total;
  }
}
