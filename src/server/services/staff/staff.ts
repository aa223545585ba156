import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { USERNAME_TAKEN } from '#shared/messages.ts';
import type { TUser } from '#shared/schemas/auth.ts';
import { roleHasHomes, type TStaffRole } from '#shared/schemas/staff-role.ts';
import {
  STAFF_CANNOT_CHANGE_SELF,
  STAFF_EXISTS,
  STAFF_HOME_NOT_FOUND,
  STAFF_INVITATION_INVALID,
  STAFF_NOT_FOUND,
  STAFF_SIGN_IN_FIRST,
  type TInvitationInfo,
  type TStaffInvitation,
  type TStaffList,
  type TStaffMember,
  type ZAcceptInvitationInput,
  type ZStaffAddInput,
  type ZStaffInviteInput,
  type ZStaffListInput,
  type ZStaffUpdateInput,
} from '#shared/schemas/staff.ts';
import { AppError } from '../../errors.ts';
import { insertGuestAccount, registrationClashes } from '../../repositories/accounts.ts';
import { deleteSessionsOf } from '../../repositories/sessions.ts';
import {
  countHomes,
  countStaffMembers,
  findAccountByEmail,
  findOpenInvitation,
  homeIdsOfStaff,
  homeTitles,
  insertInvitation,
  listOpenInvitations,
  listStaffMembers,
  lockAccountRole,
  markInvitationAccepted,
  replaceStaffHomes,
  revokeOpenInvitations,
  setAccountRole,
} from '../../repositories/staff.ts';
import { recordActivity, type TActor } from '../activity/activity.ts';
import { toUser, type TAuthRequest } from '../auth/accounts.ts';
import { hashPassword } from '../auth/passwords.ts';
import { enforceLimit, LIMITS } from '../auth/throttle.ts';
import { newLinkToken, tokenHash } from '../auth/secret-tokens.ts';
import { createSession, hasStaffSession, invalidateSession, type TSessionUser } from '../auth/sessions.ts';
import { emailStaffInvitation } from '../email/staff-emails.ts';

/** Staff roles, per-home access and invitations (docs/staff.md). */

export const INVITATION_DAYS = 7;

export function invitationPath(token: string): string {
  return `/team/join/${token}`;
}

export async function listStaff(
  em: EntityManager,
  input: z.output<typeof ZStaffListInput>,
  now = new Date(),
): Promise<TStaffList> {
  const [items, total, invitations] = await Promise.all([
    listStaffMembers(em, input.pageSize, (input.page - 1) * input.pageSize),
    countStaffMembers(em),
    listOpenInvitations(em, now),
  ]);
  return { items, total, page: input.page, pageSize: input.pageSize, invitations };
}

async function staffMember(em: EntityManager, id: number): Promise<TStaffMember> {
  const [member] = await listStaffMembers(em, 1, 0, id);
  if (!member) throw new AppError('NOT_FOUND', STAFF_NOT_FOUND);
  return member;
}

/** The homes a role keeps: none for the owner-operator (every home), each named one existing for the rest. */
async function homesFor(em: EntityManager, role: TStaffRole, propertyIds: number[]): Promise<number[]> {
  if (!roleHasHomes(role)) return [];
  const ids = [...new Set(propertyIds)].sort((a, b) => a - b);
  if ((await countHomes(em, ids)) !== ids.length) throw new AppError('VALIDATION', STAFF_HOME_NOT_FOUND);
  return ids;
}

/** Invites by e-mail through a single-use link; an address already on the team is refused with 409. */
export async function inviteStaff(
  em: EntityManager,
  input: z.output<typeof ZStaffInviteInput>,
  actor: TActor,
  now = new Date(),
): Promise<TStaffInvitation> {
  const existing = await findAccountByEmail(em, input.email);
  if (existing?.role) throw new AppError('CONFLICT', STAFF_EXISTS);
  const propertyIds = await homesFor(em, input.role, input.propertyIds);
  const homes = await homeTitles(em, propertyIds);
  const { token, hash } = newLinkToken();
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000);
  const name = input.name?.trim() || null;
  const id = await em.transactional(async (tx) => {
    await revokeOpenInvitations(tx, input.email, now);
    const invitationId = await insertInvitation(tx, {
      tokenHash: hash,
      email: input.email,
      name,
      role: input.role,
      propertyIds,
      invitedBy: actor.id,
      expiresAt,
    });
    await emailStaffInvitation(
      tx,
      {
        email: input.email,
        name,
        role: input.role,
        homes: homes.map((h) => h.title),
        invitedBy: actor.name || actor.username,
      },
      invitationPath(token),
      INVITATION_DAYS,
    );
    await recordActivity(tx, actor, {
      action: 'staff.invite',
      entityType: 'user',
      entityId: `invitation:${invitationId}`,
      before: {},
      after: { email: input.email, role: input.role, homes: propertyIds },
    });
    return invitationId;
  });
  return {
    id,
    email: input.email,
    name,
    role: input.role,
    homes,
    createdAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
  };
}

/**
 * Changes a person's role and homes in one transaction, with one activity entry. Their sessions end, so
 * the new rights apply from the next sign-in and no page keeps showing what they may no longer see.
 */
