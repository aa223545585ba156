import {
  ZAcceptInvitationInput,
  ZInvitationInfo,
  ZInvitationToken,
  ZStaffAddInput,
  ZStaffInvitation,
  ZStaffInviteInput,
  ZStaffList,
  ZStaffListInput,
  ZStaffMember,
  ZStaffUpdateInput,
} from '#shared/schemas/staff.ts';
import { ZUser } from '#shared/schemas/auth.ts';
import {
  acceptInvitation,
  addStaff,
  invitationInfo,
  inviteStaff,
  listStaff,
  updateStaff,
} from '../services/staff/staff.ts';
import { operatorProcedure, publicProcedure, router } from '../trpc.ts';
import { routes } from './staff.rest.ts';

/** The team (docs/staff.md): only the owner-operator manages it; the invitation link is public. */
export const staffRouter = router({
  list: operatorProcedure
    .meta(routes.list)
    .input(ZStaffListInput)
    .output(ZStaffList)
    .query(({ ctx, input }) => listStaff(ctx.em, input)),

  add: operatorProcedure
    .meta(routes.add)
    .input(ZStaffAddInput)
    .output(ZStaffMember)
    .mutation(({ ctx, input }) => addStaff(ctx.em, input, ctx.actingUser)),

  update: operatorProcedure
    .meta(routes.update)
    .input(ZStaffUpdateInput)
    .output(ZStaffMember.nullable())
    .mutation(({ ctx, input }) => updateStaff(ctx.em, input, ctx.actingUser)),

  invite: operatorProcedure
    .meta(routes.invite)
    .input(ZStaffInviteInput)
    .output(ZStaffInvitation)
    .mutation(({ ctx, input }) => inviteStaff(ctx.em, input, ctx.actingUser)),

  invitation: publicProcedure
    .meta(routes.invitation)
    .input(ZInvitationToken)
    .output(ZInvitationInfo)
    .query(({ ctx, input }) => invitationInfo(ctx.em, input.token)),

  acceptInvitation: publicProcedure
    .meta(routes.acceptInvitation)
    .input(ZAcceptInvitationInput)
    .output(ZUser)
    .mutation(({ ctx, input }) => acceptInvitation(ctx.em, input, ctx.sessionUser, ctx)),
});
