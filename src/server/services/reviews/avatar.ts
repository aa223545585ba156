import { IMAGE_MAX_BYTES } from '../../../shared/constants.ts';
import { AppError } from '../../errors.ts';
import { storeImage } from '../media/images.ts';
import { mediaNameFromUrl, type TMediaStore } from '../media/store.ts';

const DATA_URL_RE = /^data:([a-z0-9.+/-]+)?(;[a-z0-9-]+=[^;,]*)*;base64,/i;

/** JPEG, PNG, GIF and WebP, recognised by their first bytes rather than by what the data URL claims. */
function looksLikeImage(b: Buffer): boolean {
  if (b.length < 12) return false;
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return true;
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return true;
  if (b.subarray(0, 4).toString('latin1') === 'GIF8') return true;
  return b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP';
}

function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(2);
}

/**
 * A review's avatar as the form sends it: a data URL (decoded, checked, re-encoded and stored; only its
 * /media URL is kept, DECISIONS 11), a /media URL this server already stores, or nothing.
 */
export async function storeAvatar(media: TMediaStore, ref: string | null | undefined): Promise<string | null> {
  if (!ref) return null;
  const name = mediaNameFromUrl(ref);
  if (name !== undefined) {
    if (!(await media.has(name))) throw new AppError('VALIDATION', 'The user image is not a stored image');
    return ref;
  }
  const header = DATA_URL_RE.exec(ref);
  if (!header) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The user image must be a base64 image data URL');
  const bytes = Buffer.from(ref.slice(header[0].length), 'base64');
  if (bytes.length > IMAGE_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', `Image too large (${megabytes(bytes.length)} MB). Maximum size is 3MB per image.`);
  }
  if (!looksLikeImage(bytes)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The user image must be a JPEG, PNG, GIF or WebP image');
  try {
    return await storeImage(media, bytes);
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Error processing image');
  }
}
