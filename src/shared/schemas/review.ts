import { z } from 'zod';
import { ZMediaRef } from './property.ts';
import { ID_MAX } from '../url-search.ts';
import { zInt, zLine, zText, withDefault } from './common.ts';

export const ZReview = z.object({
  id: z.number().int(),
  propertyId: z.number().int(),
  userId: z.number().int().nullable(),
  /** Written by a guest about their own completed stay (docs/decisions.md#stay-reviews); admin-written reviews are not. */
  verified: z.boolean(),
  userName: z.string(),
  userImage: z.string().nullable(),
  date: z.string(),
  rating: z.number().int(),
  comment: z.string(),
});
export type TReview = z.infer<typeof ZReview>;

const ZRating = zInt(
  z
    .number({ error: 'Rating must be a number' })
    .int({ error: 'Rating must be a whole number' })
    .min(1, { error: 'Rating must be between 1 and 5' })
    .max(5, { error: 'Rating must be between 1 and 5' }),
);

const reviewFields = {
  rating: withDefault(ZRating, 5),
  comment: zText('Review comment')
    .trim()
    .min(1, { error: 'Review comment is required' })
    .max(5000, { error: 'Review comment is too long' }),
  userName: zLine('User name')
    .trim()
    .max(100, { error: 'User name is too long' })
    .optional()
    .transform((v) => (v && v.length > 0 ? v : 'Admin')),
  userImage: ZMediaRef.nullable().optional(),
};

/** `userId` is accepted for old scripts and ignored: the server sets it from the session. */
export const ZReviewCreateInput = z.object({
  propertyId: zInt(
    z
      .number({ error: 'Please select a property' })
      .int({ error: 'Please select a property' })
      .positive({ error: 'Please select a property' })
      .max(ID_MAX, { error: 'Please select a property' }),
  ),
  userId: z.unknown().optional(),
  ...reviewFields,
});
export type TReviewCreateInput = z.input<typeof ZReviewCreateInput>;

/** Only the fields sent change; no default may fill in a field the caller left out. */
export const ZReviewUpdateInput = z.object({ ...reviewFields, rating: ZRating }).partial();
export type TReviewUpdateInput = z.input<typeof ZReviewUpdateInput>;
