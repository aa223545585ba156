import { defineEntity, p } from '@mikro-orm/core';

/** A row's creation time: set by the database, and by the ORM for the entity it creates. */
export const createdAtProperty = () =>
  p
    .datetime()
    .defaultRaw('now()')
    .onCreate(() => new Date());

/** The columns most tables share (as in mikro-orm/guide): a serial id and the row's creation time. */
export const BaseEntity = defineEntity({
  name: 'BaseEntity',
  abstract: true,
  properties: {
    id: p.integer().primary().autoincrement(),
    createdAt: createdAtProperty(),
  },
});

/** A check constraint's `column in (...)` from a shared list of values, so the list is written once. */
export function oneOf(column: string, values: readonly string[]): string {
  return `${column} in (${values.map((v) => `'${v}'`).join(', ')})`;
}