async function changeAccess(
  tx: EntityManager,
  id: number,
  next: { role: TStaffRole | null; propertyIds?: number[] | undefined },
  actor: TActor,
  action: string,
): Promise<void> {
  const locked = await lockAccountRole(tx, id);
  if (!locked) throw new AppError('NOT_FOUND', STAFF_NOT_FOUND);
  const beforeHomes = locked.role && roleHasHomes(locked.role) ? await homeIdsOfStaff(tx, id) : [];
  const homes = next.role ? await homesFor(tx, next.role, next.propertyIds ?? beforeHomes) : [];
  if (next.role === locked.role && JSON.stringify(homes) === JSON.stringify(beforeHomes)) return;
  await setAccountRole(tx, id, next.role);
  await replaceStaffHomes(tx, id, homes);
  if (next.role !== locked.role) await deleteSessionsOf(tx, id, null);
  await recordActivity(tx, actor, {
    action,
    entityType: 'user',
    entityId: id,
    before: { role: locked.role, homes: beforeHomes },
    after: { role: next.role, homes },
  });
}

/** Gives a staff role to an existing account. */
export async function addStaff(
  em: EntityManager,
  input: z.output<typeof ZStaffAddInput>,
  actor: TActor,
): Promise<TStaffMember> {
  if (input.userId === actor.id) throw new AppError('FORBIDDEN', STAFF_CANNOT_CHANGE_SELF);
  await em.transactional(async (tx) => {
    const locked = await lockAccountRole(tx, input.userId);
    if (!locked) throw new AppError('NOT_FOUND', STAFF_NOT_FOUND);
    if (locked.role) throw new AppError('CONFLICT', STAFF_EXISTS);
    await changeAccess(
      tx,
      input.userId,
      { role: input.role, propertyIds: input.propertyIds },
      actor,
      'staff.add',
    );
  });
  return staffMember(em, input.userId);
}

/** Changes a team member's role or homes; `role: null` takes them off the team. */
export async function updateStaff(
  em: EntityManager,
  input: z.output<typeof ZStaffUpdateInput>,
  actor: TActor,
): Promise<TStaffMember | null> {
  if (input.id === actor.id) throw new AppError('FORBIDDEN', STAFF_CANNOT_CHANGE_SELF);
  await em.transactional(async (tx) => {
    const locked = await lockAccountRole(tx, input.id);
    if (!locked?.role) throw new AppError('NOT_FOUND', STAFF_NOT_FOUND);
    const role = input.role === undefined ? locked.role : input.role;
    await changeAccess(tx, input.id, { role, propertyIds: input.propertyIds }, actor, 'staff.update');
  });
  return input.role === null ? null : staffMember(em, input.id);
}

export async function invitationInfo(
  em: EntityManager,
  token: string,
  now = new Date(),
): Promise<TInvitationInfo> {
  const hash = tokenHash(token);
  const invite = hash ? await findOpenInvitation(em, hash, now) : null;
  if (!invite) throw new AppError('NOT_FOUND', STAFF_INVITATION_INVALID);
  const account = await findAccountByEmail(em, invite.email);
  return { email: invite.email, name: invite.name, role: invite.role, accountExists: account !== null };
}

/**
 * Uses the link once. Without an account for the invited e-mail, one is made from the form and signed
 * in; with one, its owner must be signed in (the link alone never takes over an account).
 */
export async function acceptInvitation(
  em: EntityManager,
  input: z.output<typeof ZAcceptInvitationInput>,
  sessionUser: TSessionUser | null,
  req: TAuthRequest,
  now = new Date(),
): Promise<TUser> {
  // Anonymous and it can make an account: limited per address like registration.
  await enforceLimit(em, LIMITS.registerPerIp, req.ip);
  const hash = tokenHash(input.token);
  if (!hash) throw new AppError('NOT_FOUND', STAFF_INVITATION_INVALID);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const { userId, fresh } = await em.transactional(async (tx) => {
    const invite = await findOpenInvitation(tx, hash, now, true);
    if (!invite) throw new AppError('NOT_FOUND', STAFF_INVITATION_INVALID);
    const account = await findAccountByEmail(tx, invite.email);
    let id: number;
    if (account) {
      if (sessionUser?.id !== account.id) throw new AppError('CONFLICT', STAFF_SIGN_IN_FIRST);
      if (account.role) throw new AppError('CONFLICT', STAFF_EXISTS);
      id = account.id;
    } else {
      if (!input.username || !passwordHash)
        throw new AppError('VALIDATION', 'Choose a username and a password');
      const clashes = await registrationClashes(tx, input.username, invite.email);
      if (clashes.usernameTaken) throw new AppError('CONFLICT', USERNAME_TAKEN);
      id = (
        await insertGuestAccount(tx, {
          username: input.username,
          email: invite.email,
          name: input.name?.trim() || invite.name,
          passwordHash,
        })
      ).id;
    }
    await markInvitationAccepted(tx, invite.id, now);
    const invitee = { id, username: input.username ?? sessionUser?.username ?? invite.email };
    await changeAccess(tx, id, { role: invite.role, propertyIds: invite.propertyIds }, invitee, 'staff.join');
    return { userId: id, fresh: !account };
  });
  const [member] = await listStaffMembers(em, 1, 0, userId);
  if (!member) throw new AppError('NOT_FOUND', STAFF_NOT_FOUND);
  const user: TSessionUser = {
    id: member.id,
    username: member.username,
    email: member.email,
    name: member.name,
    isAdmin: member.role === 'owner-operator',
    role: member.role,
  };
  // A new account is signed in at once; an existing one was signed out by its change of role.
  if (fresh || sessionUser) {
    if (req.sessionId) await invalidateSession(em, req.sessionId);
    const { token, expiresAt } = await createSession(em, user.id, hasStaffSession(user), now);
    req.cookies.setSession(token, expiresAt);
  }
  return toUser(user);
}
