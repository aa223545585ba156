import { z } from 'zod';
import { ZLoginInput, ZLogoutInput, ZLogoutResult, ZRegisterInput, ZUser } from '#shared/schemas/auth.ts';
import { currentUser, login, logout, register } from '../services/auth/accounts.ts';
import { authedProcedure, publicProcedure, router } from '../trpc.ts';
import { routes } from './auth.rest.ts';

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
