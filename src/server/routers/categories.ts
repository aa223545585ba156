import { z } from 'zod';
import { ZId, ZOk } from '#shared/schemas/common.ts';
import { ZCategory, ZCategoryInput } from '#shared/schemas/category.ts';
import { createCategory, deleteCategory, updateCategory } from '../services/categories/mutations.ts';
import { listCategories } from '../services/categories/queries.ts';
import { adminProcedure, publicProcedure, router, scopedInput, idInput } from '../trpc.ts';
import { IMAGE_BODY, rest } from '../route-meta.ts';

/** The REST route of each procedure below: its method, path and the words of the OpenAPI document. */
const routes = {
  list: rest.get(
    '/categories',
    'All categories',
    'Every category with its name and icon, for the category strip and the property form.',
  ),
  create: rest.post(
    '/categories',
    'Add a category (admin)',
    'Adds a category homes can be filed under. A name already used answers 409.',
  ),
  update: rest.put(
    '/categories/{id}',
    'Change a category (admin); a rename also renames it on every property that carries it',
    "Saves a category's name or icon. A new name is also written on every home that carries the category; a name already used answers 409.",
  ),
  delete: rest.delete(
    '/categories/{id}',
    'Delete a category (admin) and take it off every property',
    'Removes a category and takes it off every home that carried it.',
  ),
};

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
