import { z } from 'zod';
import { ZLoginInput, ZLogoutInput, ZLogoutResult, ZRegisterInput, ZUser } from '#shared/schemas/auth.ts';
import { currentUser, login, logout, register } from '../services/auth/accounts.ts';
import { authedProcedure, publicProcedure, router } from '../trpc.ts';
import { rest } from '../route-meta.ts';

/** The REST route of each procedure below: its method, path and the words of the OpenAPI document. */
const routes = {
  me: rest.get(
    '/auth/me',
    'The signed-in user (401 when signed out)',
    'Answers the account behind the session cookie, or 401 when there is no valid session.',
  ),
  login: rest.post(
    '/auth/login',
    'Sign in; starts a new session (rate-limited)',
    'Checks the username and password and sets a fresh session cookie. Repeated failures are refused with 429 for a while.',
  ),
  register: rest.post(
    '/auth/register',
    'Create an account and sign in',
    'Creates a guest account from a username, e-mail and password, and sets its session cookie. A username or e-mail already taken answers 409.',
  ),
  logout: rest.post(
    '/auth/logout',
    'End the current session',
    'Ends the session behind the cookie, if any, and clears the cookie.',
  ),
};

export const authRouter = router({
  me: authedProcedure
    .meta(routes.me)
    .input(z.void())
    .output(ZUser)
    .query(({ ctx }) => currentUser(ctx.actingUser)),
  login: publicProcedure
    .meta(routes.login)
    .input(ZLoginInput)
    .output(ZUser)
    .mutation(({ ctx, input }) => login(ctx.em, input, ctx)),
  register: publicProcedure
    .meta(routes.register)
    .input(ZRegisterInput)
    .output(ZUser)
    .mutation(({ ctx, input }) => register(ctx.em, input, ctx)),
  logout: publicProcedure
    .meta(routes.logout)
    .input(ZLogoutInput)
    .output(ZLogoutResult)
    .mutation(({ ctx }) => logout(ctx.em, ctx)),
});
