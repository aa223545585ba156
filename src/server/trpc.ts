import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { TContext } from './context.ts';
import { AppError, applyErrorHeaders, toAppError, toTRPCError } from './errors.ts';
import { log } from './logger.ts';

const t = initTRPC
  .context<TContext>()
  .meta<OpenApiMeta>()
  .create({
    transformer: superjson,
    errorFormatter({ shape, error }) {
      const app = error.cause instanceof AppError ? error.cause : undefined;
      return {
        message: error.code === 'INTERNAL_SERVER_ERROR' ? 'Internal server error' : shape.message,
        code: shape.code,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          issues: app?.issues,
          details: app?.details,
        },
        ...(app?.issues ? { issues: app.issues } : {}),
        ...(app?.details ? { details: app.details } : {}),
      };
    },
  });

/**
 * Maps whatever a procedure (or its input parser) throws through the error table, so every transport
 * answers with the same status and a readable message, and a bug becomes a logged 500 without a stack.
 */
const errorMapping = t.middleware(async ({ next, path, ctx }) => {
  const result = await next();
  if (result.ok) return result;
  const { error } = result;
  const app = toAppError(error.cause ?? error, { inputError: error.code === 'BAD_REQUEST' });
  if (app) {
    applyErrorHeaders(ctx.res, app);
    throw toTRPCError(app);
  }
  if (error.code !== 'INTERNAL_SERVER_ERROR') return result;
  log.error('unexpected error', {
    path,
    err: String(error.cause ?? error),
    stack: error.cause?.stack,
  });
  throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error' });
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const mergeRouters = t.mergeRouters;

export const publicProcedure = t.procedure.use(errorMapping);

/** Signed in (or acting as the demo admin); `ctx.actingUser` is non-null below this. */
export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.actingUser) throw new AppError('UNAUTHORIZED', 'Authentication required');
  return next({ ctx: { ...ctx, actingUser: ctx.actingUser } });
});

/** An admin session, or the explicit demo mode (docs/decisions.md#demo-admin), resolved in the context. */
export const adminProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.actingUser) throw new AppError('UNAUTHORIZED', 'Authentication required');
  if (!ctx.actingUser.isAdmin)
    throw new AppError('FORBIDDEN', "You don't have permission to access the admin area");
  return next({ ctx: { ...ctx, actingUser: ctx.actingUser } });
});
