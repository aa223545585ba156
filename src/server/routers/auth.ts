import { z } from 'zod';
import { ZLoginInput, ZLogoutInput, ZLogoutResult, ZRegisterInput, ZUser } from '#shared/schemas/auth.ts';
import { currentUser, login, logout, register } from '../services/auth/accounts.ts';
import { authedProcedure, publicProcedure, router } from '../trpc.ts';
import { rest } from '../route-meta.ts';

export const authRouter = router({
  me: authedProcedure
    .meta(
      rest.get('/auth/me', {
        summary: 'The signed-in user (401 when signed out)',
        description: 'Answers the account behind the session cookie, or 401 when there is no valid session.',
      }),
    )
    .input(z.void())
    .output(ZUser)
    .query(({ ctx }) => currentUser(ctx.actingUser)),
  login: publicProcedure
    .meta(
      rest.post('/auth/login', {
        summary: 'Sign in; starts a new session (rate-limited)',
        description:
          'Checks the username and password and sets a fresh session cookie. Repeated failures are refused with 429 for a while.',
      }),
    )
    .input(ZLoginInput)
    .output(ZUser)
    .mutation(({ ctx, input }) => login(ctx.em, input, ctx)),
  register: publicProcedure
    .meta(
      rest.post('/auth/register', {
        summary: 'Create an account and sign in',
        description:
          'Creates a guest account from a username, e-mail and password, and sets its session cookie. A username or e-mail already taken answers 409.',
      }),
    )
    .input(ZRegisterInput)
    .output(ZUser)
    .mutation(({ ctx, input }) => register(ctx.em, input, ctx)),
  logout: publicProcedure
    .meta(
      rest.post('/auth/logout', {
        summary: 'End the current session',
        description: 'Ends the session behind the cookie, if any, and clears the cookie.',
      }),
    )
    .input(ZLogoutInput)
    .output(ZLogoutResult)
    .mutation(({ ctx }) => logout(ctx.em, ctx)),
});
