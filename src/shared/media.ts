/** Responsive variants the server writes beside each stored image (docs/decisions.md#media). */
export const IMAGE_VARIANT_WIDTHS = [400, 800] as const;
export const FALLBACK_IMAGE = '/images/fallback-property.svg';

/**
 * `sizes` of a home-grid card (its columns at each width) and of a property's cover photo: the app's
 * images and the server's preload and first screen use the same, so the browser picks one variant once.
 */
export const CARD_IMAGE_SIZES =
  '(max-width: 576px) 100vw, (max-width: 992px) 50vw, (max-width: 1200px) 33vw, 25vw';
export const COVER_IMAGE_SIZES = '(max-width: 48em) 100vw, 50vw';
/** The checkout summary's thumbnail: 112 px wide at every width. */
export const CHECKOUT_IMAGE_SIZES = '112px';

const STORED_IMAGE_RE = /^\/media\/([a-f0-9]{32})\.jpg$/;

/** `srcset` for a stored image; undefined for anything else (which is then used as is). */
export function imageSrcSet(url: string): string | undefined {
  const m = STORED_IMAGE_RE.exec(url);
  if (!m) return undefined;
  return [...IMAGE_VARIANT_WIDTHS.map((w) => `/media/${m[1]}-${w}.webp ${w}w`), `${url} 1920w`].join(', ');
}

/**
 * `srcset` for a grid card: the WebP variants only, so no phone (even at 3× density) downloads the
 * 1920 px original for a card.
 */
export function cardSrcSet(url: string): string | undefined {
  const m = STORED_IMAGE_RE.exec(url);
  if (!m) return undefined;
  return IMAGE_VARIANT_WIDTHS.map((w) => `/media/${m[1]}-${w}.webp ${w}w`).join(', ');
}

/** The smallest variant, for thumbnails; the URL itself when it is not a stored image. */
export function thumbnailUrl(url: string): string {
  const m = STORED_IMAGE_RE.exec(url);
  return m ? `/media/${m[1]}-${IMAGE_VARIANT_WIDTHS[0]}.webp` : url;
}

/**
 * The bytes a data URL carries once decoded (what the server counts against the 19 MB image total);
 * 0 for a stored /media/ URL, which is not uploaded again.
 */
export function uploadedBytes(ref: string): number {
  if (!ref.startsWith('data:')) return 0;
  const comma = ref.indexOf(',');
  const header = ref.slice(0, comma);
  const body = ref.slice(comma + 1);
  if (!header.endsWith(';base64')) return decodeURIComponent(body).length;
  const padding = body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0;
  return Math.floor((body.length * 3) / 4) - padding;
}
