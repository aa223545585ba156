import { z } from 'zod';
import { ZLoginInput, ZLogoutInput, ZLogoutResult, ZRegisterInput, ZUser } from '#shared/schemas/auth.ts';
import { currentUser, login, logout, register } from '../services/auth/accounts.ts';
import { authedProcedure, publicProcedure, router } from '../trpc.ts';

export const authRouter = router({
  me: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/auth/me',
        tags: ['auth'],
        summary: 'The signed-in user (401 when signed out)',
        protect: true,
      },
    })
    .input(z.void())
    .output(ZUser)
    .query(({ ctx }) => currentUser(ctx.actingUser)),
  login: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/login',
        tags: ['auth'],
        summary: 'Sign in; starts a new session (rate-limited)',
      },
    })
    .input(ZLoginInput)
    .output(ZUser)
    .mutation(({ ctx, input }) => login(ctx.em, input, ctx)),
  register: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/register',
        tags: ['auth'],
        summary: 'Create an account and sign in',
      },
    })
    .input(ZRegisterInput)
    .output(ZUser)
    .mutation(({ ctx, input }) => register(ctx.em, input, ctx)),
  logout: publicProcedure
    .meta({
      openapi: { method: 'POST', path: '/auth/logout', tags: ['auth'], summary: 'End the current session' },
    })
    .input(ZLogoutInput)
    .output(ZLogoutResult)
    .mutation(({ ctx }) => logout(ctx.em, ctx)),
});
