import { z } from 'zod';
import { ZSettings, ZSettingsView } from '../../shared/schemas/settings.ts';
import { getSettings, updateSettings } from '../services/settings/settings.ts';
import { adminProcedure, router } from '../trpc.ts';

export const settingsRouter = router({
  get: adminProcedure
    .meta({
      openapi: { method: 'GET', path: '/settings', tags: ['settings'], summary: 'Every setting (admin)' },
    })
    .input(z.void())
    .output(ZSettingsView)
    .query(({ ctx }) => getSettings(ctx.em)),

  update: adminProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/settings',
        tags: ['settings'],
        summary: 'Save every setting (admin); the public part is served by GET /config',
      },
    })
    .input(ZSettings)
    .output(ZSettingsView)
    .mutation(({ ctx, input }) => updateSettings(ctx.em, input, ctx.actingUser)),
});
