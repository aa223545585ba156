import { z } from 'zod';
import { ZEmailServiceStatus } from '#shared/schemas/emails.ts';
import { ZSettings, ZSettingsView } from '#shared/schemas/settings.ts';
import { emailServiceStatus } from '../services/email/status.ts';
import { getSettings, updateSettings } from '../services/settings/settings.ts';
import { operatorProcedure, router } from '../trpc.ts';
import { rest } from '../route-meta.ts';

export const settingsRouter = router({
  get: operatorProcedure
    .meta(
      rest.get('/settings', {
        summary: 'Every setting (admin)',
        description:
          'Every site setting the owner-operator can change, including the private ones GET /config leaves out.',
      }),
    )
    .input(z.void())
    .output(ZSettingsView)
    .query(({ ctx }) => getSettings(ctx.em)),

  update: operatorProcedure
    .meta(
      rest.put('/settings', {
        summary: 'Save every setting (admin); the public part is served by GET /config',
        description: 'Saves every setting at once. The public part of them is what GET /config answers.',
      }),
    )
    .input(ZSettings)
    .output(ZSettingsView)
    .mutation(({ ctx, input }) => updateSettings(ctx.em, input, ctx.actingUser)),

  emailStatus: operatorProcedure
    .meta(
      rest.get('/settings/email-status', {
        summary: "The Integrations tab's Email Service status, as the server sees it (admin)",
        description:
          "'connected' after a successful SMTP verify (cached), 'local' without SMTP_URL (.eml files), 'disabled' with Email Notifications off, 'unreachable' when the SMTP server refuses.",
      }),
    )
    .input(z.void())
    .output(ZEmailServiceStatus)
    .query(({ ctx }) => emailServiceStatus(ctx.em, ctx.deps.env.smtpUrl)),
});
