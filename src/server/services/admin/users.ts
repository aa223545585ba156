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

/**
 * One switch of another account (its admin role, its being disabled). Never one's own: an admin cannot lock
 * themselves out by mistake. An account that already has the value is left alone; a change is recorded.
 */
async function switchAccount(
  em: EntityManager,
  actor: TActor,
  id: number,
  change: { key: 'isAdmin' | 'disabled'; value: boolean; ownRefusal: string; action: string },
  apply: (tx: EntityManager) => Promise<void>,
): Promise<TAdminUser> {
  if (id === actor.id) throw new AppError('FORBIDDEN', change.ownRefusal);
  await em.transactional(async (tx) => {
    const user = await lockedUser(tx, id);
    if (user[change.key] === change.value) return;
    await apply(tx);
    await recordActivity(tx, actor, {
      action: change.action,
      entityType: 'user',
      entityId: id,
      before: { [change.key]: user[change.key] },
      after: { [change.key]: change.value },
    });
  });
  return userById(em, id);
}

/** Makes or revokes an admin. */
export async function setAdminRole(
  em: EntityManager,
  id: number,
  isAdmin: boolean,
  actor: TActor,
): Promise<TAdminUser> {
  const change = {
    key: 'isAdmin',
    value: isAdmin,
    ownRefusal: CANNOT_CHANGE_OWN_ROLE,
    action: 'user.role',
  } as const;
  return switchAccount(em, actor, id, change, async (tx) => {
    await setUserAdmin(tx, id, isAdmin);
    // A session carries the lifetime of its role (admins' are shorter): sign the account in afresh.
    await deleteSessionsOf(tx, id);
  });
}

/** Disables (or re-enables) an account; disabling signs out all its sessions at once. */
export async function setAccountDisabled(
  em: EntityManager,
  id: number,
  disabled: boolean,
  actor: TActor,
): Promise<TAdminUser> {
  const action = disabled ? 'user.disable' : 'user.enable';
  const change = { key: 'disabled', value: disabled, ownRefusal: CANNOT_DISABLE_SELF, action } as const;
  return switchAccount(em, actor, id, change, async (tx) => {
    await setUserDisabled(tx, id, disabled);
    if (disabled) await deleteSessionsOf(tx, id);
  });
}
