import type { EntityManager } from '@mikro-orm/postgresql';
import type { TLoginInput, TLogoutResult, TRegisterInput, TUser } from '../../../shared/schemas/auth.ts';
import type { TCookieJar } from '../../context.ts';
import { User } from '../../entities/user.entity.ts';
import { ACCOUNT_DISABLED_MESSAGE } from '../../../shared/messages.ts';
import { AppError } from '../../errors.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.ts';
import {
  countLoginAttempt,
  deleteStaleRateLimits,
  loginSucceeded,
  refundLoginAttempt,
  tooManyAttempts,
} from './rate-limit.ts';
import { enforceLimit, LIMITS, refundAttempt } from './throttle.ts';
import { createSession, deleteExpiredSessions, invalidateSession, type TSessionUser } from './sessions.ts';

export const INVALID_LOGIN_MESSAGE = 'Invalid username or password';
export const USERNAME_TAKEN_MESSAGE = 'Username already exists';
export const EMAIL_TAKEN_MESSAGE = 'Email already registered';

/** The parts of a request the account services read and write. */
export interface TAuthRequest {
  ip: string;
  /** The session the request came with, if any: replaced at login and registration. */
  sessionId: string | null;
  cookies: TCookieJar;
}

export function toUser(u: TSessionUser): TUser {
  return { id: u.id, username: u.username, email: u.email, name: u.name ?? null, isAdmin: u.isAdmin };
}

export function currentUser(user: TSessionUser): TUser {
  return toUser(user);
}

const HOUSEKEEPING_EVERY_MS = 10 * 60_000;
let lastHousekeeping = 0;

/** Expired sessions and old counters go at most once per 10 minutes per instance: one cheap indexed delete. */
async function housekeeping(em: EntityManager, now = Date.now()): Promise<void> {
  if (now - lastHousekeeping < HOUSEKEEPING_EVERY_MS) return;
  lastHousekeeping = now;
  await deleteExpiredSessions(em);
  await deleteStaleRateLimits(em);
}

/** A new session for `user`, replacing the one the request came with (session fixation). */
async function startSession(em: EntityManager, user: TSessionUser, req: TAuthRequest): Promise<void> {
  if (req.sessionId) await invalidateSession(em, req.sessionId);
  const { token, expiresAt } = await createSession(em, user.id, user.isAdmin);
  req.cookies.setSession(token, expiresAt);
}

interface TUserRow {
  id: number;
  username: string;
  email: string;
  name: string | null;
  is_admin: boolean;
  password: string;
  disabled: boolean;
}

/** The account for these credentials, or null: unknown user and wrong password cost the same. */
async function checkCredentials(em: EntityManager, input: TLoginInput): Promise<TSessionUser | null> {
  const rows = await em
    .getConnection()
    .execute<TUserRow[]>(
      'select id, username, email, name, is_admin, password, disabled_at is not null as disabled from users where lower(username) = lower(?) and deactivated_at is null',
      [input.username],
    );
  const row = rows[0];
  if (!row) {
    // Same cost as a real check, so response time does not tell whether the account exists.
    await burnPasswordCheck(input.password);
    return null;
  }
  if (!(await verifyPassword(row.password, input.password))) return null;
  // Said only to whoever knows the password, so it reveals nothing to a guesser.
  if (row.disabled) throw new AppError('FORBIDDEN', ACCOUNT_DISABLED_MESSAGE);
  return { id: row.id, username: row.username, email: row.email, name: row.name, isAdmin: row.is_admin };
}

export async function login(em: EntityManager, input: TLoginInput, req: TAuthRequest): Promise<TUser> {
  await housekeeping(em);
  const retryAfter = await countLoginAttempt(em, input.username, req.ip);
  if (retryAfter !== null) {
    throw tooManyAttempts(retryAfter);
  }
  let user: TSessionUser | null;
  try {
    user = await checkCredentials(em, input);
    if (user) {
      await loginSucceeded(em, input.username, req.ip);
      await startSession(em, user, req);
    }
  } catch (err) {
    await refundLoginAttempt(em, input.username, req.ip).catch(() => undefined);
    throw err;
  }
  if (!user) throw new AppError('UNAUTHORIZED', INVALID_LOGIN_MESSAGE);
  return toUser(user);
}

function uniqueViolation(err: unknown): string | undefined {
  for (
    let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth++
  ) {
    if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : '';
    e = e.cause as typeof e;
  }
  return undefined;
}

/** Registration is limited like login (DECISIONS 15): attempts per IP are counted, a success gives its one back. */
export async function register(em: EntityManager, input: TRegisterInput, req: TAuthRequest): Promise<TUser> {
  await enforceLimit(em, LIMITS.registerPerIp, req.ip);
  const user = await registerAccount(em, input, req);
  await refundAttempt(em, LIMITS.registerPerIp, req.ip);
  return user;
}

async function registerAccount(em: EntityManager, input: TRegisterInput, req: TAuthRequest): Promise<TUser> {
  const taken = await em.getConnection().execute<{ username_taken: boolean; email_taken: boolean }[]>(
    `select exists(select 1 from users where lower(username) = lower(?)) as username_taken,
              exists(select 1 from users where lower(email) = lower(?)) as email_taken`,
    [input.username, input.email],
  );
  if (taken[0]?.username_taken) throw new AppError('CONFLICT', USERNAME_TAKEN_MESSAGE);
  if (taken[0]?.email_taken) throw new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE);

  const name = input.name?.trim() ? input.name.trim() : null;
  // isAdmin is never read from the input (DECISIONS 4).
  const entity = em.create(User, {
    username: input.username,
    email: input.email,
    name,
    password: await hashPassword(input.password),
    isAdmin: false,
  });
  try {
    await em.persist(entity).flush();
  } catch (err) {
    // Two registrations raced past the check above; the unique indexes decide.
    const constraint = uniqueViolation(err);
    if (constraint === undefined) throw err;
    throw new AppError(
      'CONFLICT',
      constraint.includes('email') ? EMAIL_TAKEN_MESSAGE : USERNAME_TAKEN_MESSAGE,
    );
  }
  const user: TSessionUser = {
    id: entity.id,
    username: entity.username,
    email: entity.email,
    name,
    isAdmin: false,
  };
  await startSession(em, user, req);
  return toUser(user);
}

export async function logout(em: EntityManager, req: TAuthRequest): Promise<TLogoutResult> {
  if (req.sessionId) await invalidateSession(em, req.sessionId);
  req.cookies.clearSession();
  return { success: true };
}
