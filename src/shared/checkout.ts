import type { TOfferedMethod } from './payments.ts';
import type { TCheckoutSearch, TPayChoice } from './checkout-search.ts';
import { defined } from './url-search.ts';

/** The checkout's rules beyond reading its URL (docs/checkout.md). */

export {
  PAY_CHOICES,
  parseCheckoutSearch,
  type TCheckoutSearch,
  type TPayChoice,
} from './checkout-search.ts';

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
