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
import { rest } from '../route-meta.ts';

/** The REST route of each procedure below: its method, path and the words of the OpenAPI document. */
const routes = {
  updateMe: rest.patch(
    '/auth/me',
    "Change the signed-in user's name and e-mail (the e-mail must be unique)",
    "Saves the account's display name and e-mail. A changed e-mail is announced to the old address with a link that undoes the change.",
  ),
  undoEmailChange: rest.post(
    '/auth/email-change/undo',
    'Undo an e-mail change from the link sent to the old address: the address returns, every session ends, and a new reset link is answered',
    'Takes the token from the link sent to the old address after an e-mail change. The old address is restored, all sessions end, and the answer carries a password-reset link.',
  ),
  changePassword: rest.post(
    '/auth/password',
    'Change the password (needs the current one); every other session ends',
    "Needs the current password. The new one replaces it and every session but the caller's ends.",
  ),
  deleteMe: rest.delete(
    '/auth/me',
    'Delete the account (needs the password): deactivated at once, personal data purged later',
    'Send { "password": "…" } as a JSON body; bookings stay, anonymised.',
  ),
  requestPasswordReset: rest.post(
    '/auth/password-reset/request',
    'Forgot password: e-mails a single-use link valid 1 hour (same answer for any address; rate-limited)',
    'Sends a one-use reset link valid for one hour when the address belongs to an account. The answer is the same either way, so it tells nobody which addresses exist.',
  ),
  confirmPasswordReset: rest.post(
    '/auth/password-reset/confirm',
    'Set a new password from a reset link; signs out every session and signs in',
    'Takes the token from a reset link and a new password. The link is used up, every session of the account ends, and the caller is signed in with a new one.',
  ),
};

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
