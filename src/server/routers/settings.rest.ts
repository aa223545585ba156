import { rest } from '../route-meta.ts';

/**
 * The REST routes of the procedures of `settings.ts`, keyed as they are: method, path, and the words of the
 * OpenAPI document (docs/rest-contract.md#words).
 */
export const routes = {
  get: rest.get(
    '/settings',
    'Every setting (admin)',
    'Every site setting the owner-operator can change, including the private ones GET /config leaves out.',
  ),
  update: rest.put(
    '/settings',
    'Save every setting (admin); the public part is served by GET /config',
    'Saves every setting at once. The public part of them is what GET /config answers.',
  ),
  emailStatus: rest.get(
    '/settings/email-status',
    "The Integrations tab's Email Service status, as the server sees it (admin)",
    "'connected' after a successful SMTP verify (cached), 'local' without SMTP_URL (.eml files), 'disabled' with Email Notifications off, 'unreachable' when the SMTP server refuses.",
  ),
};
