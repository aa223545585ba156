import {
  IMAGE_JPEG_QUALITY,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_SIDE,
  IMAGES_TOTAL_MAX_BYTES,
} from '#shared/constants.ts';

/** A failure whose message is one of the widget's texts (docs/product.md#admin-validation), shown as is. */
class ImageUploadError extends Error {}

/** Megabytes as the spec's messages show them, two decimals. */
export const toMb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string'
        ? resolve(reader.result)
        : reject(new ImageUploadError('Failed to read file'));
    reader.onerror = () => reject(new ImageUploadError('Failed to read file'));
    reader.readAsDataURL(blob);
  });
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new ImageUploadError('Failed to load image'));
    img.src = src;
  });
}

/**
 * The decoded picture: straight from the file's bytes where the browser can (no base64 copy of a
 * photo of several megabytes, and the decode off the main thread), else through an <img> (SVG).
 */
async function decode(file: File): Promise<{ source: CanvasImageSource; width: number; height: number }> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
      return { source: bitmap, width: bitmap.width, height: bitmap.height };
    } catch {
      // Not a raster the browser decodes this way: the <img> below decodes it or says it failed.
    }
  }
  const img = await loadImage(await readAsDataUrl(file));
  return { source: img, width: img.naturalWidth, height: img.naturalHeight };
}

/** Scaled so the longer side is at most 1920 px (aspect ratio kept), re-encoded as JPEG at 0.85 (docs/product.md#admin-validation). */
async function compressImage(file: File): Promise<Blob> {
  const { source, width, height } = await decode(file);
  const scale = Math.min(1, IMAGE_MAX_SIDE / Math.max(width, height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new ImageUploadError('Could not get canvas context');
  // JPEG has no transparency: paint transparent pixels white rather than black.
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(source, 0, 0, canvas.width, canvas.height);
  if ('close' in source) source.close();
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', IMAGE_JPEG_QUALITY),
  );
  if (!blob) throw new ImageUploadError('Error processing image');
  return blob;
}

export interface TImageUploadResult {
  /** The processed images as data URLs, in the order chosen. */
  images: string[];
  /** True when the selection had more image files than the caller allows and was cut. */
  cut: boolean;
}

/**
 * Runs the widget's rules over a selection: image files only, at most `max` of them, each compressed
 * and refused over 3 MB (the others go on), the whole batch refused when it and the `heldBytes` the
 * form already holds would pass 19 MB (the server's limit is on the whole save, docs/features.md#admin-back-office). Reports
 * progress as a percentage and every failure as one of the spec's messages.
 */
export async function processImageFiles(
  files: readonly File[],
  max: number,
  onProgress: (percent: number) => void,
  heldBytes = 0,
): Promise<TImageUploadResult & { errors: string[] }> {
  const imageFiles = files.filter((f) => f.type.startsWith('image/'));
  const chosen = imageFiles.slice(0, max);
  const errors: string[] = [];
  const blobs: Blob[] = [];
  for (const [i, file] of chosen.entries()) {
    try {
      const blob = await compressImage(file);
      if (blob.size > IMAGE_MAX_BYTES)
        errors.push(`Image too large (${toMb(blob.size)} MB). Maximum size is 3MB per image.`);
      else blobs.push(blob);
    } catch (err) {
      errors.push(err instanceof ImageUploadError ? err.message : 'Error processing image');
    }
    onProgress(Math.round(((i + 1) / chosen.length) * 100));
  }
  const total = heldBytes + blobs.reduce((sum, b) => sum + b.size, 0);
  if (total > IMAGES_TOTAL_MAX_BYTES) {
    errors.push(`Total image size (${toMb(total)} MB) exceeds server limit. Try fewer or smaller images.`);
    return { images: [], cut: imageFiles.length > max, errors };
  }
  const images: string[] = [];
  for (const blob of blobs) {
    try {
      images.push(await readAsDataUrl(blob));
    } catch {
      errors.push('Failed to read file');
    }
  }
  return { images, cut: imageFiles.length > max, errors };
}
