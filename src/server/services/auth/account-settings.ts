import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import {
  WRONG_PASSWORD_MESSAGE,
  type ZAccountDelete,
  type ZPasswordChange,
  type ZProfileUpdate,
} from '../../../shared/schemas/account.ts';
import type { TUser } from '../../../shared/schemas/auth.ts';
import { AppError } from '../../errors.ts';
import {
  deactivateAccount,
  deactivatedAccountIds,
  emailTakenByOther,
  findActiveAccount,
  purgeAccountRows,
  updatePasswordHash,
  updateProfileRow,
} from '../../repositories/accounts.ts';
import { deleteSessionsOf } from '../../repositories/sessions.ts';
import { EMAIL_TAKEN_MESSAGE, toUser, type TAuthRequest } from './accounts.ts';
import { emailAddressChanged } from '../email/guest-emails.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { countLoginAttempt, loginSucceeded, tooManyAttempts } from './rate-limit.ts';
import type { TSessionUser } from './sessions.ts';

export const CURRENT_PASSWORD_FOR_EMAIL = 'Please enter your current password to change your e-mail';
export const ADMIN_CANNOT_DELETE = 'Admin accounts cannot be deleted from account settings';
/** Personal data of a deleted account is purged this many days after deletion (the policy promises 30 at most). */
export const PURGE_AFTER_DAYS = 7;

/**
 * Name and e-mail. Changing the e-mail (where password-reset links go) needs the current password,
 * checked and counted like a login, and the old address is told in the same transaction (a security
 * email: sent even with Email Notifications off).
 */
export async function updateProfile(
  em: EntityManager,
  user: TSessionUser,
  input: z.output<typeof ZProfileUpdate>,
  req: TAuthRequest,
): Promise<TUser> {
  const emailChanges = input.email.trim().toLowerCase() !== user.email.trim().toLowerCase();
  if (emailChanges) {
    if (!input.currentPassword) throw new AppError('VALIDATION', CURRENT_PASSWORD_FOR_EMAIL);
    await confirmPassword(em, user, input.currentPassword, req);
  }
  if (await emailTakenByOther(em, input.email, user.id)) throw new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE);
  const name = input.name.trim() ? input.name.trim() : null;
  // Two changes may race past the check: the unique index then decides, and errors.ts answers the same 409.
  await em.transactional(async (tx) => {
    await updateProfileRow(tx, user.id, name, input.email);
    if (emailChanges)
      await emailAddressChanged(tx, { email: user.email, name: user.name ?? user.username }, input.email);
  });
  return toUser({ ...user, name, email: input.email });
}

/**
 * Checks the account's password, counted by the login limiter like a login (a stolen session must not
 * become a way to guess the password).
 */
async function confirmPassword(em: EntityManager, user: TSessionUser, password: string, req: TAuthRequest) {
  const wait = await countLoginAttempt(em, user.username, req.ip);
  if (wait !== null) {
    throw tooManyAttempts(wait);
  }
  const account = await findActiveAccount(em, user.id);
  if (!account || !(await verifyPassword(account.passwordHash, password)))
    throw new AppError('FORBIDDEN', WRONG_PASSWORD_MESSAGE);
  await loginSucceeded(em, user.username, req.ip);
}

/** A new password; every other session of the account ends, this one stays signed in. */
export async function changePassword(
  em: EntityManager,
  user: TSessionUser,
  input: z.output<typeof ZPasswordChange>,
  req: TAuthRequest,
): Promise<{ ok: true }> {
  await confirmPassword(em, user, input.currentPassword, req);
  const hash = await hashPassword(input.newPassword);
  await em.transactional(async (tx) => {
    await updatePasswordHash(tx, user.id, hash);
    await deleteSessionsOf(tx, user.id, req.sessionId);
  });
  return { ok: true };
}

/** Deactivates the account at once (no sign-in, no session); the purge job removes its personal data. */
export async function deleteAccount(
  em: EntityManager,
  user: TSessionUser,
  input: z.output<typeof ZAccountDelete>,
  req: TAuthRequest,
  now = new Date(),
): Promise<{ ok: true }> {
  if (user.isAdmin) throw new AppError('FORBIDDEN', ADMIN_CANNOT_DELETE);
  await confirmPassword(em, user, input.password, req);
  await em.transactional(async (tx) => {
    await deactivateAccount(tx, user.id, now);
    await deleteSessionsOf(tx, user.id, null);
  });
  req.cookies.clearSession();
  return { ok: true };
}

/** The purge job's work: every account deleted at least PURGE_AFTER_DAYS ago, one transaction each. */
export async function purgeDeletedAccounts(em: EntityManager, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - PURGE_AFTER_DAYS * 86_400_000);
  const ids = await deactivatedAccountIds(em, before);
  for (const id of ids) await em.transactional((tx) => purgeAccountRows(tx, id));
  return ids.length;
}
