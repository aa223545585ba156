import type { EntityManager } from '@mikro-orm/postgresql';

/** The account queries behind settings, password reset and the purge (users, sessions, reset links). */

export interface TAccountRow {
  id: number;
  username: string;
  email: string;
  name: string | null;
  is_admin: boolean;
  password: string;
}

const ACCOUNT_COLUMNS = 'id, username, email, name, is_admin, password';

export async function findActiveAccount(em: EntityManager, userId: number): Promise<TAccountRow | null> {
  const rows = await em.execute<TAccountRow[]>(
    `select ${ACCOUNT_COLUMNS} from users where id = ? and deactivated_at is null`,
    [userId],
  );
  return rows[0] ?? null;
}

export async function findActiveAccountByEmail(
  em: EntityManager,
  email: string,
): Promise<TAccountRow | null> {
  const rows = await em.execute<TAccountRow[]>(
    `select ${ACCOUNT_COLUMNS} from users where lower(email) = lower(?) and deactivated_at is null`,
    [email],
  );
  return rows[0] ?? null;
}

export async function emailTakenByOther(em: EntityManager, email: string, userId: number): Promise<boolean> {
  const rows = await em.execute<{ taken: boolean }[]>(
    'select exists(select 1 from users where lower(email) = lower(?) and id <> ?) as taken',
    [email, userId],
  );
  return rows[0]?.taken === true;
}

export async function updateProfileRow(
  em: EntityManager,
  userId: number,
  name: string | null,
  email: string,
) {
  await em.execute('update users set name = ?, email = ? where id = ?', [name, email, userId]);
}

export async function updatePasswordHash(em: EntityManager, userId: number, hash: string): Promise<void> {
  await em.execute('update users set password = ? where id = ?', [hash, userId]);
}

/** Ends every session of the user except `keepSessionId` (null ends them all). */
export async function deleteSessionsOf(em: EntityManager, userId: number, keepSessionId: string | null) {
  await em.execute('delete from sessions where user_id = ? and id <> ?', [userId, keepSessionId ?? '']);
}

export async function deactivateAccount(em: EntityManager, userId: number, now: Date): Promise<void> {
  await em.execute('update users set deactivated_at = ? where id = ? and deactivated_at is null', [
    now,
    userId,
  ]);
}

export async function insertPasswordReset(em: EntityManager, hash: string, userId: number, expiresAt: Date) {
  await em.execute('insert into password_resets (id, user_id, expires_at) values (?, ?, ?)', [
    hash,
    userId,
    expiresAt,
  ]);
}

/** Uses up a reset link: it is deleted whatever happens next, so it works once. Null when unknown or expired. */
export async function consumePasswordReset(
  em: EntityManager,
  hash: string,
  now: Date,
): Promise<{ id: string; user_id: number } | null> {
  const rows = await em.execute<{ id: string; user_id: number; expires_at: Date }[]>(
    'delete from password_resets where id = ? returning id, user_id, expires_at',
    [hash],
  );
  const row = rows[0];
  return row && new Date(row.expires_at).getTime() > now.getTime()
    ? { id: row.id, user_id: row.user_id }
    : null;
}

export async function deletePasswordResetsOf(em: EntityManager, userId: number): Promise<void> {
  await em.execute('delete from password_resets where user_id = ?', [userId]);
}

/** Accounts deactivated at or before `before`, oldest first. */
export async function deactivatedAccountIds(em: EntityManager, before: Date): Promise<number[]> {
  const rows = await em.execute<{ id: number }[]>(
    'select id from users where deactivated_at is not null and deactivated_at <= ? order by deactivated_at limit 500',
    [before],
  );
  return rows.map((r) => r.id);
}

/**
 * Removes an account's personal data (the Privacy Policy's promise): its bookings stay for the operator's
 * records without the guest's contact details, its reviews stay (the ratings remain true) without a name,
 * and the user row goes, taking its sessions, reset links and saved homes with it.
 */
export async function purgeAccountRows(em: EntityManager, userId: number): Promise<void> {
  await em.execute('update bookings set contact_info = null, user_id = null where user_id = ?', [userId]);
  await em.execute(
    `update reviews set user_id = null, user_name = 'Former guest', user_image = null where user_id = ?`,
    [userId],
  );
  await em.execute('delete from users where id = ? and deactivated_at is not null', [userId]);
}
