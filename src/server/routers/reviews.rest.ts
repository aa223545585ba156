import { rest } from '../route-meta.ts';

/**
 * The REST routes of the procedures of `reviews.ts`, keyed as they are: method, path, and the words of the
 * OpenAPI document (docs/rest-contract.md#words).
 */
export const routes = {
  byProperty: rest.get(
    '/properties/{id}/reviews',
    "A property's reviews, newest first",
    'The reviews of a home, each with its author, rating, date and comment, newest first.',
  ),
  create: rest.post(
    '/reviews',
    'Add a review (admin); the author is the session user, userImage may be an image data URL',
    'Adds a review of a home in the back office, written by the signed-in admin. userImage may be an image data URL, which is stored.',
  ),
  update: rest.patch(
    '/reviews/{id}',
    'Change a review (admin)',
    'Saves the fields sent; the others stay as they were.',
  ),
  delete: rest.delete('/reviews/{id}', 'Delete a review (admin)', 'Removes a review for good.'),
  adminList: rest.get(
    '/admin/reviews',
    'Every review across all homes (admin), newest first: by home, rating and reviewer name, paged',
    'Every review of every home for the back office table, filtered by home, rating and reviewer name, newest first; paged.',
  ),
};
