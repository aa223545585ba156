import { ZIdParam, ZOk } from '#shared/schemas/common.ts';
import {
  ZExpenseInput,
  ZExpenseList,
  ZHomeOwner,
  ZHomeOwnerInput,
  ZHomeOwnerQuery,
  ZOwnerList,
  ZOwnerListInput,
  ZOwnerMonthInput,
  ZPayoutInput,
  ZPayoutList,
  ZPublishResult,
  ZStatement,
  ZStatementExpense,
  ZStatementInput,
  ZStatementList,
  ZStatementListInput,
  ZStatementPayout,
} from '#shared/schemas/owners.ts';
import {
  createExpense,
  createPayout,
  deleteExpense,
  deletePayout,
  listExpenses,
  listPayouts,
} from '../services/owners/entries.ts';
import { listStatements, ownerStatement, publishStatement } from '../services/owners/monthly-statement.ts';
import { statementFile } from '../services/owners/statement-file.ts';
import { getHomeOwner, listOwners, setHomeOwner } from '../services/owners/statements.ts';
import { fileRoute, idempotentRoute, ZFile, rest } from '../route-meta.ts';
import {
  adminProcedure,
  idempotent,
  operatorProcedure,
  router,
  statementsProcedure,
  scopedInput,
  idInput,
} from '../trpc.ts';

/** The REST route of each procedure below: its method, path and the words of the OpenAPI document. */
const routes = {
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

/** The statement as a file, with the same input, scope and rules as `statement`. */
const statementAs = (format: 'pdf' | 'csv', route: ReturnType<typeof fileRoute>) =>
  statementsProcedure
    .meta(route)
    .concat(scopedInput(ZStatementInput, { id: 'owner' }))
    .output(ZFile)
    .query(async ({ ctx, input }) =>
      statementFile(ctx.em, await ownerStatement(ctx.em, input, ctx.staff, ctx.actingUser.id), format),
    );

/** Home owners and their monthly statements (docs/owner-statements.md). */
export const ownersRouter = router({
  list: adminProcedure
    .meta(routes.list)
    .concat(scopedInput(ZOwnerListInput, 'list'))
    .output(ZOwnerList)
    .query(({ ctx, input }) => listOwners(ctx.em, input, ctx.staff)),

  homeOwner: adminProcedure
    .meta(routes.homeOwner)
    .concat(scopedInput(ZHomeOwnerQuery, { id: 'property' }))
    .output(ZHomeOwner)
    .query(({ ctx, input }) => getHomeOwner(ctx.em, input.id)),

  statement: statementsProcedure
    .meta(routes.statement)
    .concat(scopedInput(ZStatementInput, { id: 'owner' }))
    .output(ZStatement)
    .query(({ ctx, input }) => ownerStatement(ctx.em, input, ctx.staff, ctx.actingUser.id)),

  statementPdf: statementAs('pdf', routes.statementPdf),

  statementCsv: statementAs('csv', routes.statementCsv),

  publish: operatorProcedure
    .meta(routes.publish)
    .input(ZStatementInput)
    .output(ZPublishResult)
    .mutation(({ ctx, input }) => publishStatement(ctx.em, input, ctx.actingUser)),

  statements: statementsProcedure
    .meta(routes.statements)
    .concat(scopedInput(ZStatementListInput, { id: 'owner' }))
    .output(ZStatementList)
    .query(({ ctx, input }) => listStatements(ctx.em, input, ctx.staff, ctx.actingUser.id)),

  expenses: statementsProcedure
    .meta(routes.expenses)
    .concat(scopedInput(ZOwnerMonthInput, { id: 'owner' }))
    .output(ZExpenseList)
    .query(({ ctx, input }) => listExpenses(ctx.em, input, ctx.staff, ctx.actingUser.id)),

  createExpense: adminProcedure
    .meta(routes.createExpense)
    .concat(scopedInput(ZExpenseInput, { id: 'property' }))
    .output(ZStatementExpense)
    .use(idempotent)
    .mutation(({ ctx, input }) => createExpense(ctx.em, input, ctx.actingUser)),

  deleteExpense: adminProcedure
    .meta(routes.deleteExpense)
    .concat(idInput('expense'))
    .output(ZOk)
    .mutation(({ ctx, input }) => deleteExpense(ctx.em, input.id, ctx.actingUser)),

  payouts: operatorProcedure
    .meta(routes.payouts)
    .input(ZOwnerMonthInput)
    .output(ZPayoutList)
    .query(({ ctx, input }) => listPayouts(ctx.em, input)),

  createPayout: operatorProcedure
    .meta(routes.createPayout)
    .input(ZPayoutInput)
    .output(ZStatementPayout)
    .use(idempotent)
    .mutation(({ ctx, input }) => createPayout(ctx.em, input, ctx.actingUser)),

  deletePayout: operatorProcedure
    .meta(routes.deletePayout)
    .input(ZIdParam)
    .output(ZOk)
    .mutation(({ ctx, input }) => deletePayout(ctx.em, input.id, ctx.actingUser)),

  setHomeOwner: operatorProcedure
    .meta(routes.setHomeOwner)
    .input(ZHomeOwnerInput)
    .output(ZHomeOwner)
    .mutation(({ ctx, input }) => setHomeOwner(ctx.em, input, ctx.actingUser)),
});
