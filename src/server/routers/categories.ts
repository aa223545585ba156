import { z } from 'zod';
import { ZId, ZIdParam, ZOk } from '#shared/schemas/common.ts';
import { ZCategory, ZCategoryInput } from '#shared/schemas/category.ts';
import { createCategory, deleteCategory, updateCategory } from '../services/categories/mutations.ts';
import { listCategories } from '../services/categories/queries.ts';
import { adminProcedure, publicProcedure, router, scopedInput } from '../trpc.ts';
import { IMAGE_BODY } from '../route-meta.ts';

export const categoriesRouter = router({
  list: publicProcedure
    .meta({
      cache: 'public',
      openapi: { method: 'GET', path: '/categories', tags: ['categories'], summary: 'All categories' },
    })
    .input(z.void())
    .output(z.array(ZCategory))
    .query(({ ctx }) => listCategories(ctx.em)),

  create: adminProcedure
    .meta({
      bodyLimit: IMAGE_BODY,
      openapi: {
        method: 'POST',
        path: '/categories',
        tags: ['categories'],
        summary: 'Add a category (admin)',
      },
    })
    .concat(scopedInput(ZCategoryInput, 'none'))
    .output(ZCategory)
    .mutation(({ ctx, input }) => createCategory(ctx.em, ctx.deps.media, input, ctx.actingUser)),

  update: adminProcedure
    .meta({
      bodyLimit: IMAGE_BODY,
      openapi: {
        method: 'PUT',
        path: '/categories/{id}',
        tags: ['categories'],
        summary: 'Change a category (admin); a rename also renames it on every property that carries it',
      },
    })
    .concat(scopedInput(z.object({ id: ZId, ...ZCategoryInput.shape }), { id: 'shared' }))
    .output(ZCategory)
    .mutation(({ ctx, input: { id, ...data } }) =>
      updateCategory(ctx.em, ctx.deps.media, id, data, ctx.actingUser),
    ),

  delete: adminProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/categories/{id}',
        tags: ['categories'],
        summary: 'Delete a category (admin) and take it off every property',
      },
    })
    .concat(scopedInput(ZIdParam, { id: 'shared' }))
    .output(ZOk)
    .mutation(({ ctx, input }) => deleteCategory(ctx.em, input.id, ctx.actingUser)),
});
