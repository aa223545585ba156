import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { TStaffRole } from '#shared/schemas/staff-role.ts';
import { BaseEntity, oneOf } from './base.entity.ts';

export const User = defineEntity({
  name: 'User',
  tableName: 'users',
  extends: BaseEntity,
  properties: {
    username: p.string().length(50),
    /** An argon2id hash, never the password itself. */
    password: p.text().hidden().lazy(),
    email: p.string().length(254),
    name: p.string().length(100).nullable(),
    isAdmin: p.boolean().default(false),
    /** A staff role other than the owner-operator (who is `isAdmin`); null for a guest (docs/staff.md). */
    staffRole: p.string().length(20).nullable().$type<Exclude<TStaffRole, 'owner-operator'>>(),
    /** Set when the owner deletes the account: it can no longer sign in, and the purge job removes it. */
    deactivatedAt: p.datetime().nullable(),
    /** Set when an admin disables the account: it cannot sign in and its sessions are gone. */
    disabledAt: p.datetime().nullable(),
  },
  indexes: [
    {
      name: 'users_username_lower_idx',
      expression: 'create unique index "users_username_lower_idx" on "users" (lower("username"))',
    },
    {
      name: 'users_email_lower_idx',
      expression: 'create unique index "users_email_lower_idx" on "users" (lower("email"))',
    },
    {
      name: 'users_search_trgm_idx',
      // The admin's Guests search (docs/features.md#admin-back-office): same expression as in repositories/admin-users.ts.
      expression: `create index "users_search_trgm_idx" on "users" using gin ((lower(username || ' ' || email || ' ' || coalesce(name, ''))) gin_trgm_ops)`,
    },
  ],
  checks: [
    { name: 'users_staff_role_check', expression: oneOf('staff_role', ['manager', 'housekeeper', 'owner']) },
  ],
});
export type IUser = InferEntity<typeof User>;
