import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { CANNOT_CHANGE_OWN_ROLE, CANNOT_DISABLE_SELF, USER_NOT_FOUND } from '#shared/messages.ts';
import type { TAdminUser, TAdminUserList, ZAdminUserListInput } from '#shared/schemas/admin-users.ts';
import {
  countAdminUsers,
  deleteSessionsOf,
  findAdminUser,
  listAdminUsers,
  lockAdminUser,
  setUserAdmin,
  setUserDisabled,
} from '../../repositories/admin-users.ts';
import { AppError } from '../../errors.ts';
import { recordActivity, type TActor } from '../activity/activity.ts';

export async function listUsers(
  em: EntityManager,
  input: z.output<typeof ZAdminUserListInput>,
): Promise<TAdminUserList> {
  const filter = { q: input.q || undefined, role: input.role };
  const [items, total] = await Promise.all([
    listAdminUsers(em, filter, input.pageSize, (input.page - 1) * input.pageSize),
    countAdminUsers(em, filter),
  ]);
  return { items, total, page: input.page, pageSize: input.pageSize };
}

async function userById(em: EntityManager, id: number): Promise<TAdminUser> {
  const user = await findAdminUser(em, id);
  if (!user) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
  return user;
}

async function lockedUser(tx: EntityManager, id: number): Promise<TAdminUser> {
  const user = await lockAdminUser(tx, id);
  if (!user) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
  return user;
}

/** Makes or revokes an admin. Never one's own role: an admin cannot lock themselves out by mistake. */
export async function setAdminRole(
  em: EntityManager,
  id: number,
  isAdmin: boolean,
  actor: TActor,
): Promise<TAdminUser> {
  if (id === actor.id) throw new AppError('FORBIDDEN', CANNOT_CHANGE_OWN_ROLE);
  await em.transactional(async (tx) => {
    const user = await lockedUser(tx, id);
    if (user.isAdmin === isAdmin) return;
    await setUserAdmin(tx, id, isAdmin);
    // A session carries the lifetime of its role (admins' are shorter): sign the account in afresh.
    await deleteSessionsOf(tx, id);
    await recordActivity(tx, actor, {
      action: 'user.role',
      entityType: 'user',
      entityId: id,
      before: { isAdmin: user.isAdmin },
      after: { isAdmin },
    });
  });
  return userById(em, id);
}

/** Disables (or re-enables) an account; disabling signs out all its sessions at once. Never oneself. */
export async function setAccountDisabled(
  em: EntityManager,
  id: number,
  disabled: boolean,
  actor: TActor,
): Promise<TAdminUser> {
  if (id === actor.id) throw new AppError('FORBIDDEN', CANNOT_DISABLE_SELF);
  await em.transactional(async (tx) => {
    const user = await lockedUser(tx, id);
    if (user.disabled === disabled) return;
    await setUserDisabled(tx, id, disabled);
    if (disabled) await deleteSessionsOf(tx, id);
    await recordActivity(tx, actor, {
      action: disabled ? 'user.disable' : 'user.enable',
      entityType: 'user',
      entityId: id,
      before: { disabled: user.disabled },
      after: { disabled },
    });
  });
  return userById(em, id);
}
