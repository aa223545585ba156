import { z } from 'zod';
import { ZPublicConfig } from '#shared/schemas/settings.ts';
import { getPublicConfig } from '../services/settings/settings.ts';
import { publicProcedure, router } from '../trpc.ts';
import { rest } from '../route-meta.ts';

export const configRouter = router({
  get: publicProcedure
    .meta({
      cache: 'public',
      ...rest.get('/config', {
        summary: 'Demo mode and public settings',
        description:
          'What the site needs before anyone signs in: whether it runs in demo mode, and the public part of the settings.',
      }),
    })
    .input(z.void())
    .output(ZPublicConfig)
    .query(({ ctx }) => getPublicConfig(ctx.em, ctx.deps.env.demoDirectAdmin)),
});
