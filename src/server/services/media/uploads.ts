import {
  IMAGE_MAX_BYTES,
  IMAGES_TOTAL_MAX_BYTES,
  VIDEO_MAX_BYTES,
  VIDEOS_TOTAL_MAX_BYTES,
} from '#shared/constants.ts';
import { AppError } from '../../errors.ts';
import { randomBytes } from 'node:crypto';
import { encodePrivateImage, storeImage } from './images.ts';
import { DECODABLE_IMAGE_FORMATS, sniffMedia } from './sniff.ts';
import { contentHash, mediaNameFromUrl, type TMediaStore } from './store.ts';

export interface TDataUrl {
  /** The type the sender claims; checked against the bytes, never trusted. */
  mime: string;
  bytes: Buffer;
}

const DATA_URL_RE = /^data:([^,;]*)((?:;[^,;]*)*),/;

/** Decodes `data:[<type>][;param…][;base64],<data>`; undefined when it is not a data URL. */
export function decodeDataUrl(value: string): TDataUrl | undefined {
  const m = DATA_URL_RE.exec(value.slice(0, 512));
  if (!m) return undefined;
  const mime = (m[1] ?? '').trim().toLowerCase();
  const isBase64 = (m[2] ?? '').toLowerCase().split(';').includes('base64');
  const payload = value.slice(m[0].length);
  try {
    const bytes = isBase64
      ? Buffer.from(payload, 'base64')
      : Buffer.from(decodeURIComponent(payload), 'utf8');
    return { mime, bytes };
  } catch {
    return undefined;
  }
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);

export const imageTooLargeMessage = (bytes: number) =>
  `Image too large (${mb(bytes)} MB). Maximum size is 3MB per image.`;
export const imagesTotalTooLargeMessage = (bytes: number) =>
  `Total image size (${mb(bytes)} MB) exceeds server limit. Try fewer or smaller images.`;
export const videoTooLargeMessage = (bytes: number) =>
  `Video too large (${mb(bytes)} MB). Maximum size is ${VIDEO_MAX_BYTES / 1024 / 1024}MB per video.`;
export const videosTotalTooLargeMessage = (bytes: number) =>
  `Total video size (${mb(bytes)} MB) exceeds server limit of ${VIDEOS_TOTAL_MAX_BYTES / 1024 / 1024}MB per property.`;
export const notAnImageMessage = (label: string) =>
  `${label} is not a valid image (JPEG, PNG, WebP, GIF or AVIF expected)`;
export const notAVideoMessage = (label: string) =>
  `${label} is not a valid video (MP4, WebM, MOV or OGG expected)`;
export const unknownMediaMessage = (label: string) => `${label} refers to a file this server does not have`;

const IMAGE_URL_RE = /\.(jpe?g|png|webp|gif|avif)$/i;
const VIDEO_URL_RE = /\.(mp4|m4v|mov|webm|mkv|ogv)$/i;

type TItem = { kind: 'stored'; url: string } | { kind: 'upload'; label: string; bytes: Buffer; ext: string };

/**
 * Checks one reference of a body without storing anything: a `/media/` URL must name a file the store
 * has (of the right kind); a data URL must decode to bytes that really are an image or a video.
 */
async function inspect(
  store: TMediaStore,
  ref: string,
  kind: 'image' | 'video',
  label: string,
): Promise<TItem> {
  const name = mediaNameFromUrl(ref);
  if (name !== undefined) {
    const rightKind = kind === 'image' ? IMAGE_URL_RE.test(name) : VIDEO_URL_RE.test(name);
    if (!rightKind || !(await store.has(name))) throw new AppError('VALIDATION', unknownMediaMessage(label));
    // A collection running meanwhile must not take a file this request is about to reference again.
    await store.touch(name);
    return { kind: 'stored', url: ref };
  }
  const decoded = decodeDataUrl(ref);
  const invalid = kind === 'image' ? notAnImageMessage(label) : notAVideoMessage(label);
  if (!decoded || decoded.bytes.length === 0) throw new AppError('VALIDATION', invalid);
  if (kind === 'image' && decoded.bytes.length > IMAGE_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', imageTooLargeMessage(decoded.bytes.length));
  }
  if (kind === 'video' && decoded.bytes.length > VIDEO_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', videoTooLargeMessage(decoded.bytes.length));
  }
  const claimed = decoded.mime.split('/')[0];
  const sniffed = sniffMedia(decoded.bytes);
  const ok =
    sniffed !== undefined &&
    sniffed.kind === kind &&
    // An empty or generic type (application/octet-stream) is judged by the bytes alone.
    (claimed === kind || claimed === '' || decoded.mime === 'application/octet-stream') &&
    (kind === 'video' || DECODABLE_IMAGE_FORMATS.has(sniffed.format));
  if (!ok) throw new AppError('VALIDATION', invalid);
  return { kind: 'upload', label, bytes: decoded.bytes, ext: sniffed.ext };
}

