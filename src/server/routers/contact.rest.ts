import { rest } from '../route-meta.ts';

/**
 * The REST routes of the procedures of `contact.ts`, keyed as they are: method, path, and the words of the
 * OpenAPI document (docs/rest-contract.md#words).
 */
export const routes = {
  send: rest.post(
    '/contact',
    'Send the Contact Us form: to the support e-mail, with an auto-reply to the sender',
    'Limited per IP (5 in 15 minutes; over it 429 with Retry-After).',
  ),
};
