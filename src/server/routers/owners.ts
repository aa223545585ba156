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
import { type TFileRoute, ZFile } from '../route-meta.ts';
import { routes } from './owners.rest.ts';
import {
  adminProcedure,
  idempotent,
  operatorProcedure,
  router,
  statementsProcedure,
  scopedInput,
  idInput,
} from '../trpc.ts';

/** The statement as a file, with the same input, scope and rules as `statement`. */
const statementAs = (format: 'pdf' | 'csv', route: TFileRoute) =>
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
