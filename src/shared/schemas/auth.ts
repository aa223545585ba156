import { z } from 'zod';
import { VALID_EMAIL } from '../messages.ts';
import { zLine } from './common.ts';
import { STAFF_ROLES } from './staff-role.ts';

export const ZUsername = zLine('Username')
  .trim()
  .min(3, { error: 'Username must be at least 3 characters' })
  .max(50, { error: 'Username must be at most 50 characters' });
export const ZPassword = zLine('Password')
  .min(6, { error: 'Password must be at least 6 characters' })
  .max(200, { error: 'Password must be at most 200 characters' });

export const ZLoginInput = z.object({ username: ZUsername, password: ZPassword });
export type TLoginInput = z.infer<typeof ZLoginInput>;

/** `isAdmin` is not part of the schema: whatever a body says about it is dropped (docs/decisions.md#no-admin-registration). */
export const ZRegisterInput = z.object({
  username: ZUsername,
  email: z.email({ error: VALID_EMAIL }).max(254, { error: VALID_EMAIL }),
  password: ZPassword,
  name: zLine('Name').trim().max(100, { error: 'Name must be at most 100 characters' }).optional(),
});
export type TRegisterInput = z.infer<typeof ZRegisterInput>;

export const ZUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  isAdmin: z.boolean(),
  role: z
    .enum(STAFF_ROLES)
    .nullable()
    .optional()
    .meta({ description: 'Staff role (an admin is the owner-operator); null for a guest' }),
});
export type TUser = z.infer<typeof ZUser>;

/** `POST /api/auth/logout` takes an empty object (the spec's payload) or nothing (tRPC). */
export const ZLogoutInput = z.object({}).optional();
export const ZLogoutResult = z.object({ success: z.literal(true) });
export type TLogoutResult = z.infer<typeof ZLogoutResult>;
