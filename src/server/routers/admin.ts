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
import { routes } from './admin.rest.ts';

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
