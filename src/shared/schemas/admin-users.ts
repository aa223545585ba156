import { z } from 'zod';
import { ADMIN_USER_ROLES, SEARCH_TEXT_MAX } from '../url-search.ts';
import { zBool, ZId, zLine, zPageNumber, zPageSize } from './common.ts';

/** The admin's Guests page (docs/features.md#admin-back-office): accounts, their role and whether they may sign in. */
export const ADMIN_USERS_PAGE_SIZE = 25;

export const ZAdminUserListInput = z
  .object({
    page: zPageNumber(),
    pageSize: zPageSize(100, ADMIN_USERS_PAGE_SIZE),
    q: zLine('Search')
      .trim()
      .max(SEARCH_TEXT_MAX, { error: `Search must be at most ${SEARCH_TEXT_MAX} characters` })
      .optional(),
    role: z.enum(ADMIN_USER_ROLES, { error: 'Role must be admin or guest' }).optional(),
  })
  .prefault({});
export type TAdminUserListInput = z.input<typeof ZAdminUserListInput>;

export const ZAdminUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  isAdmin: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.string(),
  bookings: z.number().int().meta({ description: 'Number of bookings made with this account' }),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

export const ZAdminUserList = z.object({
  items: z.array(ZAdminUser),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TAdminUserList = z.infer<typeof ZAdminUserList>;

export const ZSetAdminInput = z.object({
  id: ZId,
  isAdmin: zBool('isAdmin must be true or false'),
});
export const ZSetDisabledInput = z.object({
  id: ZId,
  disabled: zBool('disabled must be true or false'),
});
