import { z } from 'zod';
import { ZId, ZOk } from '#shared/schemas/common.ts';
import { ZCategory, ZCategoryInput } from '#shared/schemas/category.ts';
import { createCategory, deleteCategory, updateCategory } from '../services/categories/mutations.ts';
import { listCategories } from '../services/categories/queries.ts';
import { adminProcedure, publicProcedure, router, scopedInput, idInput } from '../trpc.ts';
import { IMAGE_BODY } from '../route-meta.ts';
import { routes } from './categories.rest.ts';

export const categoriesRouter = router({
  list: publicProcedure
    .meta({
      cache: 'public',
      ...routes.list,
    })
    .input(z.void())
    .output(z.array(ZCategory))
    .query(({ ctx }) => listCategories(ctx.em)),

  create: adminProcedure
    .meta({
      bodyLimit: IMAGE_BODY,
      ...routes.create,
    })
    .concat(scopedInput(ZCategoryInput, 'none'))
    .output(ZCategory)
    .mutation(({ ctx, input }) => createCategory(ctx.em, ctx.deps.media, input, ctx.actingUser)),

  update: adminProcedure
    .meta({
      bodyLimit: IMAGE_BODY,
      ...routes.update,
    })
    .concat(scopedInput(z.object({ id: ZId, ...ZCategoryInput.shape }), { id: 'shared' }))
    .output(ZCategory)
    .mutation(({ ctx, input: { id, ...data } }) =>
      updateCategory(ctx.em, ctx.deps.media, id, data, ctx.actingUser),
    ),

  delete: adminProcedure
    .meta(routes.delete)
    .concat(idInput('shared'))
    .output(ZOk)
    .mutation(({ ctx, input }) => deleteCategory(ctx.em, input.id, ctx.actingUser)),
});
