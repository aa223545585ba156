import { rest } from '../route-meta.ts';

/**
 * The REST routes of the procedures of `auth.ts`, keyed as they are: method, path, and the words of the
 * OpenAPI document (docs/rest-contract.md#words).
 */
export const routes = {
  me: rest.get(
    '/auth/me',
    'The signed-in user (401 when signed out)',
    'Answers the account behind the session cookie, or 401 when there is no valid session.',
  ),
  login: rest.post(
    '/auth/login',
    'Sign in; starts a new session (rate-limited)',
    'Checks the username and password and sets a fresh session cookie. Repeated failures are refused with 429 for a while.',
  ),
  register: rest.post(
    '/auth/register',
    'Create an account and sign in',
    'Creates a guest account from a username, e-mail and password, and sets its session cookie. A username or e-mail already taken answers 409.',
  ),
  logout: rest.post(
    '/auth/logout',
    'End the current session',
    'Ends the session behind the cookie, if any, and clears the cookie.',
  ),
};
