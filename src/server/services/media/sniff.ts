/** What a file's first bytes say it is. The data URL's claimed type is never trusted (docs/decisions.md#media). */
export interface TSniffed {
  kind: 'image' | 'video';
  /** Short format name, for messages and logs. */
  format: 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'heic' | 'mp4' | 'm4v' | 'mov' | 'webm' | 'mkv' | 'ogg';
  /** The extension the stored file gets, so `/media` serves it with the right content type. */
  ext: string;
}

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

const startsWith = (bytes: Uint8Array, sig: readonly number[], offset = 0) =>
  bytes.length >= offset + sig.length && sig.every((b, i) => bytes[offset + i] === b);

/** Major brands of files that play as MP4: isom, iso2…iso9, mp41, mp42, avc1, dash, mmp4, MSNV, 3GPP, F4V … */
const MP4_BRANDS = /^(iso[m2-9a-z]|mp4[12v]|mp71|avc1|dash|mmp4|MSNV|NDAS|XAVC|3gp[4-9]|3g2[abc]|f4v |kddi)$/;

/** ISO base media files (MP4, MOV, AVIF, HEIC) open with an `ftyp` box naming a major and compatible brands. */
function sniffFtyp(bytes: Uint8Array): TSniffed | undefined {
  if (bytes.length < 12 || ascii(bytes, 4, 8) !== 'ftyp') return undefined;
  const boxSize = Math.min(
    ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0),
    bytes.length,
    256,
  );
  const brands = [ascii(bytes, 8, 12)];
  for (let i = 16; i + 4 <= boxSize; i += 4) brands.push(ascii(bytes, i, i + 4));
  const major = brands[0];
  if (
    major === 'avif' ||
    major === 'avis' ||
    ((major === 'mif1' || major === 'msf1') && brands.includes('avif'))
  ) {
    return { kind: 'image', format: 'avif', ext: 'avif' };
  }
  if (['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1'].includes(major ?? '')) {
    return { kind: 'image', format: 'heic', ext: 'heic' };
  }
  if (major === 'qt  ') return { kind: 'video', format: 'mov', ext: 'mov' };
  if (major === 'M4V ' || major === 'M4VH' || major === 'M4VP')
    return { kind: 'video', format: 'm4v', ext: 'm4v' };
  if (MP4_BRANDS.test(major ?? '')) return { kind: 'video', format: 'mp4', ext: 'mp4' };
  return undefined;
}

/** Sniffs the formats this site accepts; undefined for anything else (text, HTML, SVG, executables …). */
export function sniffMedia(bytes: Uint8Array): TSniffed | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: 'image', format: 'jpeg', ext: 'jpg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { kind: 'image', format: 'png', ext: 'png' };
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')) {
    return { kind: 'image', format: 'gif', ext: 'gif' };
  }
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP')
    return { kind: 'image', format: 'webp', ext: 'webp' };
  const ftyp = sniffFtyp(bytes);
  if (ftyp) return ftyp;
  // Old QuickTime files start straight with a movie atom.
  if (
    bytes.length >= 8 &&
    ['moov', 'mdat', 'wide', 'free', 'skip', 'pnot'].includes(ascii(bytes, 4, 8)) &&
    (bytes[0] ?? 1) === 0
  ) {
    return { kind: 'video', format: 'mov', ext: 'mov' };
  }
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) {
    // EBML header: the DocType element says webm or matroska.
    const head = ascii(bytes, 0, Math.min(bytes.length, 64));
    return head.includes('webm')
      ? { kind: 'video', format: 'webm', ext: 'webm' }
      : { kind: 'video', format: 'mkv', ext: 'mkv' };
  }
  if (bytes.length >= 4 && ascii(bytes, 0, 4) === 'OggS') return { kind: 'video', format: 'ogg', ext: 'ogv' };
  return undefined;
}

/** Image formats sharp can decode here (its prebuilt libheif reads AVIF but not HEVC-coded HEIC). */
export const DECODABLE_IMAGE_FORMATS: ReadonlySet<TSniffed['format']> = new Set([
  'jpeg',
  'png',
  'gif',
  'webp',
  'avif',
]);
