import { z } from 'zod';
import { ZPublicConfig } from '#shared/schemas/settings.ts';
import { getPublicConfig } from '../services/settings/settings.ts';
import { publicProcedure, router } from '../trpc.ts';
import { rest } from '../route-meta.ts';

/** The REST route of each procedure below: its method, path and the words of the OpenAPI document. */
const routes = {
  get: rest.get(
    '/config',
    'Demo mode and public settings',
    'What the site needs before anyone signs in: whether it runs in demo mode, and the public part of the settings.',
  ),
};

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
