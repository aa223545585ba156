import { z } from 'zod';
import { ZIdParam } from '../../shared/schemas/common.ts';
import { ZProperty, ZSearchInput, ZSearchResult } from '../../shared/schemas/property.ts';
import { getProperty, listProperties, searchProperties } from '../services/properties/queries.ts';
import { publicProcedure, router } from '../trpc.ts';

export const propertiesRouter = router({
  list: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/properties', tags: ['properties'], summary: 'Every listed property' } })
    .input(z.void())
    .output(z.array(ZProperty))
    .query(({ ctx }) => listProperties(ctx.em)),

  search: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/search/properties',
        tags: ['properties'],
        summary: 'Home grid search: filters and keyset pages of 12',
      },
    })
    .input(ZSearchInput)
    .output(ZSearchResult)
    .query(({ ctx, input }) => searchProperties(ctx.em, input)),

  byId: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/properties/{id}', tags: ['properties'], summary: 'One property' } })
    .input(ZIdParam)
    .output(ZProperty)
    .query(({ ctx, input }) => getProperty(ctx.em, input.id)),
});
