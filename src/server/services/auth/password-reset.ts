import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import {
  RESET_LINK_INVALID,
  RESET_NEUTRAL_MESSAGE,
  type ZResetConfirm,
  type ZResetRequest,
} from '#shared/schemas/account.ts';
import { ACCOUNT_DISABLED_MESSAGE } from '#shared/messages.ts';
import type { TUser } from '#shared/schemas/auth.ts';
import type { TMessageResult } from '#shared/schemas/manage.ts';
import { AppError } from '../../errors.ts';
import {
  consumePasswordReset,
  deletePasswordResetsOf,
  findActiveAccount,
  findActiveAccountByEmail,
  insertPasswordReset,
  updatePasswordHash,
} from '../../repositories/accounts.ts';
import { deleteSessionsOf } from '../../repositories/sessions.ts';
import { toUser, type TAuthRequest } from './accounts.ts';
import { hashPassword } from './passwords.ts';
import { newLinkToken, sameHash, tokenHash } from './secret-tokens.ts';
import { createSession, hasStaffSession, invalidateSession } from './sessions.ts';
import { countAttempt, enforceLimit, LIMITS } from './throttle.ts';

export const RESET_LINK_MINUTES = 60;

export function resetPath(token: string): string {
  return `/reset-password/${token}`;
}

/**
 * 'Forgot password?' (docs/decisions.md#secret-links): the same answer whether or not the account exists. Limited per IP
 * (429) and per address (silently: a 429 there would tell the address is known to someone).
 * Returns the link's token to the caller that sends the e-mail, or null when nothing is sent.
 */
export async function requestPasswordReset(
  em: EntityManager,
  input: z.output<typeof ZResetRequest>,
  req: Pick<TAuthRequest, 'ip'>,
  send: (tx: EntityManager, to: { email: string; name: string }, token: string) => Promise<void>,
  now = new Date(),
): Promise<TMessageResult> {
  await enforceLimit(em, LIMITS.resetPerIp, req.ip);
  const overAccountLimit = (await countAttempt(em, LIMITS.resetPerAccount, input.email)) !== null;
  const account = overAccountLimit ? null : await findActiveAccountByEmail(em, input.email);
  if (account) {
    const { token, hash } = newLinkToken();
    await em.transactional(async (tx) => {
      await insertPasswordReset(tx, hash, account.id, new Date(now.getTime() + RESET_LINK_MINUTES * 60_000));
      await send(tx, { email: account.email, name: account.name ?? account.username }, token);
    });
  }
  return { message: RESET_NEUTRAL_MESSAGE };
}

/** Sets the new password from a valid link (used up at once), ends every session, and signs in. */
export async function confirmPasswordReset(
  em: EntityManager,
  input: z.output<typeof ZResetConfirm>,
  req: TAuthRequest,
  now = new Date(),
): Promise<TUser> {
  const hash = tokenHash(input.token);
  const passwordHash = await hashPassword(input.password);
  const account = await em.transactional(async (tx) => {
    const link = hash ? await consumePasswordReset(tx, hash, now) : null;
    if (!hash || !link || !sameHash(link.id, hash)) throw new AppError('NOT_FOUND', RESET_LINK_INVALID);
    const found = await findActiveAccount(tx, link.userId);
    if (!found) throw new AppError('NOT_FOUND', RESET_LINK_INVALID);
    // A disabled account gets no session and keeps its password; the link stays (this rolls back).
    if (found.disabled) throw new AppError('FORBIDDEN', ACCOUNT_DISABLED_MESSAGE);
    await updatePasswordHash(tx, found.id, passwordHash);
    await deleteSessionsOf(tx, found.id, null);
    await deletePasswordResetsOf(tx, found.id);
    return found;
  });
  if (req.sessionId) await invalidateSession(em, req.sessionId);
  const { token, expiresAt } = await createSession(em, account.id, hasStaffSession(account));
  req.cookies.setSession(token, expiresAt);
  const { passwordHash: _hash, disabled: _disabled, ...user } = account;
  return toUser(user);
}
