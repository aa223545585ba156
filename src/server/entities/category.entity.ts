import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const Category = defineEntity({
  name: 'Category',
  tableName: 'categories',
  properties: {
    id: p.integer().primary(),
    name: p.string().length(60),
    icon: p.text(),
    active: p.boolean().default(true),
  },
  indexes: [
    {
      name: 'categories_name_lower_idx',
      expression: 'create unique index "categories_name_lower_idx" on "categories" (lower("name"))',
    },
  ],
});
export type ICategory = InferEntity<typeof Category>;
