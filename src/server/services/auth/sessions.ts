import type { EntityManager } from '@mikro-orm/postgresql';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';

/** Sessions as in the Lucia guide (DECISIONS 15). */
export const SESSION_COOKIE = 'stayhub_session';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Admin sessions live shorter: a stolen admin cookie is worth more. */
export const SESSION_LIFETIMES = {
  user: { idleMs: 7 * DAY, absoluteMs: 30 * DAY },
  admin: { idleMs: 2 * HOUR, absoluteMs: 12 * HOUR },
} as const;

export interface TSessionUser {
  id: number;
  username: string;
  email: string;
  name: string | null;
  isAdmin: boolean;
}

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

function lifetimes(isAdmin: boolean) {
  return isAdmin ? SESSION_LIFETIMES.admin : SESSION_LIFETIMES.user;
}

/** One plain insert: login is a hot path, and a unit-of-work flush would add a transaction round trip. */
export async function createSession(em: EntityManager, userId: number, isAdmin: boolean, now = new Date()) {
  const token = generateSessionToken();
  const life = lifetimes(isAdmin);
  const expiresAt = new Date(now.getTime() + life.idleMs);
  await em
    .getConnection()
    .execute(
      'insert into sessions (id, user_id, created_at, expires_at, absolute_expires_at) values (?, ?, ?, ?, ?)',
      [sessionIdFromToken(token), userId, now, expiresAt, new Date(now.getTime() + life.absoluteMs)],
    );
  return { token, expiresAt };
}

export async function validateSessionToken(
  em: EntityManager,
  token: string,
  now = new Date(),
): Promise<TValidSession | null> {
  if (!/^[a-z2-7]{32}$/.test(token)) return null;
  const sessionId = sessionIdFromToken(token);
  const rows = await em.getConnection().execute<
    {
      expires_at: Date;
      absolute_expires_at: Date;
      id: number;
      username: string;
      email: string;
      name: string | null;
      is_admin: boolean;
    }[]
  >(
    `select s.expires_at, s.absolute_expires_at, u.id, u.username, u.email, u.name, u.is_admin
       from sessions s join users u on u.id = s.user_id where s.id = ? and u.deactivated_at is null and u.disabled_at is null`,
    [sessionId],
  );
  const row = rows[0];
  if (!row) return null;
  const hardEnd = Math.min(new Date(row.expires_at).getTime(), new Date(row.absolute_expires_at).getTime());
  if (now.getTime() >= hardEnd) {
    await em.getConnection().execute('delete from sessions where id = ?', [sessionId]);
    return null;
  }
  const life = lifetimes(row.is_admin);
  let expiresAt = new Date(row.expires_at);
  let refreshed = false;
  // Slide the idle expiry forward once half of it has passed, never past the absolute limit.
  if (expiresAt.getTime() - now.getTime() < life.idleMs / 2) {
    expiresAt = new Date(Math.min(now.getTime() + life.idleMs, new Date(row.absolute_expires_at).getTime()));
    await em
      .getConnection()
      .execute('update sessions set expires_at = ? where id = ?', [expiresAt, sessionId]);
    refreshed = true;
  }
  return {
    sessionId,
    expiresAt,
    refreshed,
    user: { id: row.id, username: row.username, email: row.email, name: row.name, isAdmin: row.is_admin },
  };
}

export async function invalidateSession(em: EntityManager, sessionId: string): Promise<void> {
  await em.getConnection().execute('delete from sessions where id = ?', [sessionId]);
}

export async function deleteExpiredSessions(em: EntityManager): Promise<void> {
  await em
    .getConnection()
    .execute('delete from sessions where expires_at < now() or absolute_expires_at < now()');
}
