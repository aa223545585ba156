/**
 * Staff roles and what each may do (docs/staff.md). An account with no role is a guest. Free of zod: the
 * site's header reads it on every page's first load.
 */
export const STAFF_ROLES = ['owner-operator', 'manager', 'housekeeper', 'owner'] as const;
export type TStaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<TStaffRole, string> = {
  'owner-operator': 'Owner-operator',
  manager: 'Manager',
  housekeeper: 'Housekeeper',
  owner: 'Owner',
};

/** The roles that work the whole back office (bar what only the owner-operator may change). */
export const BACK_OFFICE_ROLES = ['owner-operator', 'manager'] as const satisfies readonly TStaffRole[];

/** Roles that see who the guests are; housekeepers and owners see a stay's party size and dates only. */
export const seesGuests = (role: TStaffRole): boolean => role === 'owner-operator' || role === 'manager';

/** Roles limited to the homes they are given (the owner-operator sees every home). */
export const roleHasHomes = (role: TStaffRole): boolean => role !== 'owner-operator';

/** An admin account is the owner-operator; any other account has the staff role it was given, or none. */
export function staffRoleOf(user: {
  isAdmin: boolean;
  role?: TStaffRole | null | undefined;
}): TStaffRole | null {
  return user.isAdmin ? 'owner-operator' : (user.role ?? null);
}

/** A stored role column as a role (the database's check constraint keeps it one of them). */
export function asStaffRole(value: string | null | undefined): TStaffRole | null {
  return (STAFF_ROLES as readonly string[]).includes(value ?? '') ? (value as TStaffRole) : null;
}

/** A turnover task's states: to do, started, done, or stopped by a problem the housekeeper reported. */
export const TASK_STATUSES = ['todo', 'in_progress', 'done', 'problem'] as const;
export type TTaskStatus = (typeof TASK_STATUSES)[number];
