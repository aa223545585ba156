import {
  ID_PHOTO_DATA_URL_MAX,
  ZCheckInSettings,
  ZCheckInSettingsUpdate,
  ZManageCheckInInput,
} from '#shared/schemas/check-in.ts';
import { ZManagedBooking, ZManageTokenParam } from '#shared/schemas/manage.ts';
import { fileRoute, ZFile, rest } from '../route-meta.ts';
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
    .meta(
      rest.get('/properties/{id}/check-in-settings', {
        summary: "A home's online check-in settings: ID, rental agreement, door codes, reminder (admin)",
        description:
          "Whether the lead guest must upload an ID photo, the rental agreement with its variables, when the door code shows, the home's door codes or generated code length, and the reminder's days before arrival.",
      }),
    )
    .concat(idInput('property'))
    .output(ZCheckInSettings)
    .query(({ ctx, input }) => checkInSettings(ctx.em, input.id)),

  updateSettings: adminProcedure
    .meta(
      rest.put('/properties/{id}/check-in-settings', {
        summary: "Set a home's online check-in settings (admin)",
        description:
          'Saves the settings; stays that already have a door code keep it, and an agreement already signed keeps the text signed.',
      }),
    )
    .concat(scopedInput(ZCheckInSettingsUpdate, { id: 'property' }))
    .output(ZCheckInSettings)
    .mutation(({ ctx, input: { id, ...settings } }) =>
      updateCheckInSettings(ctx.em, id, settings, ctx.actingUser),
    ),

  manageCheckIn: publicProcedure
    .meta({
      ...rest.post('/bookings/manage/{token}/check-in', {
        summary: 'Check in online by the manage link: arrival time, adults, phone, ID photo, agreement',
        description:
          "Records the arrival time, the adults' names and a phone; the lead guest's ID photo (a data URL, at most 3 MB) when the home asks for one, kept privately; and, when the home has a rental agreement, the guest's typed full name, which signs it. Done once per booking.",
      }),
      // The ID photo arrives inside the body as a data URL.
      bodyLimit: ID_PHOTO_DATA_URL_MAX + 16 * 1024,
    })
    .input(ZManageCheckInInput)
    .output(ZManagedBooking)
    .mutation(({ ctx, input: { token, ...form } }) =>
      checkInByToken(ctx.em, ctx.deps.env, token, form, ctx.ip),
    ),

  manageAgreementPdf: publicProcedure
    .meta(
      fileRoute(
        {
          path: '/bookings/manage/{token}/agreement.pdf',
          summary: 'The signed rental agreement as a PDF, by the manage link',
          description:
            'The agreement exactly as the guest signed it, with the name typed, the time and the IP address.',
        },
        'application/pdf',
      ),
    )
    .input(ZManageTokenParam)
    .output(ZFile)
    .query(({ ctx, input }) => agreementFileByToken(ctx.em, input.token)),

  adminAgreementPdf: adminProcedure
    .meta(
      fileRoute(
        {
          path: '/admin/bookings/{id}/agreement.pdf',
          summary: "A booking's signed rental agreement as a PDF (admin)",
          description: 'The same document the guest downloads.',
        },
        'application/pdf',
      ),
    )
    .concat(idInput('booking'))
    .output(ZFile)
    .query(({ ctx, input }) => agreementFileAdmin(ctx.em, input.id)),

  adminIdPhoto: adminProcedure
    .meta({
      ...fileRoute(
        {
          path: '/admin/bookings/{id}/id-photo',
          summary: "The lead guest's ID photo (admin; 404 to anyone else)",
          description:
            'Kept privately until its deletion after check-out (docs/privacy.md). Anyone who may not see it, staff of other homes included, is answered 404.',
        },
        'image/jpeg',
      ),
      unlisted: true,
    })
    .concat(idInput('booking'))
    .output(ZFile)
    .query(({ ctx, input }) => idPhotoFile(ctx.em, ctx.deps.env, input.id)),
});