/** Runs `fn` over `items` with at most `width` at a time, keeping the order of the results. */
async function mapPool<T, R>(items: readonly T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return out;
}

async function storeImageItem(store: TMediaStore, item: TItem): Promise<string> {
  if (item.kind === 'stored') return item.url;
  try {
    return await storeImage(store, item.bytes);
  } catch {
    // The magic bytes looked right but the image does not decode (truncated, corrupt, too many pixels).
    throw new AppError('VALIDATION', notAnImageMessage(item.label));
  }
}

/** Two images at a time: one per core (sharp runs one thread per image, see images.ts). */
const IMAGE_POOL_WIDTH = 2;

/**
 * The media of a property body (docs/decisions.md#media): every data URL decoded, size-checked (413) and sniffed
 * (400) before anything is written; images re-encoded with their WebP variants, videos stored as they
 * are, all under content-hashed names. Answers the `/media/` URLs in the body's order.
 */
export async function storePropertyMedia(
  store: TMediaStore,
  body: { images: readonly string[]; videos: readonly string[] },
): Promise<{ images: string[]; videos: string[] }> {
  // One by one, so the message names the first bad file of the body.
  const images: TItem[] = [];
  for (const [i, ref] of body.images.entries())
    images.push(await inspect(store, ref, 'image', `Image ${i + 1}`));
  const videos: TItem[] = [];
  for (const [i, ref] of body.videos.entries())
    videos.push(await inspect(store, ref, 'video', `Video ${i + 1}`));
  const uploadedBytes = (items: TItem[]) =>
    items.reduce((sum, it) => sum + (it.kind === 'upload' ? it.bytes.length : 0), 0);
  const imageBytes = uploadedBytes(images);
  if (imageBytes > IMAGES_TOTAL_MAX_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', imagesTotalTooLargeMessage(imageBytes));
  const videoBytes = uploadedBytes(videos);
  if (videoBytes > VIDEOS_TOTAL_MAX_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', videosTotalTooLargeMessage(videoBytes));

  const imageUrls = await mapPool(images, IMAGE_POOL_WIDTH, (item) => storeImageItem(store, item));
  const videoUrls = await Promise.all(
    videos.map((item) =>
      item.kind === 'stored'
        ? Promise.resolve(item.url)
        : store.put(`${contentHash(item.bytes)}.${item.ext}`, item.bytes),
    ),
  );
  return { images: imageUrls, videos: videoUrls };
}

/**
 * One image from a body (a review's avatar, for instance): a data URL is checked and stored like a
 * property image (3 MB limit, magic bytes, re-encoding); a `/media/` URL the store has is kept as is.
 */
export async function storeImageDataUrl(store: TMediaStore, ref: string, label = 'Image'): Promise<string> {
  return storeImageItem(store, await inspect(store, ref, 'image', label));
}

/**
 * A private image (a guest's ID, docs/privacy.md): checked as any upload (size, magic bytes), re-encoded
 * so its metadata (location, device) is dropped, and stored under a random name (never a content hash,
 * which would let the same picture be found again) in the store given, which `/media` does not serve.
 * Answers the stored name.
 */
export async function storePrivateImage(store: TMediaStore, ref: string, label: string): Promise<string> {
  if (mediaNameFromUrl(ref) !== undefined) throw new AppError('VALIDATION', notAnImageMessage(label));
  const item = await inspect(store, ref, 'image', label);
  if (item.kind !== 'upload') throw new AppError('VALIDATION', notAnImageMessage(label));
  let jpeg: Buffer;
  try {
    jpeg = await encodePrivateImage(item.bytes);
  } catch {
    throw new AppError('VALIDATION', notAnImageMessage(label));
  }
  const name = `private-${randomBytes(16).toString('hex')}.jpg`;
  await store.put(name, jpeg);
  return name;
}
