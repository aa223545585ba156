import { rest } from '../route-meta.ts';

/**
 * The REST routes of the procedures of `manage.ts`, keyed as they are: method, path, and the words of the
 * OpenAPI document (docs/rest-contract.md#words).
 */
export const routes = {
  manage: rest.get(
    '/bookings/manage/{token}',
    'A booking by its manage link (404 for an unknown or expired token)',
    "The booking behind a private manage link: its home, dates, party, price and status, for the guest's manage page.",
  ),
  manageCancel: rest.post(
    '/bookings/manage/{token}/cancel',
    "Cancel a booking by its manage link, until its cancellation policy's deadline",
    'Cancels the booking while its cancellation policy allows it. Past the free window, acceptedFee must be the late fee the guest was shown; without it, or with another amount, the cancel is refused with the current fee.',
  ),
  manageReview: rest.post(
    '/bookings/manage/{token}/review',
    'Review a completed stay once, by its manage link',
    'Leaves a rating and comment on the stayed-in home once the stay is over. A second review of the same stay is refused.',
  ),
  manageClaim: rest.post(
    '/bookings/manage/{token}/claim',
    "Add a booking made while signed out, with the account's e-mail, to the account",
    "Attaches a booking made while signed out to the signed-in account, when the booking's e-mail is the account's. It then appears under the account's bookings.",
  ),
  lookup: rest.post(
    '/bookings/lookup',
    'Find my booking: e-mails the manage link when the confirmation number and e-mail match (always the same answer; rate-limited)',
    'For a guest who lost the link: when the confirmation number and e-mail match a booking, its manage link is e-mailed. The answer never says whether they matched.',
  ),
  mineDetail: rest.get(
    '/bookings/mine/{id}',
    "One of the signed-in user's bookings",
    "One booking of the signed-in guest, as the manage link shows it. Another guest's booking answers 404.",
  ),
  cancelMine: rest.post(
    '/bookings/mine/{id}/cancel',
    "Cancel one of the signed-in user's bookings, until its policy's deadline",
    'Cancels a booking of the signed-in guest while its cancellation policy allows it, with the same late-fee rule as the manage link.',
  ),
  reviewMine: rest.post(
    '/bookings/mine/{id}/review',
    "Review one of the signed-in user's completed stays, once",
    'Leaves a rating and comment on a completed stay of the signed-in guest. A stay can be reviewed once.',
  ),
};
