import { rest } from '../route-meta.ts';

/**
 * The REST routes of the procedures of `pricing.ts`, keyed as they are: method, path, and the words of the
 * OpenAPI document (docs/rest-contract.md#words).
 */
export const routes = {
  get: rest.get(
    '/properties/{id}/pricing',
    "A home's fees, discounts, tourist tax and check-in rules (each null when not set)",
    'The extras on top of the nightly price of a home: cleaning and other fees, length-of-stay discounts, tourist tax, and check-in and check-out rules. A rule not set is null.',
  ),
  update: rest.put(
    '/properties/{id}/pricing',
    "Replace a home's fees, discounts, tourist tax and check-in rules; a rule left out is none (admin)",
    'Replaces all the fees, discounts, tax and check-in rules of a home at once. New quotes use them; bookings already made keep the price they were booked at.',
  ),
};
