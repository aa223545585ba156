import { initTRPC, TRPCError } from '@trpc/server';
import type { output, ZodType } from 'zod';
import type { TContext } from './context.ts';
import { BACK_OFFICE_ROLES, staffRoleOf } from '#shared/schemas/staff-role.ts';
import { accessRefusal, type TRouteMeta } from './route-meta.ts';
import { assertCallWithinHomes, type TStaffScope } from './repositories/home-scope.ts';
import { homeScopeOf } from './repositories/staff.ts';
import { AppError, applyErrorHeaders, isRaceLoss, toAppError, toTRPCError } from './errors.ts';
import { log } from './logger.ts';
import {
  abandonIdempotent,
  beginIdempotent,
  finishIdempotent,
  idempotencyKeyOf,
  type TIdempotentCall,
} from './services/idempotency.ts';
import { transformer } from './transformer.ts';
import { scopeMetaOf, type TIdKind, type TScopeOf } from './home-scope-meta.ts';
import { ZIdParam } from '#shared/schemas/common.ts';

/** No input of ours nests deeper than this; a deeper one is refused before validation walks it. */
const MAX_INPUT_DEPTH = 16;

/** Iterative, so a hostile nesting cannot overflow the stack while it is measured. */
function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (v === null || typeof v !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

const t = initTRPC
  .context<TContext>()
  .meta<TRouteMeta>()
  .create({
    transformer,
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

/**
 * Reads the caller's input before any rule sees it: a body that cannot be decoded (a nesting deep enough to
 * overflow the decoder's stack) or is nested past MAX_INPUT_DEPTH is the caller's error, never a 500.
 */
const inputDepthGuard = t.middleware(async ({ getRawInput, next }) => {
  let raw: unknown;
  try {
    raw = await getRawInput();
  } catch (cause) {
    if (cause instanceof TRPCError) throw cause;
    throw new AppError('PARSE', 'Malformed JSON in request body');
  }
  if (nestedDeeperThan(raw, MAX_INPUT_DEPTH))
    throw new AppError(
      'VALIDATION',
      `Request input is nested too deeply (at most ${MAX_INPUT_DEPTH} levels)`,
    );
  return next();
});

/**
 * A procedure whose meta says `idempotent` takes an Idempotency-Key header (docs/resilience.md#idempotency):
 * a repeat answers as the first call did without running it again, and the running call gets
 * `ctx.idempotency`, so a write can store its answer in its own statement (a booking). Without the header
 * the call runs as any other. It is used after the procedure's `.output()`, so the answer it keeps and
 * replays is the resolver's own, in minor units, and the output schema encodes a replay as it did the first
 * answer (the booking's statement can only keep what the resolver has).
 */
export const idempotent = t.middleware(async ({ meta, ctx, path, getRawInput, next }) => {
  if (!meta?.idempotent) return next();
  const key = idempotencyKeyOf(ctx.req?.headers['idempotency-key']);
  if (key === null) return next();
  const start = await beginIdempotent(ctx.em, path, key, await getRawInput());
  if (start.kind === 'replay') {
    // The stored answer stands in for the resolver's; the marker is only a compile-time reminder to return
    // next()'s result.
    return { ok: true, data: start.answer, marker: undefined as never };
  }
  const call: TIdempotentCall = start.call;
  const result = await next({ ctx: { idempotency: call } });
  if (result.ok) await finishIdempotent(ctx.em, call, result.data);
  else await abandonIdempotent(ctx.em, call);
  return result;
});

/** A mutation whose transaction lost a deadlock or serialization race runs again, on a fresh EntityManager. */
const RACE_ATTEMPTS = 3;
const raceRetry = t.middleware(async ({ type, ctx, next }) => {
  if (type !== 'mutation') return next();
  for (let attempt = 1; ; attempt++) {
    // A fresh fork: the failed attempt's entities must not carry its state into the next one.
    const result = await (attempt === 1 ? next() : next({ ctx: { em: ctx.deps.orm.em.fork() } }));
    if (result.ok || attempt >= RACE_ATTEMPTS || !isRaceLoss(result.error)) return result;
  }
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const mergeRouters = t.mergeRouters;

export const publicProcedure = t.procedure
  .meta({ access: 'public' })
  .use(errorMapping)
  .use(inputDepthGuard)
  .use(raceRetry);

/** Signed in (or acting as the demo admin); `ctx.actingUser` is non-null below this. */
export const authedProcedure = publicProcedure.meta({ access: 'authed' }).use(({ ctx, next }) => {
  if (!ctx.actingUser) throw new AppError('UNAUTHORIZED', 'Authentication required');
  return next({ ctx: { ...ctx, actingUser: ctx.actingUser } });
});

export type { TStaffScope };

/**
 * The roles in the procedure's meta decide (accessRefusal, the same rule the HTTP pipeline applies before
 * reading a body); the homes of a manager, housekeeper or owner come along for the data layer's scope.
 */
const staffGuard = t.middleware(async ({ ctx, meta, next, getRawInput }) => {
  const refusal = accessRefusal(meta ?? {}, ctx.actingUser);
  const user = ctx.actingUser;
  const role = user ? staffRoleOf(user) : null;
  if (meta?.unlisted && (refusal || !user || !role)) throw new AppError('NOT_FOUND', 'Not found');
  if (refusal === 'UNAUTHORIZED' || !user) throw new AppError('UNAUTHORIZED', 'Authentication required');
  if (refusal || !role) throw new AppError('FORBIDDEN', "You don't have permission to access the admin area");
  const homes = await homeScopeOf(ctx.em, user);
  // A row of another home answers as an unknown one would (inputDepthGuard has already read the input).
  if (homes) await assertCallWithinHomes(ctx.em, meta?.scope, await getRawInput(), homes, user.id);
  const staff: TStaffScope = { role, homes };
  return next({ ctx: { ...ctx, actingUser: user, staff } });
});

/** The back office: the owner-operator (an admin session, or the demo mode of docs/decisions.md#demo-admin) and managers. */
export const adminProcedure = publicProcedure
  .meta({ access: 'admin', roles: BACK_OFFICE_ROLES })
  .use(staffGuard);

/** What only the owner-operator may change: the team, accounts, settings and payments configuration. */
export const operatorProcedure = publicProcedure
  .meta({ access: 'admin', roles: ['owner-operator'] })
  .use(staffGuard);

/** The back office and housekeepers: turnover tasks. */
export const housekeepingProcedure = publicProcedure
  .meta({ access: 'admin', roles: [...BACK_OFFICE_ROLES, 'housekeeper'] })
  .use(staffGuard);

/** Every staff role: the read-only calendar of one's homes. */
export const teamProcedure = publicProcedure
  .meta({ access: 'admin', roles: [...BACK_OFFICE_ROLES, 'housekeeper', 'owner'] })
  .use(staffGuard);

/** The back office and owners: owner statements (an owner reads only their own). */
export const statementsProcedure = publicProcedure
  .meta({ access: 'admin', roles: [...BACK_OFFICE_ROLES, 'owner'] })
  .use(staffGuard);

/**
 * The input of a procedure open to a role limited to some homes, with what its ids name: used as
 * `.concat(scopedInput(ZBlockInput, { id: 'property' }))` in place of `.input(ZBlockInput)`, so the declaration is
 * checked against the schema's type, and the staff guard reads it from the meta (docs/staff.md#per-home-access).
 */
export function scopedInput<S extends ZodType<object | undefined | void>>(
  schema: S,
  scope: TScopeOf<output<S>>,
) {
  return t.procedure.input(schema).meta({ scope: scopeMetaOf(scope) });
}

/** The input that is only the path's `{ id }`, naming a row of `kind`: `.concat(idInput('booking'))`. */
export const idInput = (kind: TIdKind) => scopedInput(ZIdParam, { id: kind });
