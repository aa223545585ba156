import { staffRoleOf } from '#shared/schemas/staff-role.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TLoginInput, TLogoutResult, TRegisterInput, TUser } from '#shared/schemas/auth.ts';
import type { TCookieJar } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { ACCOUNT_DISABLED_MESSAGE, EMAIL_TAKEN, USERNAME_TAKEN } from '#shared/messages.ts';
import {
  findActiveAccountByUsername,
  insertGuestAccount,
  registrationClashes,
} from '../../repositories/accounts.ts';
import { emailWelcome } from '../email/guest-emails.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.ts';
import {
  countLoginAttempt,
  deleteStaleRateLimits,
  loginSucceeded,
  refundLoginAttempt,
  tooManyAttempts,
} from './rate-limit.ts';
import { enforceLimit, LIMITS, refundAttempt } from './throttle.ts';
import {
  createSession,
  deleteExpiredSessions,
  hasStaffSession,
  invalidateSession,
  type TSessionUser,
} from './sessions.ts';

export const INVALID_LOGIN_MESSAGE = 'Invalid username or password';
export const USERNAME_TAKEN_MESSAGE = USERNAME_TAKEN;
export const EMAIL_TAKEN_MESSAGE = EMAIL_TAKEN;

/** The parts of a request the account services read and write. */
export interface TAuthRequest {
  ip: string;
  /** The session the request came with, if any: replaced at login and registration. */
  sessionId: string | null;
  cookies: TCookieJar;
}

/** A guest's answer keeps its original shape; staff get their role (docs/staff.md). */
export function toUser(u: TSessionUser): TUser {
  const role = staffRoleOf(u);
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    name: u.name ?? null,
    isAdmin: u.isAdmin,
    ...(role ? { role } : {}),
  };
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
  const { token, expiresAt } = await createSession(em, user.id, hasStaffSession(user));
  req.cookies.setSession(token, expiresAt);
}

/** The account for these credentials, or null: unknown user and wrong password cost the same. */
async function checkCredentials(em: EntityManager, input: TLoginInput): Promise<TSessionUser | null> {
  const account = await findActiveAccountByUsername(em, input.username);
  if (!account) {
    // Same cost as a real check, so response time does not tell whether the account exists.
    await burnPasswordCheck(input.password);
    return null;
  }
  if (!(await verifyPassword(account.passwordHash, input.password))) return null;
  // Said only to whoever knows the password, so it reveals nothing to a guesser.
  if (account.disabled) throw new AppError('FORBIDDEN', ACCOUNT_DISABLED_MESSAGE);
  const { passwordHash: _hash, disabled: _disabled, ...user } = account;
  return user;
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

/** Registration is limited like login (docs/decisions.md#sessions): attempts per IP are counted, a success gives its one back. */
export async function register(em: EntityManager, input: TRegisterInput, req: TAuthRequest): Promise<TUser> {
  await enforceLimit(em, LIMITS.registerPerIp, req.ip);
  const user = await registerAccount(em, input, req);
  await refundAttempt(em, LIMITS.registerPerIp, req.ip);
  return user;
}

/**
 * Two registrations may race past the clash check; then the unique indexes on lower(username) and
 * lower(email) refuse the second insert, and errors.ts answers it the same 409 as the check would.
 */
async function registerAccount(em: EntityManager, input: TRegisterInput, req: TAuthRequest): Promise<TUser> {
  const clashes = await registrationClashes(em, input.username, input.email);
  if (clashes.usernameTaken) throw new AppError('CONFLICT', USERNAME_TAKEN_MESSAGE);
  if (clashes.emailTaken) throw new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE);

  const name = input.name?.trim() ? input.name.trim() : null;
  // isAdmin is never read from the input (docs/decisions.md#no-admin-registration).
  const passwordHash = await hashPassword(input.password);
  // The welcome email is written in the account's own transaction (docs/decisions.md#emails).
  const user = await em.transactional(async (tx) => {
    const created = await insertGuestAccount(tx, {
      username: input.username,
      email: input.email,
      name,
      passwordHash,
    });
    await emailWelcome(tx, {
      email: created.email,
      name: name ?? created.username,
      username: created.username,
    });
    return created;
  });
  await startSession(em, user, req);
  return toUser(user);
}

export async function logout(em: EntityManager, req: TAuthRequest): Promise<TLogoutResult> {
  if (req.sessionId) await invalidateSession(em, req.sessionId);
  req.cookies.clearSession();
  return { success: true };
}
