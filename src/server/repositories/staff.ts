import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { asStaffRole, roleHasHomes, staffRoleOf, type TStaffRole } from '#shared/schemas/staff-role.ts';
import type { TStaffInvitation, TStaffMember } from '#shared/schemas/staff.ts';
import { Property } from '../entities/property.entity.ts';
import { StaffHome, StaffInvitation } from '../entities/staff.entity.ts';
import { User } from '../entities/user.entity.ts';
import { db } from './db.ts';
import type { THomeScope } from './home-scope.ts';

/** The team: staff roles, the homes each person may see, and invitations (docs/staff.md). */

/** The ids of the homes a manager, housekeeper or owner was given. */
export async function homeIdsOfStaff(em: EntityManager, userId: number): Promise<number[]> {
  const rows = await db(em)
    .selectFrom('staff_homes')
    .select('property_id')
    .where('user_id', '=', userId)
    .orderBy('property_id')
    .execute();
  return rows.map((r) => r.property_id);
}

/** The homes a signed-in person may see: every home (null) for the owner-operator, their own for other roles. */
export async function homeScopeOf(
  em: EntityManager,
  user: { id: number; isAdmin: boolean; role?: TStaffRole | null | undefined },
): Promise<THomeScope> {
  const role = staffRoleOf(user);
  if (role === null) return [];
  return roleHasHomes(role) ? homeIdsOfStaff(em, user.id) : null;
}

/** Staff are admins (the owner-operator) and accounts with a staff role; purged accounts are gone. */
function staffOf(em: EntityManager) {
  return db(em)
    .selectFrom('users as u')
    .where('u.deactivated_at', 'is', null)
    .where((eb) => eb.or([eb('u.is_admin', '=', true), eb('u.staff_role', 'is not', null)]));
}

type THome = { id: number; title: string };

async function homesByUser(em: EntityManager, userIds: number[]): Promise<Map<number, THome[]>> {
  const out = new Map<number, THome[]>();
  if (userIds.length === 0) return out;
  const rows = await db(em)
    .selectFrom('staff_homes as s')
    .innerJoin('properties as p', 'p.id', 's.property_id')
    .select(['s.user_id', 'p.id', 'p.title'])
    .where('s.user_id', 'in', userIds)
    .orderBy('p.title')
    .execute();
  for (const r of rows) out.set(r.user_id, [...(out.get(r.user_id) ?? []), { id: r.id, title: r.title }]);
  return out;
}

export async function listStaffMembers(
  em: EntityManager,
  limit: number,
  offset: number,
  onlyId?: number,
): Promise<TStaffMember[]> {
  let q = staffOf(em).select([
    'u.id',
    'u.username',
    'u.email',
    'u.name',
    'u.is_admin',
    'u.staff_role',
    sql<boolean>`u.disabled_at is not null`.as('disabled'),
  ]);
  if (onlyId !== undefined) q = q.where('u.id', '=', onlyId);
  const rows = await q
    .orderBy('u.is_admin', 'desc')
    .orderBy('u.username')
    .limit(limit)
    .offset(offset)
    .execute();
  const homes = await homesByUser(
    em,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    email: r.email,
    name: r.name,
    role: r.is_admin ? 'owner-operator' : (asStaffRole(r.staff_role) ?? 'manager'),
    disabled: r.disabled,
    homes: r.is_admin ? [] : (homes.get(r.id) ?? []),
  }));
}

export async function countStaffMembers(em: EntityManager): Promise<number> {
  const row = await staffOf(em)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirst();
  return row?.n ?? 0;
}

