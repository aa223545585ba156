import { z } from 'zod';
import { ZCategory } from '../../shared/schemas/category.ts';
import { listCategories } from '../services/categories/queries.ts';
import { publicProcedure, router } from '../trpc.ts';

export const categoriesRouter = router({
  list: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/categories', tags: ['categories'], summary: 'All categories' } })
    .input(z.void())
    .output(z.array(ZCategory))
    .query(({ ctx }) => listCategories(ctx.em)),
});
