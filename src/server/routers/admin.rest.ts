import { rest } from '../route-meta.ts';

/**
 * The REST routes of the procedures of `admin.ts`, keyed as they are: method, path, and the words of the
 * OpenAPI document (docs/rest-contract.md#words).
 */
export const routes = {
  dashboard: rest.get(
    '/admin/dashboard',
    'Dashboard counters (revenue = sum of totalPrice of bookings not cancelled) and the 5 newest bookings and properties',
    "Revenue counts confirmed and pending bookings. Also today's arrivals and departures, occupancy and revenue by month.",
  ),
  activity: rest.get(
    '/admin/activity',
    'The audit trail: who changed what and when, newest first, optionally for one entity (admin)',
    "Each entry names who acted, the action and the entity it touched, with the fields that changed. Filter by entity to see one record's history; paged.",
  ),
  users: rest.get(
    '/admin/users',
    'Accounts, newest first, searchable by username, e-mail or name (admin)',
    'Every account, for the Users screen. `q` matches the username, e-mail or name; paged.',
  ),
  setAdmin: rest.put(
    '/admin/users/{id}/admin',
    'Make or revoke an admin (admin; never oneself)',
    "Grants or takes away the admin flag of another account. Changing one's own flag is refused, so the site always keeps an admin.",
  ),
  setDisabled: rest.put(
    '/admin/users/{id}/disabled',
    'Disable an account, which signs out its sessions, or enable it again (admin; never oneself)',
    "A disabled account cannot sign in and every session it had ends at once; enabling it lets it sign in again. One's own account cannot be disabled.",
  ),
};