/** The account with this e-mail (any case), with its role; null when none. */
export async function findAccountByEmail(
  em: EntityManager,
  email: string,
): Promise<{ id: number; role: TStaffRole | null } | null> {
  const row = await db(em)
    .selectFrom('users')
    .select(['id', 'is_admin', 'staff_role'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  if (!row) return null;
  return { id: row.id, role: row.is_admin ? 'owner-operator' : asStaffRole(row.staff_role) };
}

/** Locks the account for the rest of the transaction; its role, or undefined when there is no such account. */
export async function lockAccountRole(
  tx: EntityManager,
  id: number,
): Promise<{ role: TStaffRole | null } | undefined> {
  const user = await tx.findOne(User, id, {
    fields: ['id', 'isAdmin', 'staffRole'],
    lockMode: LockMode.PESSIMISTIC_WRITE,
    filters: false,
  });
  if (!user) return undefined;
  return { role: user.isAdmin ? 'owner-operator' : asStaffRole(user.staffRole) };
}

/** The owner-operator is an admin account; the other roles live in `staff_role`. */
export async function setAccountRole(tx: EntityManager, id: number, role: TStaffRole | null): Promise<void> {
  await tx.nativeUpdate(
    User,
    { id },
    {
      isAdmin: role === 'owner-operator',
      staffRole: role === null || role === 'owner-operator' ? null : role,
    },
  );
}

export async function replaceStaffHomes(
  tx: EntityManager,
  userId: number,
  propertyIds: number[],
): Promise<void> {
  await tx.nativeDelete(StaffHome, { user: userId });
  if (propertyIds.length === 0) return;
  await tx.insertMany(
    StaffHome,
    propertyIds.map((propertyId) => ({
      user: tx.getReference(User, userId),
      property: tx.getReference(Property, propertyId),
    })),
  );
}

/** Adds one home to a person's homes (kept when they have it already). */
export async function grantHome(tx: EntityManager, userId: number, propertyId: number): Promise<void> {
  await db(tx)
    .insertInto('staff_homes')
    .values({ user_id: userId, property_id: propertyId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** How many of these ids name a home (archived ones included: staff may still need their history). */
export async function countHomes(em: EntityManager, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await db(em)
    .selectFrom('properties')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('id', 'in', ids)
    .executeTakeFirst();
  return row?.n ?? 0;
}

export async function homeTitles(em: EntityManager, ids: number[]): Promise<THome[]> {
  if (ids.length === 0) return [];
  return db(em)
    .selectFrom('properties')
    .select(['id', 'title'])
    .where('id', 'in', ids)
    .orderBy('title')
    .execute();
}

export async function insertInvitation(
  tx: EntityManager,
  data: {
    tokenHash: string;
    email: string;
    name: string | null;
    role: TStaffRole;
    propertyIds: number[];
    invitedBy: number;
    expiresAt: Date;
  },
): Promise<number> {
  const inv = tx.create(StaffInvitation, {
    tokenHash: data.tokenHash,
    email: data.email,
    name: data.name,
    role: data.role,
    propertyIds: data.propertyIds,
    invitedBy: tx.getReference(User, data.invitedBy),
    expiresAt: data.expiresAt,
  });
  await tx.flush();
  return inv.id;
}

/** A new invitation to an address replaces the ones still open, so only the newest link works. */
export async function revokeOpenInvitations(tx: EntityManager, email: string, now: Date): Promise<void> {
  await db(tx)
    .updateTable('staff_invitations')
    .set({ revoked_at: now })
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

export interface TOpenInvitation {
  id: number;
  tokenHash: string;
  email: string;
  name: string | null;
  role: TStaffRole;
  propertyIds: number[];
}

/** An invitation whose link still works, locked for the rest of the transaction when `lock`. */
export async function findOpenInvitation(
  em: EntityManager,
  tokenHash: string,
  now: Date,
  lock = false,
): Promise<TOpenInvitation | null> {
  let q = db(em)
    .selectFrom('staff_invitations')
    .select(['id', 'token_hash', 'email', 'name', 'role', 'property_ids'])
    .where('token_hash', '=', tokenHash)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  const role = asStaffRole(row?.role);
  if (!row || !role) return null;
  return {
    id: row.id,
    tokenHash: row.token_hash,
    email: row.email,
    name: row.name,
    role,
    propertyIds: row.property_ids,
  };
}

export async function markInvitationAccepted(tx: EntityManager, id: number, now: Date): Promise<void> {
  await tx.nativeUpdate(StaffInvitation, { id }, { acceptedAt: now });
}

export async function listOpenInvitations(em: EntityManager, now: Date): Promise<TStaffInvitation[]> {
  const rows = await db(em)
    .selectFrom('staff_invitations')
    .select(['id', 'email', 'name', 'role', 'property_ids', 'created_at', 'expires_at'])
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .limit(100)
    .execute();
  const titles = new Map(
    (await homeTitles(em, [...new Set(rows.flatMap((r) => r.property_ids))])).map((h) => [h.id, h]),
  );
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    role: asStaffRole(r.role) ?? 'manager',
    homes: r.property_ids.flatMap((id) => titles.get(id) ?? []),
    createdAt: new Date(r.created_at).toISOString(),
    expiresAt: new Date(r.expires_at).toISOString(),
  }));
}
