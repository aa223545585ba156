import { rest } from '../route-meta.ts';

/**
 * The REST routes of the procedures of `emails-admin.ts`, keyed as they are: method, path, and the words of the
 * OpenAPI document (docs/rest-contract.md#words).
 */
export const routes = {
  emails: rest.get(
    '/admin/emails',
    'Emails in the outbox, newest first, with their status and rendered HTML (admin)',
    'The e-mails the site has sent or is sending (confirmations, reminders, replies), each with its recipient, status and rendered HTML; paged.',
  ),
  retryEmail: rest.post(
    '/admin/emails/{id}/retry',
    'Queue a failed email again, with a fresh round of attempts (admin)',
    'Answers the email, queued; 409 when it is not failed, 404 when there is no such email.',
  ),
};
