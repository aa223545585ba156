import { daysBetween } from './dates.ts';

export interface TQuote {
  nightlyPrice: number;
  nights: number;
  subtotal: number;
  taxRate: number;
  tax: number;
  total: number;
}

/** nights × price + GST, where GST = round(tax rate × subtotal) (DECISIONS 3). */
export function quoteStay(
  nightlyPrice: number,
  checkIn: string,
  checkOut: string,
  taxRatePercent: number,
): TQuote {
  const nights = Math.max(0, daysBetween(checkIn, checkOut));
  const subtotal = nights * nightlyPrice;
  const tax = Math.round((subtotal * taxRatePercent) / 100);
  return { nightlyPrice, nights, subtotal, taxRate: taxRatePercent, tax, total: subtotal + tax };
}
