import {
  ID_PHOTO_DATA_URL_MAX,
  ZCheckInSettings,
  ZCheckInSettingsUpdate,
  ZManageCheckInInput,
} from '#shared/schemas/check-in.ts';
import { ZManagedBooking, ZManageTokenParam } from '#shared/schemas/manage.ts';
import { ZFile } from '../route-meta.ts';
import { routes } from './check-in.rest.ts';
import {
  agreementFileAdmin,
  agreementFileByToken,
  checkInByToken,
  checkInSettings,
  idPhotoFile,
  updateCheckInSettings,
} from '../services/bookings/check-in.ts';
import { adminProcedure, publicProcedure, router, scopedInput, idInput } from '../trpc.ts';

/** Online check-in, the rental agreement and door codes (docs/check-in.md). */
export const checkInRouter = router({
  settings: adminProcedure
    .meta(routes.settings)
    .concat(idInput('property'))
    .output(ZCheckInSettings)
    .query(({ ctx, input }) => checkInSettings(ctx.em, input.id)),

  updateSettings: adminProcedure
    .meta(routes.updateSettings)
    .concat(scopedInput(ZCheckInSettingsUpdate, { id: 'property' }))
    .output(ZCheckInSettings)
    .mutation(({ ctx, input: { id, ...settings } }) =>
      updateCheckInSettings(ctx.em, id, settings, ctx.actingUser),
    ),

  manageCheckIn: publicProcedure
    .meta({
      ...routes.manageCheckIn,
      // The ID photo arrives inside the body as a data URL.
      bodyLimit: ID_PHOTO_DATA_URL_MAX + 16 * 1024,
    })
    .input(ZManageCheckInInput)
    .output(ZManagedBooking)
    .mutation(({ ctx, input: { token, ...form } }) =>
      checkInByToken(ctx.em, ctx.deps.env, token, form, ctx.ip),
    ),

  manageAgreementPdf: publicProcedure
    .meta(routes.manageAgreementPdf)
    .input(ZManageTokenParam)
    .output(ZFile)
    .query(({ ctx, input }) => agreementFileByToken(ctx.em, input.token)),

  adminAgreementPdf: adminProcedure
    .meta(routes.adminAgreementPdf)
    .concat(idInput('booking'))
    .output(ZFile)
    .query(({ ctx, input }) => agreementFileAdmin(ctx.em, input.id)),

  adminIdPhoto: adminProcedure
    .meta({
      ...routes.adminIdPhoto,
      unlisted: true,
    })
    .concat(idInput('booking'))
    .output(ZFile)
    .query(({ ctx, input }) => idPhotoFile(ctx.em, ctx.deps.env, input.id)),
});
