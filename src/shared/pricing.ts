import { BOOKING_DEFAULT_GUESTS } from './constants.ts';
import { addDays, daysBetween, toUtcMs } from './dates.ts';
import { plural } from './labels.ts';
import { percentOf, shareOf } from './money.ts';

/** One night of a stay, named by the date the guest sleeps there, and its price in minor units. */
export interface TNightPrice {
  date: string;
  price: number;
}

/**
 * A line of a stay's price after its nights (docs/money.md): a discount (negative), a fee, the GST or the
 * tourist tax. The label names it without money, so each screen shows the amount in its own currency.
 */
export interface TQuoteLine {
  kind: TLineKind;
  label: string;
  amount: number;
}
export const LINE_KINDS = [
  'monthlyDiscount',
  'weeklyDiscount',
  'lastMinuteDiscount',
  'earlyBirdDiscount',
  'cleaningFee',
  'extraGuestFee',
  'petFee',
  'gst',
  'touristTax',
  /** The operator's own total instead of the quote's (docs/booking-operations.md#operator-bookings). */
  'priceOverride',
] as const;
export type TLineKind = (typeof LINE_KINDS)[number];

/** Who stays: infants do not count towards capacity or per-person charges. */
export interface TParty {
  adults: number;
  children: number;
  infants: number;
  pets: number;
}

/**
 * A home's fees, discounts and extra stay rules; every one optional (docs/money.md). Fees and the tourist
 * tax per person are minor units; discounts and the tourist tax in percent are percentages.
 */
export interface THomePricing {
  cleaningFee: number | null;
  extraGuestFee: number | null;
  /** The extra-guest fee is charged per night for each guest above this many. */
  extraGuestsAbove: number | null;
  petFee: number | null;
  petsAllowed: boolean;
  weeklyDiscount: number | null;
  monthlyDiscount: number | null;
  lastMinuteDiscount: number | null;
  lastMinuteDays: number | null;
  earlyBirdDiscount: number | null;
  earlyBirdDays: number | null;
  touristTaxPerPerson: number | null;
  touristTaxPercent: number | null;
  maxNights: number | null;
  checkInDays: number[];
  checkOutDays: number[];
}

export const NO_PRICING: THomePricing = {
  cleaningFee: null,
  extraGuestFee: null,
  extraGuestsAbove: null,
  petFee: null,
  petsAllowed: false,
  weeklyDiscount: null,
  monthlyDiscount: null,
  lastMinuteDiscount: null,
  lastMinuteDays: null,
  earlyBirdDiscount: null,
  earlyBirdDays: null,
  touristTaxPerPerson: null,
  touristTaxPercent: null,
  maxNights: null,
  checkInDays: [],
  checkOutDays: [],
};

/**
 * The party the booking card starts with (docs/decisions.md#booking-card-defaults): the adults the search
 * asked for, else the default, never more than the home takes. A dated search prices its cards for this
 * party, so a card's total is the card's quote.
 */
export function bookingCardParty(maxGuests: number, guests?: number): TParty {
  const adults = Math.min(Math.max(1, guests ?? BOOKING_DEFAULT_GUESTS), Math.max(1, maxGuests));
  return { adults, children: 0, infants: 0, pets: 0 };
}

/**
 * The quote's input for a stay, as the booking card and the checkout ask for it and the server's page
 * carries it (one query key): the adults as `guests`, the others only when there are any, so a party of
 * adults alone asks what it always asked.
 */
export function stayQuoteInput(
  propertyId: number,
  checkIn: string,
  checkOut: string,
  party?: Pick<TParty, 'adults' | 'children' | 'infants' | 'pets'>,
): {
  propertyId: number;
  checkIn: string;
  checkOut: string;
  guests?: number;
  children?: number;
  infants?: number;
  pets?: number;
} {
  return {
    propertyId,
    checkIn,
    checkOut,
    ...(party === undefined ? {} : { guests: party.adults }),
    ...(party?.children ? { children: party.children } : {}),
    ...(party?.infants ? { infants: party.infants } : {}),
    ...(party?.pets ? { pets: party.pets } : {}),
  };
}

/** The guests who count towards capacity and per-person charges. */
export const countedGuests = (party: Pick<TParty, 'adults' | 'children'>) => party.adults + party.children;

/** A party as a booking row keeps it: the counted guests (adults and children), then each kind apart. */
export const partyColumns = (party: TParty) => ({
  guests: countedGuests(party),
  children: party.children,
  infants: party.infants,
  pets: party.pets,
});

export interface TQuote {
  /** The average price per night, rounded to the cent; the home's price when every night costs the same. */
  nightlyPrice: number;
  nights: number;
  subtotal: number;
  taxRate: number;
  tax: number;
  total: number;
  /** Each night's price, from check-in on. */
  nightly: TNightPrice[];
  /** Every line after the nights, in the order they apply (docs/money.md); the GST is one of them. */
  lines: TQuoteLine[];
}

/**
 * A home's price rules (docs/features.md#operator-calendar), every price in minor units. A home with none
 * prices every night at its own price.
 */
