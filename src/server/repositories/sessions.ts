import { sql, type EntityManager } from '@mikro-orm/postgresql';
import { Session } from '../entities/session.entity.ts';
import { User } from '../entities/user.entity.ts';
import { toSessionUser, type TSessionUser } from './accounts.ts';
import { db } from './db.ts';

/**
 * The `sessions` table (docs/decisions.md#sessions). Single statements throughout (em.insert, nativeUpdate,
 * nativeDelete): every request validates its session and login is a hot path, so a unit-of-work flush
 * would only add a transaction round trip.
 */

export async function insertSession(
  em: EntityManager,
  s: { id: string; userId: number; createdAt: Date; expiresAt: Date; absoluteExpiresAt: Date },
): Promise<void> {
  await em.insert(Session, {
    id: s.id,
    user: em.getReference(User, s.userId),
    createdAt: s.createdAt,
    expiresAt: s.expiresAt,
    absoluteExpiresAt: s.absoluteExpiresAt,
  });
}

/** A session of an active account, with its user, in one round trip; null when there is none. */
export async function findSessionWithUser(
  em: EntityManager,
  sessionId: string,
): Promise<{ expiresAt: Date; absoluteExpiresAt: Date; user: TSessionUser } | null> {
  const row = await db(em)
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.expires_at',
      's.absolute_expires_at',
      'u.id',
      'u.username',
      'u.email',
      'u.name',
      'u.is_admin',
      'u.staff_role',
    ])
    .where('s.id', '=', sessionId)
    .where('u.deactivated_at', 'is', null)
    .where('u.disabled_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  return {
    expiresAt: new Date(row.expires_at),
    absoluteExpiresAt: new Date(row.absolute_expires_at),
    user: toSessionUser(row),
  };
}

export async function extendSession(em: EntityManager, sessionId: string, expiresAt: Date): Promise<void> {
  await em.nativeUpdate(Session, { id: sessionId }, { expiresAt });
}

export async function deleteSession(em: EntityManager, sessionId: string): Promise<void> {
  await em.nativeDelete(Session, { id: sessionId });
}

/** Ends every session of the user except `keepSessionId` (null ends them all). */
export async function deleteSessionsOf(em: EntityManager, userId: number, keepSessionId: string | null) {
  await em.nativeDelete(Session, { user: userId, id: { $ne: keepSessionId ?? '' } });
}

export async function deleteExpiredSessionRows(em: EntityManager): Promise<void> {
  await em.nativeDelete(Session, {
    $or: [{ expiresAt: { $lt: sql.now() } }, { absoluteExpiresAt: { $lt: sql.now() } }],
  });
}
