import { z } from 'zod';

export const ZCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string(),
  active: z.boolean(),
});
export type TCategory = z.infer<typeof ZCategory>;

export const ZCategoryInput = z.object({
  name: z
    .string({ error: 'Category name is required.' })
    .trim()
    .min(1, { error: 'Category name is required.' })
    .max(60, { error: 'Category name must be at most 60 characters.' }),
  icon: z.string().trim().max(2048, { error: 'Icon URL is too long.' }).default(''),
  active: z.boolean().default(true),
});
export type TCategoryInput = z.input<typeof ZCategoryInput>;
