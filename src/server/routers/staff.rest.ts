import { rest } from '../route-meta.ts';

/**
 * The REST routes of the procedures of `staff.ts`, keyed as they are: method, path, and the words of the
 * OpenAPI document (docs/rest-contract.md#words).
 */
export const routes = {
  list: rest.get(
    '/admin/staff',
    'The team with each role and homes, and the open invitations (owner-operator)',
    'The people with a staff role, with the homes each may work on, and the invitations not yet used.',
  ),
  add: rest.post(
    '/admin/staff',
    'Give a staff role (and homes) to an existing account (owner-operator)',
    'Gives an existing account a staff role, limited to some homes when the role works by home.',
  ),
  update: rest.patch(
    '/admin/staff/{id}',
    "Change a team member's role or homes; role null takes them off the team (owner-operator)",
    "Changes a team member's role or homes; a null role takes them off the team.",
  ),
  invite: rest.post(
    '/admin/staff/invitations',
    'Invite someone by e-mail with a single-use link; 409 when the e-mail already belongs to the team (owner-operator)',
    'E-mails a single-use link that joins the team with the given role and homes. An address already on the team answers 409.',
  ),
  invitation: rest.get(
    '/staff/invitations/{token}',
    'What an invitation link offers (404 when used, replaced or expired)',
    'The role and homes an invitation link offers, so the page can show them before it is accepted.',
  ),
  acceptInvitation: rest.post(
    '/staff/invitations/{token}/accept',
    'Use an invitation link once: makes the account (or, signed in as the invited e-mail, gives it the role) and signs in',
    'Uses an invitation once. A new account is made, or the signed-in account with the invited e-mail gets the role; the caller is signed in.',
  ),
};
