import type { EntityManager } from '@mikro-orm/postgresql';
import type { TUser } from '#shared/schemas/auth.ts';
import { asStaffRole, staffRoleOf } from '#shared/schemas/staff-role.ts';
import { sql } from 'kysely';
import { Booking } from '../entities/booking.entity.ts';
import { PasswordReset } from '../entities/password-reset.entity.ts';
import { Review } from '../entities/review.entity.ts';
import { User } from '../entities/user.entity.ts';
import { db } from './db.ts';

/** The account queries behind sign-in, registration, settings, password reset and the purge. */

/** Who a request comes from: an active account, as sessions and services see it. */
export type TSessionUser = TUser;

/** An active account with its argon2id hash, for the services that check a password. */
export interface TAccount extends TSessionUser {
  passwordHash: string;
  /** Disabled by an admin: the password still checks, but no session is given. */
  disabled: boolean;
}

/** The one row → TSessionUser mapper (the session look-up joins the same columns). */
export function toSessionUser(r: {
  id: number;
  username: string;
  email: string;
  name: string | null;
  is_admin: boolean;
  staff_role: string | null;
}): TSessionUser {
  return {
    id: r.id,
    username: r.username,
    email: r.email,
    name: r.name,
    isAdmin: r.is_admin,
    role: staffRoleOf({ isAdmin: r.is_admin, role: asStaffRole(r.staff_role) }),
  };
}

async function findAccount(
  em: EntityManager,
  column: 'id' | 'email' | 'username',
  value: number | string,
): Promise<TAccount | null> {
  const row = await db(em)
    .selectFrom('users')
    .select([
      'id',
      'username',
      'email',
      'name',
      'is_admin',
      'staff_role',
      'password',
      sql<boolean>`disabled_at is not null`.as('disabled'),
    ])
    .where(
      column === 'id' ? sql.ref(column) : sql`lower(${sql.ref(column)})`,
      '=',
      column === 'id' ? value : sql`lower(${value})`,
    )
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
  return row ? { ...toSessionUser(row), passwordHash: row.password, disabled: row.disabled } : null;
}

export async function findActiveAccount(em: EntityManager, userId: number): Promise<TAccount | null> {
  return findAccount(em, 'id', userId);
}

export async function findActiveAccountByEmail(em: EntityManager, email: string): Promise<TAccount | null> {
  return findAccount(em, 'email', email);
}

export async function findActiveAccountByUsername(
  em: EntityManager,
  username: string,
): Promise<TAccount | null> {
  return findAccount(em, 'username', username);
}

/** Whether any account (deleted ones too, until purged) already uses the username or the e-mail. */
export async function registrationClashes(
  em: EntityManager,
  username: string,
  email: string,
): Promise<{ usernameTaken: boolean; emailTaken: boolean }> {
  const d = db(em);
  const clash = (column: 'username' | 'email', value: string) =>
    sql<boolean>`exists(${d
      .selectFrom('users')
      .select(sql.lit(1).as('one'))
      .where(sql`lower(${sql.ref(column)})`, '=', sql`lower(${value})`)})`;
  const row = await d
    .selectNoFrom([clash('username', username).as('username_taken'), clash('email', email).as('email_taken')])
    .executeTakeFirst();
  return { usernameTaken: row?.username_taken === true, emailTaken: row?.email_taken === true };
}

/** A new guest account (never an admin, docs/decisions.md#no-admin-registration); the unique indexes refuse a racing duplicate. */
export async function insertGuestAccount(
  em: EntityManager,
  data: { username: string; email: string; name: string | null; passwordHash: string },
): Promise<TSessionUser> {
  const user = em.create(User, {
    username: data.username,
    email: data.email,
    name: data.name,
    password: data.passwordHash,
    isAdmin: false,
  });
  await em.persist(user).flush();
  return { id: user.id, username: user.username, email: user.email, name: data.name, isAdmin: false };
}

export async function emailTakenByOther(em: EntityManager, email: string, userId: number): Promise<boolean> {
  const d = db(em);
  const row = await d
    .selectNoFrom(
      sql<boolean>`exists(${d
        .selectFrom('users')
        .select(sql.lit(1).as('one'))
        .where(sql`lower(email)`, '=', sql`lower(${email})`)
        .where('id', '<>', userId)})`.as('taken'),
    )
    .executeTakeFirst();
  return row?.taken === true;
}

