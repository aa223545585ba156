import { rest } from '../route-meta.ts';

/**
 * The REST routes of the procedures of `booking-requests.ts`, keyed as they are: method, path, and the words of the
 * OpenAPI document (docs/rest-contract.md#words).
 */
export const routes = {
  accept: rest.post(
    '/admin/bookings/{id}/accept',
    'Accept a request to book (admin): it is confirmed and the guest is e-mailed',
    'Only a booking whose status is requested can be accepted; anything else answers 409.',
  ),
  decline: rest.post(
    '/admin/bookings/{id}/decline',
    'Decline a request to book (admin): its dates are free again and the guest is e-mailed',
    'Only a booking whose status is requested can be declined; anything else answers 409. The body carries the reason (1 to 500 characters, required), which the guest reads in the e-mail.',
  ),
};
