import { rest } from '../route-meta.ts';

/**
 * The REST routes of the procedures of `wishlist.ts`, keyed as they are: method, path, and the words of the
 * OpenAPI document (docs/rest-contract.md#words).
 */
export const routes = {
  list: rest.get('/wishlist', 'My saved homes', 'The homes the signed-in guest saved.'),
  save: rest.put(
    '/wishlist/{propertyId}',
    'Save a home',
    "Adds a home to the signed-in guest's saved homes.",
  ),
  remove: rest.delete(
    '/wishlist/{propertyId}',
    'Forget a saved home',
    "Takes a home off the signed-in guest's saved homes.",
  ),
  merge: rest.post(
    '/wishlist/merge',
    "Add the browser's saved homes to the account (at sign-in); answers the merged list",
    'At sign-in, adds the homes saved in the browser while signed out to the account, and answers the full list.',
  ),
};
