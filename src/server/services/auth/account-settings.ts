import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import {
  UNDO_EMAIL_TAKEN,
  UNDO_LINK_INVALID,
  WRONG_PASSWORD_MESSAGE,
  type TEmailChangeUndone,
  type ZAccountDelete,
  type ZEmailChangeUndo,
  type ZPasswordChange,
  type ZProfileUpdate,
} from '#shared/schemas/account.ts';
import type { TUser } from '#shared/schemas/auth.ts';
import { AppError } from '../../errors.ts';
import {
  consumeEmailChangeUndo,
  deactivateAccount,
  deactivatedAccountIds,
  deletePasswordResetsOf,
  emailTakenByOther,
  findActiveAccount,
  insertEmailChangeUndo,
  insertPasswordReset,
  purgeAccountRows,
  updateEmail,
  updatePasswordHash,
  updateProfileRow,
} from '../../repositories/accounts.ts';
import { deleteSessionsOf } from '../../repositories/sessions.ts';
import { EMAIL_TAKEN_MESSAGE, toUser, type TAuthRequest } from './accounts.ts';
import { emailAddressChanged } from '../email/guest-emails.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { RESET_LINK_MINUTES, resetPath } from './password-reset.ts';
import { newLinkToken, sameHash, tokenHash } from './secret-tokens.ts';
import { countLoginAttempt, loginSucceeded, tooManyAttempts } from './rate-limit.ts';
import type { TSessionUser } from './sessions.ts';

export const CURRENT_PASSWORD_FOR_EMAIL = 'Please enter your current password to change your e-mail';
export const ADMIN_CANNOT_DELETE = 'Admin accounts cannot be deleted from account settings';
/** Personal data of a deleted account is purged this many days after deletion (the policy promises 30 at most). */
export const PURGE_AFTER_DAYS = 7;
/** How long the old address can undo an e-mail change. */
export const UNDO_LINK_DAYS = 7;

export function undoEmailPath(token: string): string {
  return `/undo-email-change/${token}`;
}

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
    if (!emailChanges) return;
    const { token, hash } = newLinkToken();
    const expiresAt = new Date(Date.now() + UNDO_LINK_DAYS * 86_400_000);
    await insertEmailChangeUndo(tx, { hash, userId: user.id, oldEmail: user.email, expiresAt });
    await emailAddressChanged(
      tx,
      { email: user.email, name: user.name ?? user.username },
      input.email,
      undoEmailPath(token),
    );
  });
  return toUser({ ...user, name, email: input.email });
}

/**
 * The old address takes the account back (docs/decisions.md#email-change-undo): the e-mail returns to it,
 * every session ends (the one that made the change too), pending reset links (which went to the new
 * address) die, and a fresh reset link is answered to whoever holds the undo link, since it reached the
 * old address, so they can shut out whoever knows the password.
 */
export async function undoEmailChange(
  em: EntityManager,
  input: z.output<typeof ZEmailChangeUndo>,
  now = new Date(),
): Promise<TEmailChangeUndone> {
  const hash = tokenHash(input.token);
  return em.transactional(async (tx) => {
    const undo = hash ? await consumeEmailChangeUndo(tx, hash, now) : null;
    if (!hash || !undo || !sameHash(undo.id, hash)) throw new AppError('NOT_FOUND', UNDO_LINK_INVALID);
    const account = await findActiveAccount(tx, undo.userId);
    if (!account) throw new AppError('NOT_FOUND', UNDO_LINK_INVALID);
    if (await emailTakenByOther(tx, undo.oldEmail, account.id))
      throw new AppError('CONFLICT', UNDO_EMAIL_TAKEN);
    await updateEmail(tx, account.id, undo.oldEmail);
    await deleteSessionsOf(tx, account.id, null);
    await deletePasswordResetsOf(tx, account.id);
    const reset = newLinkToken();
    await insertPasswordReset(
      tx,
      reset.hash,
      account.id,
      new Date(now.getTime() + RESET_LINK_MINUTES * 60_000),
    );
    return { email: undo.oldEmail, resetPath: resetPath(reset.token) };
  });
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
