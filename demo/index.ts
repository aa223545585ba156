/**
 * The demo catalogue: 70 listings (listings.json) with procedural photos (scenes.ts), reviews and bookings
 * (activity.ts). Everything is planned from a fixed seed, so every fresh database gets the same demo; dates
 * stay relative to the day it is seeded. Nothing here touches the database: src/server/seeders writes it.
 */
import {
  DEMO_GUEST_PASSWORD,
  DEMO_GUESTS,
  planBookings,
  planListedDays,
  planReviews,
  requestToBookHomes,
} from './activity.ts';
import { planListings } from './listings.ts';
import { planConversations } from './messages.ts';
import { planPayments } from './payments.ts';
import { createRandom } from './random.ts';

export {
  DEMO_BOOKED_STAY,
  DEMO_GUEST_PASSWORD,
  DEMO_GUESTS,
  DEMO_REQUEST_TO_BOOK,
  demoGuestEmail,
} from './activity.ts';
export type { TDemoBooking, TDemoGuest, TDemoReview } from './activity.ts';
export type { TDemoListing } from './listings.ts';
export type { TDemoConversation, TDemoMessage } from './messages.ts';
export { DEMO_UNPAID_EXAMPLES, demoLedgerLines, type TDemoMoney } from './payments.ts';
export { sceneSvg, type TScene } from './scenes.ts';

const DEMO_SEED = 20_261_122;

export function planDemo(today: string) {
  const r = createRandom(DEMO_SEED);
  const listings = planListings(r);
  const listedDays = planListedDays(listings, today, r);
  const reviews = planReviews(listings, listedDays, today, r);
  const bookings = planBookings(listings, listedDays, today, r);
  // A stream of its own, so planning payments leaves every listing, review and booking as it was.
  const payments = planPayments(bookings, today, createRandom(DEMO_SEED + 1));
  const conversations = planConversations(bookings, listings, today, createRandom(DEMO_SEED + 2));
  return {
    listings,
    listedDays,
    reviews,
    bookings,
    /** What each booking's guest paid (by index into bookings). */
    payments,
    /** Guests' questions about their stays and before booking, with the operator's answers. */
    conversations,
    /** The listings (by index) that take requests to book; the rest book instantly. */
    requestHomes: requestToBookHomes(listings),
    guests: DEMO_GUESTS,
    guestPassword: DEMO_GUEST_PASSWORD,
  };
}
