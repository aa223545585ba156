import { rest } from '../route-meta.ts';

/**
 * The REST routes of the procedures of `categories.ts`, keyed as they are: method, path, and the words of the
 * OpenAPI document (docs/rest-contract.md#words).
 */
export const routes = {
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
