import { z } from 'zod';
import { CATEGORY_ICON_RULE } from '../messages.ts';
import { zBool, zLine, withDefault } from './common.ts';

export const ZCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string(),
  active: z.boolean(),
});
export type TCategory = z.infer<typeof ZCategory>;

/**
 * What a category icon may be (README, "Category icons"): an image uploaded through the form (a data URL,
 * which the server checks, re-encodes and stores like an avatar), a path on this site (`/media/…`,
 * `/icons/…`), or any `https://` image URL, which the Content-Security-Policy allows for images.
 * Nothing else: `http://` would be blocked as mixed content, and `javascript:` never belongs in a src.
 */
export function isCategoryIconRef(v: string): boolean {
  if (v === '') return true;
  if (v.startsWith('data:image/')) return true;
  if (v.startsWith('/') && !v.startsWith('//')) return true;
  if (!v.startsWith('https://')) return false;
  try {
    return new URL(v).protocol === 'https:';
  } catch {
    return false;
  }
}

const ICON_URL_MAX_LENGTH = 2048;

export const ZCategoryInput = z.object({
  name: zLine('Category name', 'Category name is required.')
    .trim()
    .min(1, { error: 'Category name is required.' })
    .max(60, { error: 'Category name must be at most 60 characters.' }),
  icon: zLine('Icon')
    .trim()
    .refine((v) => v.startsWith('data:') || v.length <= ICON_URL_MAX_LENGTH, {
      error: 'Icon URL is too long.',
    })
    .refine(isCategoryIconRef, { error: CATEGORY_ICON_RULE })
    .default('')
    // The first published document limits an icon reference to 2048 characters, and so does the server for
    // every reference; an uploaded image (a data: URL) may be longer, up to the request's body limit.
    .meta({
      description:
        'An icon URL of at most 2048 characters, or an uploaded image as a data: URL (which may be longer)',
      override: { maxLength: ICON_URL_MAX_LENGTH },
    }),
  active: withDefault(zBool('Active must be true or false'), true),
});
export type TCategoryInput = z.input<typeof ZCategoryInput>;
