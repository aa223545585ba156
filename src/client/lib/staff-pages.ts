import { BACK_OFFICE_ROLES, staffRoleOf, type TStaffRole } from '#shared/schemas/staff-role.ts';
import type { TUser } from '#shared/schemas/auth.ts';

/**
 * Which staff roles open which admin page (docs/staff.md). A convenience for the menu and the guard: the
 * server refuses every call a role may not make, whatever the browser shows.
 */
const PAGE_ROLES: Record<string, readonly TStaffRole[]> = {
  '/admin/users': ['owner-operator'],
  '/admin/team': ['owner-operator'],
  '/admin/settings': ['owner-operator'],
  '/admin/tasks': [...BACK_OFFICE_ROLES, 'housekeeper'],
  // An owner reads their own statement; the back office previews any owner's (the operator publishes).
  '/admin/statements': [...BACK_OFFICE_ROLES, 'owner'],
};

export function staffRole(user: TUser | null | undefined): TStaffRole | null {
  return user ? staffRoleOf(user) : null;
}

/** Pages opened by exactly this path: the timeline is every role's read-only calendar of its homes. */
const EXACT_PAGE_ROLES: Record<string, readonly TStaffRole[]> = {
  '/admin/calendar': [...BACK_OFFICE_ROLES, 'housekeeper', 'owner'],
};

/** The roles that may open the admin page at `path` (the exact path, else its first two segments, decide). */
export function pageRoles(path: string): readonly TStaffRole[] {
  const clean = path.replace(/\/+$/, '') || '/admin';
  const key = clean.split('/').slice(0, 3).join('/');
  return EXACT_PAGE_ROLES[clean] ?? PAGE_ROLES[key] ?? BACK_OFFICE_ROLES;
}

export function mayOpen(role: TStaffRole | null, path: string): boolean {
  return role !== null && pageRoles(path).includes(role);
}

/** Where a role starts in the admin area; '/' for someone who has no page there. */
export function landingPage(role: TStaffRole | null): string {
  return ['/admin', '/admin/tasks', '/admin/calendar'].find((p) => mayOpen(role, p)) ?? '/';
}
