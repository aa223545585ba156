import { rest } from '../route-meta.ts';

/**
 * The REST routes of the procedures of `operator-bookings.ts`, keyed as they are: method, path, and the words of the
 * OpenAPI document (docs/rest-contract.md#words).
 */
export const routes = {
  createByOperator: rest.post(
    '/admin/bookings',
    "Enter a phone, walk-in or owner's booking (admin): confirmed at once; the quote's price, or totalPrice with overrideReason",
    'Records a booking the operator took outside the site. It is confirmed at once at the quoted price, unless totalPrice is sent with a reason for the override.',
  ),
  change: rest.patch(
    '/admin/bookings/{id}',
    "Change a booking's dates, home or guests (admin): re-quoted, 409 naming the booking that holds the new dates; dryRun answers without saving",
    'Moves a booking to other dates or another home, or changes its party. The price is quoted again; dryRun shows the new price without saving. Dates held by another booking answer 409.',
  ),
  changeRequests: rest.get(
    '/admin/bookings/{id}/change-requests',
    "A booking's change requests from its guest, newest first (admin; the latest 20)",
    'The changes a guest asked for on this booking through the manage link, each with its status and the answer given.',
  ),
  acceptChange: rest.post(
    '/admin/bookings/{id}/change-requests/{requestId}/accept',
    "Accept a guest's change request (admin): applied as PATCH /admin/bookings/{id} would",
    'Applies the dates or party the guest asked for, re-quoted, and e-mails the guest. Dates no longer free answer 409.',
  ),
  declineChange: rest.post(
    '/admin/bookings/{id}/change-requests/{requestId}/decline',
    "Decline a guest's change request (admin); the guest is e-mailed",
    "Closes the guest's change request without changing the booking, and e-mails the guest the answer.",
  ),
  requestChange: rest.post(
    '/bookings/manage/{token}/change-request',
    'Ask for other dates or guests by the manage link; the operator accepts or declines (rate-limited)',
    'The guest proposes new dates or a new party for the booking. Nothing changes until the operator accepts; the guest sees the answer on the manage link.',
  ),
  myChangeRequest: rest.get(
    '/bookings/manage/{token}/change-request',
    "The booking's latest change request and its answer, by the manage link",
    "The latest change the guest asked for on this booking, with its status and, once answered, the operator's decision.",
  ),
};
