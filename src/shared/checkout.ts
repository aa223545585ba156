import type { TOfferedMethod } from './payments.ts';
import { defined, readInt, readIsoDate, readOneOf } from './url-search.ts';

/**
 * The checkout page's state lives in its URL (docs/checkout.md): `/book/{id}?checkIn=…&checkOut=…&adults=…`
 * `&children=…&infants=…&pets=…&pay=…`, so a reload, a shared link and Back keep it. Read with the plain
 * readers of url-search.ts (the router parses search in the entry chunk); the server checks the booking
 * itself with ZBookingCreateInput.
 */

/**
 * How the guest chooses to pay: by card the whole amount or the deposit now (Stripe Checkout right after
 * booking), or by bank transfer or on arrival (the booking is made, nothing is charged on the page).
 */
export const PAY_CHOICES = ['full', 'deposit', 'bank_transfer', 'pay_on_arrival'] as const;
export type TPayChoice = (typeof PAY_CHOICES)[number];

export interface TCheckoutSearch {
  checkIn?: string;
  checkOut?: string;
  adults?: number;
  children?: number;
  infants?: number;
  pets?: number;
  pay?: TPayChoice;
}

/** The limits of the booking's own fields (ZGuestCount, ZPartyFields). */
export function parseCheckoutSearch(search: Record<string, unknown>): TCheckoutSearch {
  const checkIn = readIsoDate(search.checkIn);
  const checkOut = readIsoDate(search.checkOut);
  const dated = checkIn !== undefined && checkOut !== undefined && checkOut > checkIn;
  return defined<TCheckoutSearch>({
    checkIn: dated ? checkIn : undefined,
    checkOut: dated ? checkOut : undefined,
    adults: readInt(search.adults, 1, 1000),
    children: readInt(search.children, 1, 1000),
    infants: readInt(search.infants, 1, 100),
    pets: readInt(search.pets, 1, 20),
    pay: readOneOf(PAY_CHOICES, search.pay),
  });
}

/** The URL form of a stay and choice: what is zero or unset is left out. */
export function checkoutSearch(state: {
  checkIn: string;
  checkOut: string;
  party: { adults: number; children: number; infants: number; pets: number };
  pay?: TPayChoice | undefined;
}): TCheckoutSearch {
  const { party } = state;
  return defined<TCheckoutSearch>({
    checkIn: state.checkIn,
    checkOut: state.checkOut,
    adults: party.adults,
    children: party.children || undefined,
    infants: party.infants || undefined,
    pets: party.pets || undefined,
    pay: state.pay,
  });
}

/** A card choice: the page goes on to Stripe Checkout once the booking is made. */
export const isCardChoice = (choice: TPayChoice): choice is 'full' | 'deposit' =>
  choice === 'full' || choice === 'deposit';

/**
 * The choices a stay offers, in this order: card in full, card deposit (only when the schedule has a
 * balance after a deposit), bank transfer, on arrival, each only when Settings offers its method (card
 * only while Stripe is configured: the quote's `methods` says so).
 */
export function payChoices(schedule: {
  deposit: number;
  balance: number;
  methods: readonly TOfferedMethod[];
}): TPayChoice[] {
  const out: TPayChoice[] = [];
  if (schedule.methods.includes('card')) {
    out.push('full');
    if (schedule.balance > 0 && schedule.deposit > 0) out.push('deposit');
  }
  if (schedule.methods.includes('bank_transfer')) out.push('bank_transfer');
  if (schedule.methods.includes('pay_on_arrival')) out.push('pay_on_arrival');
  return out;
}

/** The URL's choice when the stay offers it, else the first offered (null when nothing is). */
export function chosenPay(offered: readonly TPayChoice[], asked: TPayChoice | undefined): TPayChoice | null {
  if (asked && offered.includes(asked)) return asked;
  return offered[0] ?? null;
}
