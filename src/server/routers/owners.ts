import {
  ZHomeOwner,
  ZHomeOwnerInput,
  ZHomeOwnerQuery,
  ZOwnerList,
  ZOwnerListInput,
  ZPublishResult,
  ZStatement,
  ZStatementInput,
} from '#shared/schemas/owners.ts';
import {
  getHomeOwner,
  listOwners,
  ownerStatement,
  publishStatement,
  setHomeOwner,
} from '../services/owners/statements.ts';
import { adminProcedure, operatorProcedure, router, statementsProcedure } from '../trpc.ts';

/** Home owners and their monthly statements (docs/owner-statements.md). */
export const ownersRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/owners',
        tags: ['owners'],
        summary: "The team's owners, with how many homes each owns (a manager: the owners of their homes)",
      },
    })
    .input(ZOwnerListInput)
    .output(ZOwnerList)
    .query(({ ctx, input }) => listOwners(ctx.em, input, ctx.staff)),

  homeOwner: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/properties/{id}/owner',
        tags: ['owners'],
        summary: "A home's owner and the commission on its stays",
      },
    })
    .input(ZHomeOwnerQuery)
    .output(ZHomeOwner)
    .query(({ ctx, input }) => getHomeOwner(ctx.em, input.id)),

  statement: statementsProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/owners/{id}/statements',
        tags: ['owners'],
        summary:
          "An owner's statement for a month: stays checked out in it, with nights, gross, fees, taxes, commission and net (an owner reads only their own)",
      },
    })
    .input(ZStatementInput)
    .output(ZStatement)
    .query(({ ctx, input }) => ownerStatement(ctx.em, input, ctx.staff, ctx.actingUser.id)),

  publish: operatorProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/owners/{id}/statements/publish',
        tags: ['owners'],
        summary: "E-mail the owner that the month's statement is ready (owner-operator)",
      },
    })
    .input(ZStatementInput)
    .output(ZPublishResult)
    .mutation(({ ctx, input }) => publishStatement(ctx.em, input, ctx.staff, ctx.actingUser)),

  setHomeOwner: operatorProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/properties/{id}/owner',
        tags: ['owners'],
        summary: "Set or clear a home's owner and the commission on its stays (owner-operator)",
      },
    })
    .input(ZHomeOwnerInput)
    .output(ZHomeOwner)
    .mutation(({ ctx, input }) => setHomeOwner(ctx.em, input, ctx.actingUser)),
});
