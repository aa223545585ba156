import { ADMIN_USER_ROLES, defined, readOneOf, readPage, readText } from '#shared/url-search.ts';
import type { TUsersSearch } from './api.ts';

/** Reads the Guests page's URL by the limits of ZAdminUserListInput (shared/url-search.ts says why not zod). */
export function parseUsersSearch(search: Record<string, unknown>): TUsersSearch {
  return defined<TUsersSearch>({
    page: readPage(search.page),
    q: readText(search.q),
    role: readOneOf(ADMIN_USER_ROLES, search.role),
  });
}
