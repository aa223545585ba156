import { rest } from '../route-meta.ts';

/**
 * The REST routes of the procedures of `config.ts`, keyed as they are: method, path, and the words of the
 * OpenAPI document (docs/rest-contract.md#words).
 */
export const routes = {
  get: rest.get(
    '/config',
    'Demo mode and public settings',
    'What the site needs before anyone signs in: whether it runs in demo mode, and the public part of the settings.',
  ),
};
