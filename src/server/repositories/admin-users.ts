import type { EntityManager } from '@mikro-orm/postgresql';
import type { TAdminUser } from '../../shared/schemas/admin-users.ts';

/** Every query of the admin's Guests page (users, their booking counts, their sessions). */

interface TUserRow {
  id: number;
  username: string;
  email: string;
  name: string | null;
  is_admin: boolean;
  disabled: boolean;
  created_at: Date | string;
  bookings: number;
}

const toAdminUser = (r: TUserRow): TAdminUser => ({
  id: r.id,
  username: r.username,
  email: r.email,
  name: r.name,
  isAdmin: r.is_admin,
  disabled: r.disabled,
  createdAt: new Date(r.created_at).toISOString(),
  bookings: r.bookings,
});

/** Accounts being purged (deleted by their owner) are gone for the admin too. */
const COLUMNS = `u.id, u.username, u.email, u.name, u.is_admin, u.disabled_at is not null as disabled, u.created_at,
       (select count(*)::int from bookings b where b.user_id = u.id) as bookings`;

export interface TUserFilter {
  q?: string | undefined;
  role?: 'admin' | 'guest' | undefined;
}

/** The same expression as the users_search_trgm_idx index, so a search is an index scan. */
const SEARCH_EXPR = `lower(u.username || ' ' || u.email || ' ' || coalesce(u.name, ''))`;

function whereOf(f: TUserFilter): { sql: string; params: unknown[] } {
  const parts = ['u.deactivated_at is null'];
  const params: unknown[] = [];
  if (f.q) {
    parts.push(`${SEARCH_EXPR} like ?`);
    params.push(`%${f.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  }
  if (f.role) parts.push(f.role === 'admin' ? 'u.is_admin' : 'not u.is_admin');
  return { sql: `where ${parts.join(' and ')}`, params };
}

export async function listAdminUsers(
  em: EntityManager,
  filter: TUserFilter,
  limit: number,
  offset: number,
): Promise<TAdminUser[]> {
  const where = whereOf(filter);
  const rows = await em.execute<TUserRow[]>(
    `select ${COLUMNS} from users u ${where.sql} order by u.created_at desc, u.id desc limit ? offset ?`,
    [...where.params, limit, offset],
  );
  return rows.map(toAdminUser);
}

export async function countAdminUsers(em: EntityManager, filter: TUserFilter): Promise<number> {
  const where = whereOf(filter);
  const rows = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from users u ${where.sql}`,
    where.params,
  );
  return rows[0]?.n ?? 0;
}

export async function findAdminUser(em: EntityManager, id: number): Promise<TAdminUser | null> {
  const rows = await em.execute<TUserRow[]>(
    `select ${COLUMNS} from users u where u.id = ? and u.deactivated_at is null`,
    [id],
  );
  return rows[0] ? toAdminUser(rows[0]) : null;
}

/** Locks the account row for the rest of the transaction. */
export async function lockAdminUser(tx: EntityManager, id: number): Promise<TAdminUser | null> {
  await tx.execute('select id from users where id = ? for update', [id]);
  return findAdminUser(tx, id);
}

export async function setUserAdmin(tx: EntityManager, id: number, isAdmin: boolean): Promise<void> {
  await tx.execute('update users set is_admin = ? where id = ?', [isAdmin, id]);
}

export async function setUserDisabled(tx: EntityManager, id: number, disabled: boolean): Promise<void> {
  await tx.execute(
    `update users set disabled_at = case when ? then coalesce(disabled_at, now()) else null end where id = ?`,
    [disabled, id],
  );
}

export async function deleteSessionsOf(tx: EntityManager, userId: number): Promise<number> {
  const rows = await tx.execute<{ id: string }[]>('delete from sessions where user_id = ? returning id', [
    userId,
  ]);
  return rows.length;
}
