import { z } from 'zod';
import { ZPublicConfig } from '#shared/schemas/settings.ts';
import { getPublicConfig } from '../services/settings/settings.ts';
import { publicProcedure, router } from '../trpc.ts';

export const configRouter = router({
  get: publicProcedure
    .meta({
      cache: 'public',
      openapi: { method: 'GET', path: '/config', tags: ['config'], summary: 'Demo mode and public settings' },
    })
    .input(z.void())
    .output(ZPublicConfig)
    .query(({ ctx }) => getPublicConfig(ctx.em, ctx.deps.env.demoDirectAdmin)),
});
