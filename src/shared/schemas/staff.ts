import { z } from 'zod';
import { VALID_EMAIL } from '../messages.ts';
import { ZPassword, ZUsername } from './auth.ts';
import { ZId, zLine, zPageNumber, zPageSize } from './common.ts';
import { STAFF_ROLES } from './staff-role.ts';

export * from './staff-role.ts';

export const ZStaffRole = z.enum(STAFF_ROLES, {
  error: 'Role must be owner-operator, manager, housekeeper or owner',
});

export const STAFF_EXISTS = 'This e-mail already belongs to a member of the team.';
export const STAFF_INVITATION_INVALID = 'This invitation link is invalid, used or expired.';
export const STAFF_SIGN_IN_FIRST =
  'An account with this e-mail already exists. Sign in with it, then open the invitation link again.';
export const STAFF_NOT_FOUND = 'Team member not found';
export const STAFF_CANNOT_CHANGE_SELF = 'You cannot change your own role or access.';
export const STAFF_HOME_NOT_FOUND = 'One of the chosen homes does not exist.';

/** At most this many homes per person: a larger team splits the work by role instead. */
export const STAFF_HOMES_MAX = 500;

const ZPropertyIds = z
  .array(ZId, { error: 'Homes must be a list of home ids' })
  .max(STAFF_HOMES_MAX, { error: `At most ${STAFF_HOMES_MAX} homes` });

const ZStaffEmail = z.email({ error: VALID_EMAIL }).max(254, { error: VALID_EMAIL });

export const ZStaffInviteInput = z.object({
  email: ZStaffEmail,
  name: zLine('Name').trim().max(100, { error: 'Name must be at most 100 characters' }).optional(),
  role: ZStaffRole,
  propertyIds: ZPropertyIds.default([]),
});
export type TStaffInviteInput = z.input<typeof ZStaffInviteInput>;

/** Gives a role to an account that already exists (a guest who now works for the business). */
export const ZStaffAddInput = z.object({
  userId: ZId,
  role: ZStaffRole,
  propertyIds: ZPropertyIds.default([]),
});

/** `role: null` takes the person off the team; their account stays a guest account. */
export const ZStaffUpdateInput = z.object({
  id: ZId,
  role: ZStaffRole.nullable().optional(),
  propertyIds: ZPropertyIds.optional(),
});

export const ZStaffListInput = z.object({ page: zPageNumber(), pageSize: zPageSize(100, 50) }).prefault({});

export const ZStaffHome = z.object({ id: z.number().int(), title: z.string() });

export const ZStaffMember = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: ZStaffRole,
  disabled: z.boolean(),
  homes: z.array(ZStaffHome).meta({ description: 'The homes they may see; empty for an owner-operator' }),
});
export type TStaffMember = z.infer<typeof ZStaffMember>;

export const ZStaffInvitation = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  role: ZStaffRole,
  homes: z.array(ZStaffHome),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type TStaffInvitation = z.infer<typeof ZStaffInvitation>;

export const ZStaffList = z.object({
  items: z.array(ZStaffMember),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  invitations: z.array(ZStaffInvitation).meta({ description: 'Invitations not yet accepted or expired' }),
});
export type TStaffList = z.infer<typeof ZStaffList>;

export const ZInvitationToken = z.object({ token: zLine('Token').max(64, { error: 'Token is too long' }) });

export const ZInvitationInfo = z.object({
  email: z.string(),
  name: z.string().nullable(),
  role: ZStaffRole,
  accountExists: z.boolean(),
});
export type TInvitationInfo = z.infer<typeof ZInvitationInfo>;

/** New account fields are needed only when no account has the invited e-mail. */
export const ZAcceptInvitationInput = ZInvitationToken.extend({
  username: ZUsername.optional(),
  password: ZPassword.optional(),
  name: zLine('Name').trim().max(100, { error: 'Name must be at most 100 characters' }).optional(),
});
export type TAcceptInvitationInput = z.input<typeof ZAcceptInvitationInput>;
