import { z } from 'zod';
import { ZActivityList, ZActivityListInput } from '#shared/schemas/activity.ts';
import { ZDashboard } from '#shared/schemas/admin.ts';
import {
  ZAdminUser,
  ZAdminUserList,
  ZAdminUserListInput,
  ZSetAdminInput,
  ZSetDisabledInput,
} from '#shared/schemas/admin-users.ts';
import { listActivityPage } from '../services/activity/activity.ts';
import { getDashboard } from '../services/admin/dashboard.ts';
import { listUsers, setAccountDisabled, setAdminRole } from '../services/admin/users.ts';
import { adminProcedure, operatorProcedure, router, scopedInput } from '../trpc.ts';
import { rest } from '../route-meta.ts';

/** The REST route of each procedure below: its method, path and the words of the OpenAPI document. */
const routes = {
  dashboard: rest.get(
    '/admin/dashboard',
    'Dashboard counters (revenue = sum of totalPrice of bookings not cancelled) and the 5 newest bookings and properties',
    "Revenue counts confirmed and pending bookings. Also today's arrivals and departures, occupancy and revenue by month.",
  ),
  activity: rest.get(
    '/admin/activity',
    'The audit trail: who changed what and when, newest first, optionally for one entity (admin)',
    "Each entry names who acted, the action and the entity it touched, with the fields that changed. Filter by entity to see one record's history; paged.",
  ),
  users: rest.get(
    '/admin/users',
    'Accounts, newest first, searchable by username, e-mail or name (admin)',
    'Every account, for the Users screen. `q` matches the username, e-mail or name; paged.',
  ),
  setAdmin: rest.put(
    '/admin/users/{id}/admin',
    'Make or revoke an admin (admin; never oneself)',
    "Grants or takes away the admin flag of another account. Changing one's own flag is refused, so the site always keeps an admin.",
  ),
  setDisabled: rest.put(
    '/admin/users/{id}/disabled',
    'Disable an account, which signs out its sessions, or enable it again (admin; never oneself)',
    "A disabled account cannot sign in and every session it had ends at once; enabling it lets it sign in again. One's own account cannot be disabled.",
  ),
};

export const adminRouter = router({
  dashboard: adminProcedure
    .meta(routes.dashboard)
    .concat(scopedInput(z.void(), 'list'))
    .output(ZDashboard)
    .query(({ ctx }) => getDashboard(ctx.em, ctx.staff.homes)),

  activity: adminProcedure
    .meta(routes.activity)
    .concat(scopedInput(ZActivityListInput, 'list'))
    .output(ZActivityList)
    .query(({ ctx, input }) => listActivityPage(ctx.em, input, ctx.staff.homes)),

  users: operatorProcedure
    .meta(routes.users)
    .input(ZAdminUserListInput)
    .output(ZAdminUserList)
    .query(({ ctx, input }) => listUsers(ctx.em, input)),

  setAdmin: operatorProcedure
    .meta(routes.setAdmin)
    .input(ZSetAdminInput)
    .output(ZAdminUser)
    .mutation(({ ctx, input }) => setAdminRole(ctx.em, input.id, input.isAdmin, ctx.actingUser)),

  setDisabled: operatorProcedure
    .meta(routes.setDisabled)
    .input(ZSetDisabledInput)
    .output(ZAdminUser)
    .mutation(({ ctx, input }) => setAccountDisabled(ctx.em, input.id, input.disabled, ctx.actingUser)),
});
