import sharp from 'sharp';
import { IMAGE_MAX_SIDE } from '../../../shared/constants.ts';
import { IMAGE_VARIANT_WIDTHS } from '../../../shared/media.ts';
import { contentHash, type TMediaStore } from './store.ts';

sharp.concurrency(1);

/**
 * Re-encodes an image (longest side ≤ 1920 px, EXIF orientation applied, metadata dropped), stores it
 * with its WebP variants under a content-hashed name, and answers the main URL.
 */
export async function storeImage(store: TMediaStore, input: Buffer): Promise<string> {
  const base = sharp(input, { failOn: 'error', limitInputPixels: 100_000_000 }).rotate();
  const main = await base
    .clone()
    .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
  const hash = contentHash(main);
  if (await store.has(`${hash}.jpg`)) return `/media/${hash}.jpg`;
  await Promise.all(
    IMAGE_VARIANT_WIDTHS.map(async (w) => {
      const variant = await sharp(main).resize({ width: w, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
      await store.put(`${hash}-${w}.webp`, variant);
    }),
  );
  return store.put(`${hash}.jpg`, main);
}
