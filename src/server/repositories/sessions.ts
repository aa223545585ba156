import type { EntityManager } from '@mikro-orm/postgresql';
import { toSessionUser, type TSessionUser } from './accounts.ts';

/**
 * The `sessions` table (docs/decisions.md#sessions). Plain statements throughout: every request validates its session
 * and login is a hot path, so a unit-of-work flush would only add a transaction round trip.
 */

export async function insertSession(
  em: EntityManager,
  s: { id: string; userId: number; createdAt: Date; expiresAt: Date; absoluteExpiresAt: Date },
): Promise<void> {
  await em.execute(
    'insert into sessions (id, user_id, created_at, expires_at, absolute_expires_at) values (?, ?, ?, ?, ?)',
    [s.id, s.userId, s.createdAt, s.expiresAt, s.absoluteExpiresAt],
  );
}

/** A session of an active account, with its user, in one round trip; null when there is none. */
export async function findSessionWithUser(
  em: EntityManager,
  sessionId: string,
): Promise<{ expiresAt: Date; absoluteExpiresAt: Date; user: TSessionUser } | null> {
  const rows = await em.execute<
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
  return {
    expiresAt: new Date(row.expires_at),
    absoluteExpiresAt: new Date(row.absolute_expires_at),
    user: toSessionUser(row),
  };
}

export async function extendSession(em: EntityManager, sessionId: string, expiresAt: Date): Promise<void> {
  await em.execute('update sessions set expires_at = ? where id = ?', [expiresAt, sessionId]);
}

export async function deleteSession(em: EntityManager, sessionId: string): Promise<void> {
  await em.execute('delete from sessions where id = ?', [sessionId]);
}

/** Ends every session of the user except `keepSessionId` (null ends them all). */
export async function deleteSessionsOf(em: EntityManager, userId: number, keepSessionId: string | null) {
  await em.execute('delete from sessions where user_id = ? and id <> ?', [userId, keepSessionId ?? '']);
}

export async function deleteExpiredSessionRows(em: EntityManager): Promise<void> {
  await em.execute('delete from sessions where expires_at < now() or absolute_expires_at < now()');
}
