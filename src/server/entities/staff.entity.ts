import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { STAFF_ROLES, type TStaffRole } from '#shared/schemas/staff-role.ts';
import { oneOf, createdAtProperty } from './base.entity.ts';
import { Property } from './property.entity.ts';
import { User } from './user.entity.ts';

/** A home a manager, housekeeper or owner may see (docs/staff.md#per-home-access). */
export const StaffHome = defineEntity({
  name: 'StaffHome',
  tableName: 'staff_homes',
  properties: {
    user: () => p.manyToOne(User).primary().deleteRule('cascade'),
    property: () => p.manyToOne(Property).primary().deleteRule('cascade').index(),
  },
});
export type IStaffHome = InferEntity<typeof StaffHome>;

/** An invitation to join the team: the link's token is kept only as its SHA-256 (docs/staff.md#invitations). */
export const StaffInvitation = defineEntity({
  name: 'StaffInvitation',
  tableName: 'staff_invitations',
  properties: {
    id: p.integer().primary(),
    tokenHash: p.string().length(64).unique(),
    email: p.string().length(254),
    name: p.string().length(100).nullable(),
    role: p.string().length(20).$type<TStaffRole>(),
    propertyIds: p.array<number>().columnType('integer[]').defaultRaw(`'{}'`),
    invitedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    createdAt: createdAtProperty(),
    expiresAt: p.datetime(),
    acceptedAt: p.datetime().nullable(),
    /** A newer invitation to the same address replaces this one. */
    revokedAt: p.datetime().nullable(),
  },
  indexes: [
    {
      name: 'staff_invitations_open_idx',
      expression: `create index "staff_invitations_open_idx" on "staff_invitations" (lower("email")) where "accepted_at" is null and "revoked_at" is null`,
    },
  ],
  checks: [{ name: 'staff_invitations_role_check', expression: oneOf('role', STAFF_ROLES) }],
});
export type IStaffInvitation = InferEntity<typeof StaffInvitation>;
