import type { TMediaStore } from '../media/store.ts';
import { storeImageDataUrl } from '../media/uploads.ts';

/**
 * A review's avatar as the form sends it: a data URL goes through the property image pipeline (magic
 * bytes, 3 MB limit, re-encoding; docs/decisions.md#media) and only its /media URL is kept; a /media URL this
 * server stores is kept as is; nothing means no avatar.
 */
export async function storeAvatar(
  media: TMediaStore,
  ref: string | null | undefined,
): Promise<string | null> {
  if (!ref) return null;
  return storeImageDataUrl(media, ref, 'User image');
}
