import { defined, readInt, readIsoDate, readOneOf } from './url-search.ts';

/**
 * The checkout page's state lives in its URL (docs/checkout.md): `/book/{id}?checkIn=…&checkOut=…&adults=…`
 * `&children=…&infants=…&pets=…&pay=…`, so a reload, a shared link and Back keep it. Read with the plain
 * readers of url-search.ts (the router parses search in the entry chunk, so this module holds the reader
 * alone: the rest of the checkout's rules are in checkout.ts, loaded with the page); the server checks the
 * booking itself with ZBookingCreateInput.
 */

/**
 * How the guest chooses to pay: by card the whole amount or the deposit now (Stripe Checkout right after
 * booking), or by bank transfer or on arrival (the booking is made, nothing is charged on the page).
 */
export const PAY_CHOICES = ['full', 'deposit', 'bank_transfer', 'pay_on_arrival'] as const;
export type TPayChoice = (typeof PAY_CHOICES)[number];

// A type, not an interface: the checkout reads it back as a plain record (parseCheckoutSearch).
export type TCheckoutSearch = {
  checkIn?: string;
  checkOut?: string;
  adults?: number;
  children?: number;
  infants?: number;
  pets?: number;
  pay?: TPayChoice;
};

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
