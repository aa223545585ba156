import sharp from 'sharp';
import { IMAGE_MAX_SIDE } from '#shared/constants.ts';
import { IMAGE_VARIANT_WIDTHS } from '#shared/media.ts';
import { contentHash, MEDIA_URL_PREFIX, type TMediaStore } from './store.ts';

// One libvips thread per image: the callers run a few images side by side instead, which uses two
// cores better than one image on two threads, and keeps a large upload from starving other requests.
sharp.concurrency(1);

/** A decoded image larger than this is refused before sharp allocates it (a decompression bomb). */
const MAX_INPUT_PIXELS = 100_000_000;

/**
 * Re-encodes an image (longest side ≤ 1920 px, EXIF orientation applied, metadata dropped), stores it
 * with its WebP variants under a content-hashed name, and answers the main URL.
 * Throws sharp's error when the bytes are not a decodable image.
 */
export async function storeImage(store: TMediaStore, input: Buffer): Promise<string> {
  const main = await sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85 })
    .toBuffer();
  const hash = contentHash(main);
  const variantNames = IMAGE_VARIANT_WIDTHS.map((w) => `${hash}-${w}.webp`);
  if (await store.has(`${hash}.jpg`)) {
    // Same bytes stored before: mark them as in use again rather than encoding the variants twice.
    await Promise.all([`${hash}.jpg`, ...variantNames].map((n) => store.touch(n)));
    return `${MEDIA_URL_PREFIX}${hash}.jpg`;
  }
  // Variants come from the 1920 px image, not the original: cheaper, and the same pixels.
  await Promise.all(
    IMAGE_VARIANT_WIDTHS.map(async (w, i) => {
      const variant = await sharp(main)
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer();
      await store.put(variantNames[i] ?? `${hash}-${w}.webp`, variant);
    }),
  );
  // The main file last: its presence is what marks the set complete (see the shortcut above).
  return store.put(`${hash}.jpg`, main);
}

/** A private image re-encoded as the main image is (metadata dropped), with no variants: only the operator sees it. */
export function encodePrivateImage(input: Buffer): Promise<Buffer> {
  return sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85 })
    .toBuffer();
}
