import { rest, fileRoute } from '../route-meta.ts';

/**
 * The REST routes of the procedures of `bookings-admin.ts`, keyed as they are: method, path, and the words of the
 * OpenAPI document (docs/rest-contract.md#words).
 */
export const routes = {
  list: rest.get(
    '/bookings',
    'Every booking, newest first (admin)',
    'The plain list the spec documents. ?page=2&pageSize=100 answers one page of it; GET /bookings/page also gives the total.',
  ),
  page: rest.get(
    '/bookings/page',
    'One page of bookings with the total, newest first (admin)',
    'Answers { items, total, page, pageSize }; pageSize defaults to 50, at most 200. q searches guest name, e-mail and confirmation number; status, propertyId and from/to (stay dates, inclusive) filter; sort and dir order (newest first by default).',
  ),
  detail: rest.get(
    '/bookings/{id}/detail',
    'One booking with its price snapshot, status history, emails and internal notes (admin)',
    'Everything the back office shows for one booking: the price as it was booked, every status change, the e-mails sent about it and the internal notes.',
  ),
  updateStatus: rest.put(
    '/bookings/{id}/status',
    "Set a booking's status (admin); re-confirming a cancelled booking whose dates were taken answers 409",
    "Sets pending, confirmed or cancelled by hand; the change is recorded in the booking's history. Accepting or declining a request to book has its own operations.",
  ),
  bulkStatus: rest.post(
    '/bookings/bulk-status',
    'Confirm or cancel several bookings at once (admin): all change or none',
    'Confirms or cancels a set of bookings in one transaction: if any of them cannot take the status, none changes.',
  ),
  addNote: rest.post(
    '/bookings/{id}/notes',
    'Add an internal note to a booking (admin; never shown to the guest)',
    'Stores a note on the booking for the team; it appears in the booking detail and is never shown or sent to the guest.',
  ),
  export: rest.get(
    '/bookings/export',
    'The filtered bookings as CSV inside JSON (admin); GET /api/bookings/export.csv downloads the file',
    'The bookings that match the same filters as the bookings table, as CSV text inside a JSON answer.',
  ),
  exportCsv: fileRoute(
    rest.get(
      '/bookings/export.csv',
      'The filtered bookings as a CSV file (admin)',
      'The same filters, rules and errors as GET /bookings/export; the CSV goes out as a file.',
    ),
    'text/csv',
  ),
};
