import { z } from 'zod';
import { ZId } from './common.ts';

export const ZWishlistParam = z.object({ propertyId: ZId });
export const ZWishlistMergeInput = z.object({ propertyIds: z.array(ZId).max(500) });
export const ZWishlistIds = z.object({ propertyIds: z.array(z.number().int()) });
export type TWishlistIds = z.infer<typeof ZWishlistIds>;
