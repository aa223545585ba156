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

/** The team (docs/staff.md): only the owner-operator manages it; the invitation link is public. */
export const staffRouter = router({
  list: operatorProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/staff',
        tags: ['staff'],
        summary: 'The team with each role and homes, and the open invitations (owner-operator)',
      },
    })
    .input(ZStaffListInput)
    .output(ZStaffList)
    .query(({ ctx, input }) => listStaff(ctx.em, input)),

  add: operatorProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/staff',
        tags: ['staff'],
        summary: 'Give a staff role (and homes) to an existing account (owner-operator)',
      },
    })
    .input(ZStaffAddInput)
    .output(ZStaffMember)
    .mutation(({ ctx, input }) => addStaff(ctx.em, input, ctx.actingUser)),

  update: operatorProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/admin/staff/{id}',
        tags: ['staff'],
        summary: "Change a team member's role or homes; role null takes them off the team (owner-operator)",
      },
    })
    .input(ZStaffUpdateInput)
    .output(ZStaffMember.nullable())
    .mutation(({ ctx, input }) => updateStaff(ctx.em, input, ctx.actingUser)),

  invite: operatorProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/staff/invitations',
        tags: ['staff'],
        summary:
          'Invite someone by e-mail with a single-use link; 409 when the e-mail already belongs to the team (owner-operator)',
      },
    })
    .input(ZStaffInviteInput)
    .output(ZStaffInvitation)
    .mutation(({ ctx, input }) => inviteStaff(ctx.em, input, ctx.actingUser)),

  invitation: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/staff/invitations/{token}',
        tags: ['staff'],
        summary: 'What an invitation link offers (404 when used, replaced or expired)',
      },
    })
    .input(ZInvitationToken)
    .output(ZInvitationInfo)
    .query(({ ctx, input }) => invitationInfo(ctx.em, input.token)),

  acceptInvitation: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/staff/invitations/{token}/accept',
        tags: ['staff'],
        summary:
          'Use an invitation link once: makes the account (or, signed in as the invited e-mail, gives it the role) and signs in',
      },
    })
    .input(ZAcceptInvitationInput)
    .output(ZUser)
    .mutation(({ ctx, input }) => acceptInvitation(ctx.em, input, ctx.sessionUser, ctx)),
});
