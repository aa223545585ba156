import { rest, idempotentRoute } from '../route-meta.ts';

/**
 * The REST routes of the procedures of `bookings.ts`, keyed as they are: method, path, and the words of the
 * OpenAPI document (docs/rest-contract.md#words).
 */
export const routes = {
  create: idempotentRoute(
    rest.post(
      '/bookings',
      'Book a stay (guest or signed in); the server sets the user and the price',
      'The answer carries manageToken: the booking is managed at /manage/{manageToken}. With an Idempotency-Key, a repeat answers with the same booking and books nothing.',
    ),
  ),
  quote: rest.get(
    '/bookings/quote',
    'The price of a stay',
    'The nightly prices, fees, discounts, tax and total for a home, dates and party, computed as a booking would be. Nothing is reserved.',
  ),
  availability: rest.get(
    '/properties/{id}/availability',
    "A property's booked date ranges (check-out day free), from today on",
    'The ranges already taken by bookings, blocks and imported events, from today on, for a date picker. A check-out day is free for the next check-in.',
  ),
  stayRules: rest.get(
    '/properties/{id}/stay-rules',
    "A property's minimum and maximum nights and advance-booking days",
    'The rules a booking of this home must meet: fewest and most nights and how far ahead it may be booked.',
  ),
  mine: rest.get(
    '/bookings/mine',
    "The signed-in user's bookings",
    'The bookings of the signed-in guest, each with its home, dates, status and total.',
  ),
};
