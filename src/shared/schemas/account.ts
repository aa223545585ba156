import { z } from 'zod';
import { ZPassword } from './auth.ts';
import { VALID_EMAIL } from '../messages.ts';
import { zLine } from './common.ts';

export const ZProfileUpdate = z.object({
  name: zLine('Name').trim().max(100, { error: 'Name must be at most 100 characters' }),
  email: z.email({ error: VALID_EMAIL }).max(254, { error: VALID_EMAIL }),
  /** Needed to change the e-mail (the address that receives password-reset links). */
  currentPassword: zLine('Current password').max(200).optional(),
});
export type TProfileUpdate = z.input<typeof ZProfileUpdate>;

export const ZPasswordChange = z.object({
  currentPassword: zLine('Current password').min(1, { error: 'Please enter your current password' }).max(200),
  newPassword: ZPassword,
});
export type TPasswordChange = z.input<typeof ZPasswordChange>;

export const ZAccountDelete = z.object({
  password: zLine('Password').min(1, { error: 'Please enter your password' }).max(200),
});
export type TAccountDelete = z.input<typeof ZAccountDelete>;

export const ZResetRequest = z.object({
  email: z.email({ error: VALID_EMAIL }).max(254, { error: VALID_EMAIL }),
});
export type TResetRequest = z.input<typeof ZResetRequest>;

export const ZResetConfirm = z.object({ token: zLine('Token').trim().max(200), password: ZPassword });
export type TResetConfirm = z.input<typeof ZResetConfirm>;

export const RESET_NEUTRAL_MESSAGE =
  'If an account uses this e-mail address, we have sent it a link to reset the password.';
export const RESET_LINK_INVALID = 'This link is invalid or has expired';
export const WRONG_PASSWORD_MESSAGE = 'Your current password is not correct';

/** The link sent to the old address when an account's e-mail changes. */
export const ZEmailChangeUndo = z.object({ token: zLine('Token').trim().max(200) });
export type TEmailChangeUndo = z.input<typeof ZEmailChangeUndo>;

export const ZEmailChangeUndone = z.object({
  /** The address the account has again. */
  email: z.string(),
  /** Where to choose a new password: a fresh single-use reset link, for whoever holds the undo link. */
  resetPath: z.string(),
});
export type TEmailChangeUndone = z.output<typeof ZEmailChangeUndone>;

export const UNDO_LINK_INVALID = 'This link is invalid, has expired or was used already';
export const UNDO_EMAIL_TAKEN =
  'Another account uses that e-mail address now. Please write to us and we will sort it out.';
