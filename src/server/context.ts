import type { IncomingMessage, ServerResponse } from 'node:http';
import querystring from 'node:querystring';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { TRPCError } from '@trpc/server';
import { serialize } from 'cookie';
import { applyErrorHeaders, toAppError } from './errors.ts';
import type { TEnv } from './env.ts';
import type { TMediaStore } from './services/media/store.ts';
import { SESSION_COOKIE, validateSessionToken, type TSessionUser } from './services/auth/sessions.ts';
import { User } from './entities/user.entity.ts';
import { clientIp } from './http/client-address.ts';
import type { TIdempotentCall } from './services/idempotency.ts';

/** What the server is built from; one per process. */
export interface TServerDeps {
  orm: MikroORM;
  env: TEnv;
  media: TMediaStore;
}

export interface TCookieJar {
  setSession(token: string, expiresAt: Date): void;
  clearSession(): void;
}

export interface TContext {
  deps: TServerDeps;
  /** A fresh EntityManager for this request only. */
  em: EntityManager;
  /** Whose session cookie came with the call; null for a visitor. Owns what the caller creates (bookings). */
  sessionUser: TSessionUser | null;
  /**
   * Whose rights the call uses: the session user, or in demo mode with directAdmin=true the seeded admin
   * (docs/decisions.md#demo-admin), so audit fields such as a review's userId stay real.
   */
  actingUser: TSessionUser | null;
  sessionId: string | null;
  /** True only when demo mode is on and the call carries directAdmin=true (docs/decisions.md#demo-admin). */
  directAdmin: boolean;
  ip: string;
  cookies: TCookieJar;
  /** Node's request and answer: an Express call's, or a public read answered before Express (createApp in app.ts). */
  req: IncomingMessage | undefined;
  res: ServerResponse | undefined;
  /** The request body's exact bytes, for a procedure whose meta asks for them (`rawBody`, REST only). */
  rawBody?: Buffer;
  /** Set for a call of an idempotent procedure that came with an Idempotency-Key (trpc.ts). */
  idempotency?: TIdempotentCall;
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** The session cookie as Express's `res.cookie` / `res.clearCookie` write it, on any Node answer. */
function cookieJar(res: ServerResponse, secure: boolean): TCookieJar {
  const base = { httpOnly: true, sameSite: 'lax' as const, secure, path: '/' };
  return {
    setSession: (token, expiresAt) =>
      res.appendHeader('Set-Cookie', serialize(SESSION_COOKIE, token, { ...base, expires: expiresAt })),
    clearSession: () =>
      res.appendHeader('Set-Cookie', serialize(SESSION_COOKIE, '', { ...base, expires: new Date(1) })),
  };
}

/** The seeded admin acts for demo-mode calls, so audit fields such as a review's userId stay real. */
async function demoAdmin(em: EntityManager, env: TEnv): Promise<TSessionUser | null> {
  const admin = await em.findOne(User, { username: env.adminUsername, isAdmin: true });
  return admin
    ? {
        id: admin.id,
        username: admin.username,
        email: admin.email,
        name: admin.name ?? null,
        isAdmin: true,
        role: 'owner-operator',
      }
    : null;
}

/** REST callers send `?directAdmin=true`; the SPA's tRPC link sends the same flag as a header. */
function directAdminRequested(req: IncomingMessage): boolean {
  if (req.headers['x-direct-admin'] === 'true') return true;
  const url = req.url ?? '';
  const q = url.indexOf('?');
  // Read as Express's 'simple' query parser reads it: a repeated key is an array, never 'true'.
  return q >= 0 && querystring.parse(url.slice(q + 1)).directAdmin === 'true';
}

/** Context work runs before any procedure, so the error table is applied here: a database outage is a 503. */
function unavailableAsTrpc(res: ServerResponse) {
  return (err: unknown): never => {
    const app = toAppError(err);
    if (app?.code === 'UNAVAILABLE') {
      applyErrorHeaders(res, app);
      throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: app.message, cause: app });
    }
    throw err;
  };
}

export function contextFactory(deps: TServerDeps) {
  return async ({ req, res }: { req: IncomingMessage; res: ServerResponse }): Promise<TContext> => {
    const em = deps.orm.em.fork() as EntityManager;
    const cookies = cookieJar(res, deps.env.isProduction);
    let sessionUser: TSessionUser | null = null;
    let sessionId: string | null = null;
    const token = readCookie(req.headers.cookie, SESSION_COOKIE);
    if (token) {
      const valid = await validateSessionToken(em, token).catch(unavailableAsTrpc(res));
      if (valid) {
        sessionUser = valid.user;
        sessionId = valid.sessionId;
        if (valid.refreshed) cookies.setSession(token, valid.expiresAt);
      } else {
        cookies.clearSession();
      }
    }
    let actingUser = sessionUser;
    const directAdmin = deps.env.demoDirectAdmin && directAdminRequested(req);
    if (directAdmin && !sessionUser?.isAdmin) {
      actingUser = await demoAdmin(em, deps.env).catch(unavailableAsTrpc(res));
    }
    const ip = clientIp(req);
    return { deps, em, sessionUser, actingUser, sessionId, directAdmin, ip, cookies, req, res };
  };
}
