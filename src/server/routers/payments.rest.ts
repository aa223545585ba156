import { rest, fileRoute, idempotentRoute } from '../route-meta.ts';

/**
 * The REST routes of the procedures of `payments.ts`, keyed as they are: method, path, and the words of the
 * OpenAPI document (docs/rest-contract.md#words).
 */
export const routes = {
  settings: rest.get(
    '/settings/payments',
    'The payment schedule (admin)',
    'How guests pay: the deposit taken at booking and when the balance falls due.',
  ),
  updateSettings: rest.put(
    '/settings/payments',
    'Change the payment schedule (admin); bookings made from now on take it',
    'Saves the deposit and balance rules. Bookings made from now on follow them; existing bookings keep their schedule.',
  ),
  booking: rest.get(
    '/admin/bookings/{id}/payments',
    "A booking's payment schedule, ledger and totals (admin)",
    'What a booking owes and has paid: the schedule of due amounts, every payment, refund and adjustment, and the totals and balance due.',
  ),
  record: rest.post(
    '/admin/bookings/{id}/payments',
    'Record a bank transfer, cash or other payment (admin); amounts in cents, never more than the balance due',
    "Records money received outside the site (bank transfer, cash or other) against the booking's balance. More than the balance due is refused.",
  ),
  refund: rest.post(
    '/admin/bookings/{id}/refunds',
    'Refund (admin): by card through Stripe, or record a manual refund made; never more than was paid. goodwill: true credits the booking as much first',
    'Returns money to the guest: by card through Stripe when a card paid, or recorded as a manual refund. More than was paid is refused.',
  ),
  adjust: rest.post(
    '/admin/bookings/{id}/adjustments',
    'Adjust what a booking charges (admin), in cents: negative a credit or discount, positive an extra charge',
    'Adds a credit or an extra charge to what the booking costs, with a reason. The balance due changes by the same amount.',
  ),
  adminInvoicePdf: fileRoute(
    rest.get(
      '/admin/bookings/{id}/invoice.pdf',
      "A booking's invoice as a PDF (admin)",
      'Issued, with its number, on the first download; the same document ever after.',
    ),
    'application/pdf',
  ),
  adminReceiptPdf: fileRoute(
    rest.get(
      '/admin/bookings/{id}/receipt.pdf',
      "A booking's invoice as a PDF (admin), by its older name",
      'The same document as GET /admin/bookings/{id}/invoice.pdf.',
    ),
    'application/pdf',
  ),
  adminInvoiceDocumentPdf: fileRoute(
    rest.get(
      '/admin/bookings/{id}/invoices/{number}.pdf',
      'One issued invoice of a booking by its number, as a PDF (admin)',
      'An extra charge after the first invoice has an invoice of its own.',
    ),
    'application/pdf',
  ),
  adminCreditNotePdf: fileRoute(
    rest.get(
      '/admin/bookings/{id}/credit-notes/{number}.pdf',
      'One credit note of a booking by its number, as a PDF (admin)',
      'Issued for a cancellation or a credit after the invoice.',
    ),
    'application/pdf',
  ),
  manageInvoicePdf: fileRoute(
    rest.get(
      '/bookings/manage/{token}/invoice.pdf',
      "A booking's invoice as a PDF, by its manage link",
      'The guest’s copy: issued, with its number, on the first download by either side, and the same document ever after.',
    ),
    'application/pdf',
  ),
  manageReceiptPdf: fileRoute(
    rest.get(
      '/bookings/manage/{token}/receipt.pdf',
      "A booking's invoice as a PDF by its manage link, by its older name",
      'The same document as GET /bookings/manage/{token}/invoice.pdf.',
    ),
    'application/pdf',
  ),
  manageInvoiceDocumentPdf: fileRoute(
    rest.get(
      '/bookings/manage/{token}/invoices/{number}.pdf',
      'One issued invoice of a booking by its number, as a PDF, by its manage link',
      'The guest’s copy of an extra charge’s own invoice, issued after the first one.',
    ),
    'application/pdf',
  ),
  manageCreditNotePdf: fileRoute(
    rest.get(
      '/bookings/manage/{token}/credit-notes/{number}.pdf',
      'One credit note of a booking by its number, as a PDF, by its manage link',
      'The guest’s copy of a credit note, issued for a cancellation or a credit after the invoice.',
    ),
    'application/pdf',
  ),
  depositClaim: rest.post(
    '/admin/bookings/{id}/damage-deposit/claim',
    'Claim part or all of the damage deposit (admin), in cents, with a reason: a card hold is captured for it and the rest released',
    'Keeps an amount of the damage deposit, at most what is held or was received, for the reason given. It becomes a damage charge and its payment in the ledger; guest and operator are emailed.',
  ),
  depositReceived: rest.post(
    '/admin/bookings/{id}/damage-deposit/received',
    'Record the damage deposit received by hand (admin): bank transfer, cash or other',
    'For a guest without a saved card: the deposit was received outside the site. It is not a payment and is in no total.',
  ),
  depositReturned: rest.post(
    '/admin/bookings/{id}/damage-deposit/returned',
    'Return what is left of the damage deposit (admin): recorded as returned when taken by hand, released now when held on a card',
    'Gives the damage deposit back, less any claim: money received by hand is recorded as returned; a card hold is released at once instead of on its day.',
  ),
  exportCsv: fileRoute(
    rest.get(
      '/admin/payments/export.csv',
      'One view of the Payments page as a CSV file (admin): every row, not one page',
      'The same filters as GET /admin/payments; amounts in currency units, dates in ISO form in the home’s zone, and a currency column.',
    ),
    'text/csv',
  ),
  list: rest.get(
    '/admin/payments',
    'Payments (admin): view=outstanding|overdue|received|refunds_due, method and from/to (received), paged; with the range totals. GET /api/admin/payments/export.csv downloads a view',
    'Payments across all bookings in one of four views: outstanding, overdue, received or refunds due, with totals for the range; paged.',
  ),
  manage: rest.get(
    '/bookings/manage/{token}/payments',
    "A booking's payment schedule, ledger and totals, by its manage link",
    'What the booking owes and has paid, as the guest sees it through the manage link: the schedule, the payments and the balance due.',
  ),
  pay: idempotentRoute(
    rest.post(
      '/bookings/manage/{token}/pay',
      'Pay the deposit, the balance or the full amount: a Stripe Checkout URL for card, else the bank transfer instructions',
      "Starts the guest's payment of what is due now: a Stripe Checkout URL to pay by card, or the bank details and reference for a transfer.",
    ),
  ),
  stripeWebhook: rest.post(
    '/payments/stripe/webhook',
    "Stripe's webhook: signed events (Stripe-Signature), each event id handled once",
    'Called by Stripe, not by clients. The body is checked against the Stripe-Signature header; a completed payment or refund is recorded once however often the event is sent.',
  ),
};
