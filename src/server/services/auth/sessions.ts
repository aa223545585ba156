import type { EntityManager } from '@mikro-orm/postgresql';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { staffRoleOf, type TStaffRole } from '#shared/schemas/staff-role.ts';
import type { TSessionUser } from '../../repositories/accounts.ts';
import {
  deleteExpiredSessionRows,
  deleteSession,
  extendSession,
  findSessionWithUser,
  insertSession,
} from '../../repositories/sessions.ts';

/** Sessions as in the Lucia guide (docs/decisions.md#sessions). */
export const SESSION_COOKIE = 'stayhub_session';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/**
 * Sessions of the admin area live shorter: a stolen staff cookie is worth more. `admin` is every staff
 * role's (owner-operator, manager, housekeeper, owner), `user` a guest's.
 */
export const SESSION_LIFETIMES = {
  user: { idleMs: 7 * DAY, absoluteMs: 30 * DAY },
  admin: { idleMs: 2 * HOUR, absoluteMs: 12 * HOUR },
} as const;

export type { TSessionUser };

export interface TValidSession {
  sessionId: string;
  user: TSessionUser;
  expiresAt: Date;
  /** True when the idle expiry moved, so the cookie should be re-sent. */
  refreshed: boolean;
}

/** 160 random bits, base32: the value that only the cookie ever holds. */
export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export function sessionIdFromToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

function lifetimes(staff: boolean) {
  return staff ? SESSION_LIFETIMES.admin : SESSION_LIFETIMES.user;
}

/** True for an account of the team (any staff role), whose sessions follow the admin rule. */
export function hasStaffSession(user: { isAdmin: boolean; role?: TStaffRole | null | undefined }): boolean {
  return staffRoleOf(user) !== null;
}

/** `staff`: the account has a staff role (hasStaffSession), so the shorter admin lifetimes apply. */
export async function createSession(em: EntityManager, userId: number, staff: boolean, now = new Date()) {
  const token = generateSessionToken();
  const life = lifetimes(staff);
  const expiresAt = new Date(now.getTime() + life.idleMs);
  await insertSession(em, {
    id: sessionIdFromToken(token),
    userId,
    createdAt: now,
    expiresAt,
    absoluteExpiresAt: new Date(now.getTime() + life.absoluteMs),
  });
  return { token, expiresAt };
}

export async function validateSessionToken(
  em: EntityManager,
  token: string,
  now = new Date(),
): Promise<TValidSession | null> {
  if (!/^[a-z2-7]{32}$/.test(token)) return null;
  const sessionId = sessionIdFromToken(token);
  const found = await findSessionWithUser(em, sessionId);
  if (!found) return null;
  const hardEnd = Math.min(found.expiresAt.getTime(), found.absoluteExpiresAt.getTime());
  if (now.getTime() >= hardEnd) {
    await deleteSession(em, sessionId);
    return null;
  }
  const life = lifetimes(hasStaffSession(found.user));
  let expiresAt = found.expiresAt;
  let refreshed = false;
  // Slide the idle expiry forward once half of it has passed, never past the absolute limit.
  if (expiresAt.getTime() - now.getTime() < life.idleMs / 2) {
    expiresAt = new Date(Math.min(now.getTime() + life.idleMs, found.absoluteExpiresAt.getTime()));
    await extendSession(em, sessionId, expiresAt);
    refreshed = true;
  }
  return { sessionId, expiresAt, refreshed, user: found.user };
}

export async function invalidateSession(em: EntityManager, sessionId: string): Promise<void> {
  await deleteSession(em, sessionId);
}

export async function deleteExpiredSessions(em: EntityManager): Promise<void> {
  await deleteExpiredSessionRows(em);
}