export interface TPriceRules {
  basePrice: number;
  /** Friday and Saturday nights, outside seasons. */
  weekendPrice: number | null;
  /** Half-open date ranges [startDate, endDate) of nights; they never overlap. */
  seasons: { startDate: string; endDate: string; nightlyPrice: number }[];
  /** Fees, discounts and taxes; absent or null: none. */
  pricing?: THomePricing | null;
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

/** What a quote needs besides the nights: who stays, and the day it is booked (for last-minute and early-bird). */
export interface TQuoteContext {
  party?: TParty;
  /** The day the stay is booked; without it neither booking-window discount applies. */
  bookedOn?: string;
}

/**
 * The price of a stay in the documented order (docs/money.md): the nights; a length-of-stay discount
 * (monthly from 28 nights, else weekly from 7) on them; a booking-window discount (last-minute, else
 * early-bird) on what is left; the fees; the GST on the discounted nights and the fees; and the tourist
 * tax, outside the GST. Every amount is integer minor units (cents); each percentage line is rounded once,
 * to the cent, by `percentOf` (docs/money.md#rounding), and the total is the exact sum of the lines.
 */
export function quoteNights(
  nightly: TNightPrice[],
  taxRatePercent: number,
  basePrice: number,
  pricing: THomePricing | null = null,
  context: TQuoteContext = {},
): TQuote {
  const nights = nightly.length;
  const subtotal = nightly.reduce((sum, n) => sum + n.price, 0);
  const lines: TQuoteLine[] = [];
  let nightsDue = subtotal;
  const r = pricing ?? NO_PRICING;
  const discount = (kind: TLineKind, label: string, percent: number) => {
    const amount = percentOf(nightsDue, percent);
    if (amount <= 0) return;
    lines.push({ kind, label: `${label} (${percent}%)`, amount: -amount });
    nightsDue -= amount;
  };
  if (r.monthlyDiscount && nights >= 28) discount('monthlyDiscount', 'Monthly discount', r.monthlyDiscount);
  else if (r.weeklyDiscount && nights >= 7) discount('weeklyDiscount', 'Weekly discount', r.weeklyDiscount);
  const first = nightly[0];
  if (first && context.bookedOn) {
    const ahead = daysBetween(context.bookedOn, first.date);
    if (r.lastMinuteDiscount && r.lastMinuteDays !== null && ahead <= r.lastMinuteDays)
      discount('lastMinuteDiscount', 'Last-minute discount', r.lastMinuteDiscount);
    else if (r.earlyBirdDiscount && r.earlyBirdDays !== null && ahead >= r.earlyBirdDays)
      discount('earlyBirdDiscount', 'Early-bird discount', r.earlyBirdDiscount);
  }
  let fees = 0;
  const fee = (kind: TLineKind, label: string, amount: number) => {
    if (amount <= 0) return;
    lines.push({ kind, label, amount });
    fees += amount;
  };
  const party = context.party;
  const people = party ? countedGuests(party) : 0;
  if (nights > 0) {
    if (r.cleaningFee) fee('cleaningFee', 'Cleaning fee', r.cleaningFee);
    const extra = r.extraGuestsAbove === null ? 0 : Math.max(0, people - r.extraGuestsAbove);
    if (r.extraGuestFee && extra > 0)
      fee(
        'extraGuestFee',
        `Extra guest fee (${plural(extra, 'guest')} × ${plural(nights, 'night')})`,
        r.extraGuestFee * extra * nights,
      );
    if (r.petFee && party && party.pets > 0) fee('petFee', 'Pet fee', r.petFee);
  }
  const tax = percentOf(nightsDue + fees, taxRatePercent);
  lines.push({ kind: 'gst', label: `GST (${taxRatePercent}%)`, amount: tax });
  if (nights > 0 && r.touristTaxPerPerson && people > 0)
    lines.push({
      kind: 'touristTax',
      label: `Tourist tax (${plural(people, 'guest')} × ${plural(nights, 'night')})`,
      amount: r.touristTaxPerPerson * people * nights,
    });
  else if (nights > 0 && r.touristTaxPercent) {
    const amount = percentOf(nightsDue, r.touristTaxPercent);
    if (amount > 0)
      lines.push({ kind: 'touristTax', label: `Tourist tax (${r.touristTaxPercent}%)`, amount });
  }
  return {
    nightlyPrice: nights > 0 ? shareOf(subtotal, 1, nights) : basePrice,
    nights,
    subtotal,
    taxRate: taxRatePercent,
    tax,
    total: subtotal + lines.reduce((sum, l) => sum + l.amount, 0),
    nightly,
    lines,
  };
}

/**
 * The quote of a stay under a home's rules (docs/money.md); with no rules and no fees, nights × price +
 * GST, exactly as before. Every screen that shows a price (the card, search totals, the booking) calls this.
 */
export function quoteStay(
  rules: TPriceRules | number,
  checkIn: string,
  checkOut: string,
  taxRatePercent: number,
  context: TQuoteContext = {},
): TQuote {
  const r = typeof rules === 'number' ? flatRules(rules) : rules;
  return quoteNights(
    priceNights(r, checkIn, checkOut),
    taxRatePercent,
    r.basePrice,
    r.pricing ?? null,
    context,
  );
}

/**
 * The lines after a booking's nights as its snapshot keeps them; a booking made before lines were kept
 * has its GST alone.
 */
export function bookedLines(b: {
  taxRate: number;
  taxAmount: number;
  priceLines?: readonly TQuoteLine[] | null | undefined;
}): TQuoteLine[] {
  if (b.priceLines && b.priceLines.length > 0) return [...b.priceLines];
  return [{ kind: 'gst', label: `GST (${b.taxRate}%)`, amount: b.taxAmount }];
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
