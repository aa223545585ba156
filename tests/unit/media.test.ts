import { describe, expect, it } from 'vitest';
import { sniffMedia } from '../../src/server/services/media/sniff.ts';
import { decodeDataUrl } from '../../src/server/services/media/uploads.ts';

const bytes = (...parts: (number[] | string)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

/** An ISO-BMFF `ftyp` box with a major brand and compatible brands. */
const ftyp = (major: string, ...compatible: string[]) => {
  const size = 16 + 4 * compatible.length;
  return bytes([0, 0, 0, size], 'ftyp', major, [0, 0, 0, 0], compatible.join(''), [0, 0, 0, 8], 'mdat');
};

describe('sniffMedia', () => {
  it.each([
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'), 'image', 'jpg'],
    ['png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR'), 'image', 'png'],
    ['gif', bytes('GIF89a', [1, 0, 1, 0]), 'image', 'gif'],
    ['gif', bytes('GIF87a', [1, 0, 1, 0]), 'image', 'gif'],
    ['webp', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image', 'webp'],
    ['avif', ftyp('avif', 'mif1', 'miaf'), 'image', 'avif'],
    ['avif', ftyp('mif1', 'avif', 'miaf'), 'image', 'avif'],
    ['heic', ftyp('heic', 'mif1'), 'image', 'heic'],
    ['mp4', ftyp('isom', 'iso2', 'avc1', 'mp41'), 'video', 'mp4'],
    ['mp4', ftyp('mp42', 'isom'), 'video', 'mp4'],
    ['m4v', ftyp('M4V ', 'M4A ', 'mp42'), 'video', 'm4v'],
    ['mov', ftyp('qt  ', 'qt  '), 'video', 'mov'],
    ['mov', bytes([0, 0, 0, 8], 'wide', [0, 0, 0, 8], 'mdat'), 'video', 'mov'],
    [
      'webm',
      bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84], 'webm'),
      'video',
      'webm',
    ],
    [
      'mkv',
      bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x88], 'matroska'),
      'video',
      'mkv',
    ],
    ['ogg', bytes('OggS', [0, 2, 0, 0]), 'video', 'ogv'],
  ])('recognises %s', (format, input, kind, ext) => {
    expect(sniffMedia(input)).toEqual({ kind, format, ext });
  });

  it.each([
    ['plain text', bytes('hello, this is not an image at all')],
    ['HTML', bytes('<!doctype html><script>alert(1)</script>')],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['a PDF', bytes('%PDF-1.7\n')],
    ['a ZIP', bytes([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0])],
    ['an ELF binary', bytes([0x7f], 'ELF', [2, 1, 1, 0])],
    ['a truncated JPEG marker', bytes([0xff, 0xd8])],
    ['RIFF that is not WebP (WAV)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ')],
    ['an ftyp box with an unknown brand', ftyp('zzzz')],
    ['nothing', bytes()],
  ])('refuses %s', (_name, input) => {
    expect(sniffMedia(input)).toBeUndefined();
  });
});

describe('decodeDataUrl', () => {
  it('decodes base64 and keeps the claimed type for checking', () => {
    const decoded = decodeDataUrl(
      `data:image/jpeg;base64,${Buffer.from('not really a jpeg').toString('base64')}`,
    );
    expect(decoded?.mime).toBe('image/jpeg');
    expect(decoded?.bytes.toString()).toBe('not really a jpeg');
    expect(sniffMedia(decoded?.bytes ?? Buffer.alloc(0))).toBeUndefined();
  });

  it('accepts parameters before ;base64 and percent-encoded payloads', () => {
    expect(decodeDataUrl('data:video/webm;codecs=vp8;base64,GkXfow==')?.bytes).toEqual(
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3]),
    );
    expect(decodeDataUrl('data:text/plain,hello%20world')?.bytes.toString()).toBe('hello world');
  });

  it('answers undefined for anything that is not a data URL', () => {
    expect(decodeDataUrl('/media/abc.jpg')).toBeUndefined();
    expect(decodeDataUrl('https://example.com/a.jpg')).toBeUndefined();
    expect(decodeDataUrl('data:image/png;base64')).toBeUndefined();
  });
});
