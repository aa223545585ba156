import { rest, fileRoute, idempotentRoute } from '../route-meta.ts';

/**
 * The REST routes of the procedures of `owners.ts`, keyed as they are: method, path, and the words of the
 * OpenAPI document (docs/rest-contract.md#words).
 */
export const routes = {
  list: rest.get(
    '/admin/owners',
    "The team's owners, with how many homes each owns (a manager: the owners of their homes)",
    'The accounts with the owner role and how many homes each owns. A manager sees the owners of their own homes.',
  ),
  homeOwner: rest.get(
    '/admin/properties/{id}/owner',
    "A home's owner and the commission on its stays",
    'Who owns a home and the commission the operator keeps on its stays.',
  ),
  statement: rest.get(
    '/admin/owners/{id}/statements',
    "An owner's statement for a month: the published document, or the draft (stays checked out in it, adjustments from published months, expenses, payouts, commission and the owner's net); an owner reads only their own",
    "An owner's statement of one month: once published, the document as published; before, a draft from the stays checked out in it, expenses, payouts and commission.",
  ),
  statementPdf: fileRoute(
    rest.get(
      '/admin/owners/{id}/statements.pdf',
      "An owner's statement for a month as a PDF",
      'The same statement as GET /admin/owners/{id}/statements; an owner reads only their own.',
    ),
    'application/pdf',
  ),
  statementCsv: fileRoute(
    rest.get(
      '/admin/owners/{id}/statements.csv',
      "An owner's statement for a month as a CSV file",
      'The same statement as GET /admin/owners/{id}/statements, in currency units.',
    ),
    'text/csv',
  ),
  publish: rest.post(
    '/admin/owners/{id}/statements/publish',
    "Publish the month's statement: number it, lock its figures and e-mail the owner (owner-operator); a month is published once",
    "Numbers the month's statement, locks its figures and e-mails it to the owner. A month is published only once.",
  ),
  statements: rest.get(
    '/admin/owners/{id}/statement-months',
    "An owner's statements of a year, month by month: draft or published, with the number and owner's net once published",
    "The twelve months of a year for one owner, each a draft or published, with the number and the owner's net once published.",
  ),
  expenses: rest.get(
    '/admin/owners/{id}/expenses',
    "The expenses on an owner's homes in a month (a manager: their homes')",
    "The expenses recorded on an owner's homes for one month, each with its home, date and amount.",
  ),
  createExpense: idempotentRoute(
    rest.post(
      '/admin/properties/{id}/expenses',
      "Record an expense on a home, for its owner's statement of the month of its date (refused once that month is published)",
      'With an Idempotency-Key, a repeat answers with the same expense and records nothing.',
    ),
  ),
  deleteExpense: rest.delete(
    '/admin/expenses/{id}',
    'Delete an expense while its month is unpublished',
    'Removes an expense whose month has not been published; a published month is locked.',
  ),
  payouts: rest.get(
    '/admin/owners/{id}/payouts',
    'The payouts to an owner in a month (owner-operator)',
    'The money paid out to an owner in one month, payout by payout.',
  ),
  createPayout: idempotentRoute(
    rest.post(
      '/admin/owners/{id}/payouts',
      'Record a payout to an owner, set against the statement of the month of its date (owner-operator; refused once that month is published)',
      'With an Idempotency-Key, a repeat answers with the same payout and records nothing.',
    ),
  ),
  deletePayout: rest.delete(
    '/admin/payouts/{id}',
    'Delete a payout while its month is unpublished (owner-operator)',
    'Removes a payout whose month has not been published; a published month is locked.',
  ),
  setHomeOwner: rest.put(
    '/admin/properties/{id}/owner',
    "Set or clear a home's owner and the commission on its stays (owner-operator)",
    'Sets the owner of a home and the commission kept on its stays, or clears them. Statements of months already published do not change.',
  ),
};
