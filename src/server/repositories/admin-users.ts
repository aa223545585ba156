import { LockMode } from '@mikro-orm/core';
import { sql as ormSql, type EntityManager } from '@mikro-orm/postgresql';
import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { TAdminUser } from '#shared/schemas/admin-users.ts';
import { Session } from '../entities/session.entity.ts';
import { User } from '../entities/user.entity.ts';
import { db, type TDB } from './db.ts';
import { containsPattern } from './sql.ts';

/** Every query of the admin's Guests page (users, their booking counts, their sessions). */

type TUser = Selectable<TDB['users']>;

const toAdminUser = (
  r: Pick<TUser, 'id' | 'username' | 'email' | 'name' | 'is_admin' | 'created_at'> & {
    disabled: boolean;
    bookings: number;
  },
): TAdminUser => ({
  id: r.id,
  username: r.username,
  email: r.email,
  name: r.name,
  isAdmin: r.is_admin,
  disabled: r.disabled,
  createdAt: new Date(r.created_at).toISOString(),
  bookings: r.bookings,
});

export interface TUserFilter {
  q?: string | undefined;
  role?: 'admin' | 'guest' | undefined;
}

/** Accounts being purged (deleted by their owner) are gone for the admin too. */
function usersOf(em: EntityManager, f: TUserFilter) {
  let q = db(em).selectFrom('users as u').where('u.deactivated_at', 'is', null);
  if (f.q) {
    // The same expression as the users_search_trgm_idx index, so a search is an index scan.
    const pattern = containsPattern(f.q.toLowerCase());
    q = q.where(
      sql<string>`lower(u.username || ' ' || u.email || ' ' || coalesce(u.name, ''))`,
      'like',
      pattern,
    );
  }
  if (f.role) q = q.where('u.is_admin', '=', f.role === 'admin');
  return q;
}

const columns = [
  'u.id',
  'u.username',
  'u.email',
  'u.name',
  'u.is_admin',
  'u.created_at',
  sql<boolean>`u.disabled_at is not null`.as('disabled'),
  (eb: ExpressionBuilder<TDB & { u: TDB['users'] }, 'u'>) =>
    eb
      .selectFrom('bookings as b')
      .select(sql<number>`count(*)::int`.as('n'))
      .whereRef('b.user_id', '=', 'u.id')
      .$asScalar()
      .as('bookings'),
] as const;

export async function listAdminUsers(
  em: EntityManager,
  filter: TUserFilter,
  limit: number,
  offset: number,
): Promise<TAdminUser[]> {
  const rows = await usersOf(em, filter)
    .select(columns)
    .orderBy('u.created_at', 'desc')
    .orderBy('u.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(toAdminUser);
}

export async function countAdminUsers(em: EntityManager, filter: TUserFilter): Promise<number> {
  const row = await usersOf(em, filter)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirst();
  return row?.n ?? 0;
}

export async function findAdminUser(em: EntityManager, id: number): Promise<TAdminUser | null> {
  const row = await usersOf(em, {}).select(columns).where('u.id', '=', id).executeTakeFirst();
  return row ? toAdminUser(row) : null;
}

/** Locks the account row for the rest of the transaction. */
export async function lockAdminUser(tx: EntityManager, id: number): Promise<TAdminUser | null> {
  await tx.findOne(User, id, { fields: ['id'], lockMode: LockMode.PESSIMISTIC_WRITE });
  return findAdminUser(tx, id);
}

export async function setUserAdmin(tx: EntityManager, id: number, isAdmin: boolean): Promise<void> {
  await tx.nativeUpdate(User, { id }, { isAdmin });
}

/** Disabling keeps the first time an account was disabled. */
export async function setUserDisabled(tx: EntityManager, id: number, disabled: boolean): Promise<void> {
  if (disabled) await tx.nativeUpdate(User, { id, disabledAt: null }, { disabledAt: ormSql.now() });
  else await tx.nativeUpdate(User, { id }, { disabledAt: null });
}

export async function deleteSessionsOf(tx: EntityManager, userId: number): Promise<number> {
  return tx.nativeDelete(Session, { user: userId });
}
