import type { EntityManager } from '@mikro-orm/postgresql';
import { quoteStay } from '#shared/pricing.ts';
import type { TPropertyCard } from '#shared/schemas/property.ts';
import type { TStayRules } from '../../repositories/property-rates.ts';
import { getSettings } from '../settings/settings.ts';

/**
 * Puts each card's stay total on a page of dated search results, from the rules the search read with
 * it: the quote the booking card will show, fees, discounts and taxes included (docs/money.md).
 */
export async function addStayTotals(
  em: EntityManager,
  page: { card: TPropertyCard; rules: TStayRules | null }[],
  checkIn: string,
  checkOut: string,
  guests?: number,
): Promise<void> {
  const first = page[0];
  if (!first) return;
  const taxRate = first.rules?.taxRate ?? (await getSettings(em)).taxRate;
  const bookedOn = new Date().toISOString().slice(0, 10);
  for (const { card, rules } of page) {
    card.stayTotal = quoteStay(rules ?? card.price, checkIn, checkOut, taxRate, {
      ...(guests === undefined ? {} : { party: { adults: guests, children: 0, infants: 0, pets: 0 } }),
      bookedOn,
    }).total;
  }
}
