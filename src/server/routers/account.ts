import {
  ZAccountDelete,
  ZEmailChangeUndo,
  ZEmailChangeUndone,
  ZPasswordChange,
  ZProfileUpdate,
  ZResetConfirm,
  ZResetRequest,
} from '#shared/schemas/account.ts';
import { ZUser } from '#shared/schemas/auth.ts';
import { ZOk } from '#shared/schemas/common.ts';
import {
  changePassword,
  deleteAccount,
  undoEmailChange,
  updateProfile,
} from '../services/auth/account-settings.ts';
import { atEvenPace, LOOKUP_ANSWER_FLOOR_MS } from '../services/auth/even-pace.ts';
import { confirmPasswordReset, requestPasswordReset, resetPath } from '../services/auth/password-reset.ts';
import { emailPasswordReset } from '../services/email/guest-emails.ts';
import { ZMessageResult } from '#shared/schemas/manage.ts';
import { authedProcedure, publicProcedure, router } from '../trpc.ts';
import { routes } from './account.rest.ts';

/** Account settings and password reset; merged into the `auth` router. */
export const accountRouter = router({
  updateMe: authedProcedure
    .meta(routes.updateMe)
    .input(ZProfileUpdate)
    .output(ZUser)
    .mutation(({ ctx, input }) => updateProfile(ctx.em, ctx.actingUser, input, ctx)),

  undoEmailChange: publicProcedure
    .meta(routes.undoEmailChange)
    .input(ZEmailChangeUndo)
    .output(ZEmailChangeUndone)
    .mutation(({ ctx, input }) => undoEmailChange(ctx.em, input)),

  changePassword: authedProcedure
    .meta(routes.changePassword)
    .input(ZPasswordChange)
    .output(ZOk)
    .mutation(({ ctx, input }) => changePassword(ctx.em, ctx.actingUser, input, ctx)),

  deleteMe: authedProcedure
    .meta(routes.deleteMe)
    .input(ZAccountDelete)
    .output(ZOk)
    .mutation(({ ctx, input }) => deleteAccount(ctx.em, ctx.actingUser, input, ctx)),

  requestPasswordReset: publicProcedure
    .meta(routes.requestPasswordReset)
    .input(ZResetRequest)
    .output(ZMessageResult)
    .mutation(({ ctx, input }) =>
      atEvenPace(LOOKUP_ANSWER_FLOOR_MS, () =>
        requestPasswordReset(ctx.em, input, ctx, (tx, to, token) =>
          emailPasswordReset(tx, to, resetPath(token)),
        ),
      ),
    ),

  confirmPasswordReset: publicProcedure
    .meta(routes.confirmPasswordReset)
    .input(ZResetConfirm)
    .output(ZUser)
    .mutation(({ ctx, input }) => confirmPasswordReset(ctx.em, input, ctx)),
});
