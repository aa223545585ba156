import { z } from 'zod';
import { ZEmailServiceStatus } from '#shared/schemas/emails.ts';
import { ZSettings, ZSettingsView } from '#shared/schemas/settings.ts';
import { emailServiceStatus } from '../services/email/status.ts';
import { getSettings, updateSettings } from '../services/settings/settings.ts';
import { operatorProcedure, router } from '../trpc.ts';
import { rest } from '../route-meta.ts';

/** The REST route of each procedure below: its method, path and the words of the OpenAPI document. */
const routes = {
  get: rest.get(
    '/settings',
    'Every setting (admin)',
    'Every site setting the owner-operator can change, including the private ones GET /config leaves out.',
  ),
  update: rest.put(
    '/settings',
    'Save every setting (admin); the public part is served by GET /config',
    'Saves every setting at once. The public part of them is what GET /config answers.',
  ),
  emailStatus: rest.get(
    '/settings/email-status',
    "The Integrations tab's Email Service status, as the server sees it (admin)",
    "'connected' after a successful SMTP verify (cached), 'local' without SMTP_URL (.eml files), 'disabled' with Email Notifications off, 'unreachable' when the SMTP server refuses.",
  ),
};

export const settingsRouter = router({
  get: operatorProcedure
    .meta(routes.get)
    .input(z.void())
    .output(ZSettingsView)
    .query(({ ctx }) => getSettings(ctx.em)),

  update: operatorProcedure
    .meta(routes.update)
    .input(ZSettings)
    .output(ZSettingsView)
    .mutation(({ ctx, input }) => updateSettings(ctx.em, input, ctx.actingUser)),

  emailStatus: operatorProcedure
    .meta(routes.emailStatus)
    .input(z.void())
    .output(ZEmailServiceStatus)
    .query(({ ctx }) => emailServiceStatus(ctx.em, ctx.deps.env.smtpUrl)),
});