export async function updateProfileRow(
  em: EntityManager,
  userId: number,
  name: string | null,
  email: string,
) {
  await em.nativeUpdate(User, { id: userId }, { name, email });
}

export async function updatePasswordHash(em: EntityManager, userId: number, hash: string): Promise<void> {
  await em.nativeUpdate(User, { id: userId }, { password: hash });
}

/** How a review reads once its author has asked to delete their account. */
export const FORMER_GUEST = 'Former guest';

/**
 * Deactivates the account, and its public reviews lose the author's name and photo at once: the purge a
 * week later removes the rest, but a name must not stay public while it waits.
 */
export async function deactivateAccount(em: EntityManager, userId: number, now: Date): Promise<void> {
  await em.nativeUpdate(User, { id: userId, deactivatedAt: null }, { deactivatedAt: now });
  await em.nativeUpdate(Review, { user: userId }, { userName: FORMER_GUEST, userImage: null });
}

export async function insertPasswordReset(em: EntityManager, hash: string, userId: number, expiresAt: Date) {
  await em.insert(PasswordReset, { id: hash, user: userId, expiresAt });
}

/** Uses up a reset link: it is deleted whatever happens next, so it works once. Null when unknown or expired. */
export async function consumePasswordReset(
  em: EntityManager,
  hash: string,
  now: Date,
): Promise<{ id: string; userId: number } | null> {
  const row = await db(em)
    .deleteFrom('password_resets')
    .where('id', '=', hash)
    .returning(['id', 'user_id', 'expires_at'])
    .executeTakeFirst();
  return row && new Date(row.expires_at).getTime() > now.getTime()
    ? { id: row.id, userId: row.user_id }
    : null;
}

export async function deletePasswordResetsOf(em: EntityManager, userId: number): Promise<void> {
  await em.nativeDelete(PasswordReset, { user: userId });
}

/** Accounts deactivated at or before `before`, oldest first. */
export async function deactivatedAccountIds(em: EntityManager, before: Date): Promise<number[]> {
  const rows = await db(em)
    .selectFrom('users')
    .select('id')
    .where('deactivated_at', 'is not', null)
    .where('deactivated_at', '<=', before)
    .orderBy('deactivated_at')
    .limit(500)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Removes an account's personal data (the Privacy Policy's promise): its bookings stay for the operator's
 * records without the guest's contact details, its reviews stay (the ratings remain true) without a name,
 * and the user row goes, taking its sessions, reset links and saved homes with it.
 */
export async function purgeAccountRows(em: EntityManager, userId: number): Promise<void> {
  await em.nativeUpdate(Booking, { user: userId }, { contactInfo: null, user: null });
  await em.nativeUpdate(Review, { user: userId }, { user: null, userName: FORMER_GUEST, userImage: null });
  await em.nativeDelete(User, { id: userId, deactivatedAt: { $ne: null } });
}

/** Keeps the way back from an e-mail change (see EmailChangeUndo). */
export async function insertEmailChangeUndo(
  em: EntityManager,
  row: { hash: string; userId: number; oldEmail: string; expiresAt: Date },
): Promise<void> {
  await db(em)
    .insertInto('email_change_undos')
    .values({ id: row.hash, user_id: row.userId, old_email: row.oldEmail, expires_at: row.expiresAt })
    .execute();
}

/**
 * Uses up an undo link, and every other of its account: an undo restores one address, and older links
 * must not later swap it again. Null when the link is unknown or expired.
 */
export async function consumeEmailChangeUndo(
  em: EntityManager,
  hash: string,
  now: Date,
): Promise<{ id: string; userId: number; oldEmail: string } | null> {
  const row = await db(em)
    .deleteFrom('email_change_undos')
    .where('id', '=', hash)
    .returning(['id', 'user_id', 'old_email', 'expires_at'])
    .executeTakeFirst();
  if (!row || new Date(row.expires_at).getTime() <= now.getTime()) return null;
  await db(em).deleteFrom('email_change_undos').where('user_id', '=', row.user_id).execute();
  return { id: row.id, userId: row.user_id, oldEmail: row.old_email };
}

export async function updateEmail(em: EntityManager, userId: number, email: string): Promise<void> {
  await db(em).updateTable('users').set({ email }).where('id', '=', userId).execute();
}
