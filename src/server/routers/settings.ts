import { z } from 'zod';
import { ZEmailServiceStatus } from '#shared/schemas/emails.ts';
import { ZSettings, ZSettingsView } from '#shared/schemas/settings.ts';
import { emailServiceStatus } from '../services/email/status.ts';
import { getSettings, updateSettings } from '../services/settings/settings.ts';
import { operatorProcedure, router } from '../trpc.ts';
import { routes } from './settings.rest.ts';

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
