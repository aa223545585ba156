import { rest } from '../route-meta.ts';

/**
 * The REST routes of the procedures of `account.ts`, keyed as they are: method, path, and the words of the
 * OpenAPI document (docs/rest-contract.md#words).
 */
export const routes = {
  updateMe: rest.patch(
    '/auth/me',
    "Change the signed-in user's name and e-mail (the e-mail must be unique)",
    "Saves the account's display name and e-mail. A changed e-mail is announced to the old address with a link that undoes the change.",
  ),
  undoEmailChange: rest.post(
    '/auth/email-change/undo',
    'Undo an e-mail change from the link sent to the old address: the address returns, every session ends, and a new reset link is answered',
    'Takes the token from the link sent to the old address after an e-mail change. The old address is restored, all sessions end, and the answer carries a password-reset link.',
  ),
  changePassword: rest.post(
    '/auth/password',
    'Change the password (needs the current one); every other session ends',
    "Needs the current password. The new one replaces it and every session but the caller's ends.",
  ),
  deleteMe: rest.delete(
    '/auth/me',
    'Delete the account (needs the password): deactivated at once, personal data purged later',
    'Send { "password": "…" } as a JSON body; bookings stay, anonymised.',
  ),
  requestPasswordReset: rest.post(
    '/auth/password-reset/request',
    'Forgot password: e-mails a single-use link valid 1 hour (same answer for any address; rate-limited)',
    'Sends a one-use reset link valid for one hour when the address belongs to an account. The answer is the same either way, so it tells nobody which addresses exist.',
  ),
  confirmPasswordReset: rest.post(
    '/auth/password-reset/confirm',
    'Set a new password from a reset link; signs out every session and signs in',
    'Takes the token from a reset link and a new password. The link is used up, every session of the account ends, and the caller is signed in with a new one.',
  ),
};
