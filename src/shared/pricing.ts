import { addDays, daysBetween, toUtcMs } from './dates.ts';

/** One night of a stay, named by the date the guest sleeps there, and its price. */
export interface TNightPrice {
  date: string;
  price: number;
}

export interface TQuote {
  /** The average price per night, rounded; the home's price when every night costs the same. */
  nightlyPrice: number;
  nights: number;
  subtotal: number;
  taxRate: number;
  tax: number;
  total: number;
  /** Each night's price, from check-in on. */
  nightly: TNightPrice[];
}

/** A home's price rules (docs/features.md#operator-calendar). A home with none prices every night at its own price. */
export interface TPriceRules {
  basePrice: number;
  /** Friday and Saturday nights, outside seasons. */
  weekendPrice: number | null;
  /** Half-open date ranges [startDate, endDate) of nights; they never overlap. */
  seasons: { startDate: string; endDate: string; nightlyPrice: number }[];
}

export function flatRules(basePrice: number): TPriceRules {
  return { basePrice, weekendPrice: null, seasons: [] };
}

/** Friday or Saturday night: the night that starts on that day. */
export function isWeekendNight(date: string): boolean {
  const day = new Date(toUtcMs(date)).getUTCDay();
  return day === 5 || day === 6;
}

/**
 * The documented rule for a night's price: the season covering it; else the weekend price on Friday and
 * Saturday nights; else the home's price.
 */
export function nightPrice(rules: TPriceRules, date: string): number {
  const season = rules.seasons.find((s) => s.startDate <= date && date < s.endDate);
  if (season) return season.nightlyPrice;
  if (rules.weekendPrice !== null && isWeekendNight(date)) return rules.weekendPrice;
  return rules.basePrice;
}

export function priceNights(rules: TPriceRules, checkIn: string, checkOut: string): TNightPrice[] {
  const nights = Math.max(0, daysBetween(checkIn, checkOut));
  return Array.from({ length: nights }, (_, i) => {
    const date = addDays(checkIn, i);
    return { date, price: nightPrice(rules, date) };
  });
}

/** The sum of the nights + GST, where GST = round(tax rate × subtotal) (docs/decisions.md#server-price). */
export function quoteNights(nightly: TNightPrice[], taxRatePercent: number, basePrice: number): TQuote {
  const nights = nightly.length;
  const subtotal = nightly.reduce((sum, n) => sum + n.price, 0);
  const tax = Math.round((subtotal * taxRatePercent) / 100);
  return {
    nightlyPrice: nights > 0 ? Math.round(subtotal / nights) : basePrice,
    nights,
    subtotal,
    taxRate: taxRatePercent,
    tax,
    total: subtotal + tax,
    nightly,
  };
}

/** The quote of a stay under a home's rules; with no rules, nights × price + GST, exactly as before. */
export function quoteStay(
  rules: TPriceRules | number,
  checkIn: string,
  checkOut: string,
  taxRatePercent: number,
): TQuote {
  const r = typeof rules === 'number' ? flatRules(rules) : rules;
  return quoteNights(priceNights(r, checkIn, checkOut), taxRatePercent, r.basePrice);
}

/** Consecutive nights at one price: [from, to) with `to` the morning after the run's last night. */
export interface TNightRun {
  from: string;
  to: string;
  nights: number;
  price: number;
}

/**
 * A stay's nights as the lines a guest reads (the card, the manage page, the emails): consecutive nights
 * at the same price make one line, so the lines add up to the subtotal exactly.
 */
export function nightRuns(nightly: readonly TNightPrice[]): TNightRun[] {
  const out: TNightRun[] = [];
  for (const n of nightly) {
    const last = out[out.length - 1];
    if (last && last.price === n.price && last.to === n.date) {
      last.to = addDays(n.date, 1);
      last.nights += 1;
    } else out.push({ from: n.date, to: addDays(n.date, 1), nights: 1, price: n.price });
  }
  return out;
}

/**
 * A booking's nights from its snapshot: each night's stored price, or, for a booking made before nights
 * were priced one by one, every night at the stored nightly price.
 */
export function bookedNights(b: {
  checkIn: string;
  nights: number;
  nightlyPrice: number;
  nightPrices?: readonly number[] | null | undefined;
}): TNightPrice[] {
  const prices =
    b.nightPrices && b.nightPrices.length === b.nights
      ? b.nightPrices
      : Array.from({ length: b.nights }, () => b.nightlyPrice);
  return prices.map((price, i) => ({ date: addDays(b.checkIn, i), price }));
}
