import { z } from 'zod';
import { ZPublicConfig } from '#shared/schemas/settings.ts';
import { getPublicConfig } from '../services/settings/settings.ts';
import { publicProcedure, router } from '../trpc.ts';
import { routes } from './config.rest.ts';

export const configRouter = router({
  get: publicProcedure
    .meta({
      cache: 'public',
      ...routes.get,
    })
    .input(z.void())
    .output(ZPublicConfig)
    .query(({ ctx }) => getPublicConfig(ctx.em, ctx.deps.env.demoDirectAdmin)),
});
