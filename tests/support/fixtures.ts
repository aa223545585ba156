import type { EntityManager } from '@mikro-orm/postgresql';
import { toMinor } from '../../src/shared/money.ts';
import { Property, type IProperty } from '../../src/server/entities/property.entity.ts';

let counter = 0;

/**
 * A valid property row with sensible defaults; URLs only, no media files behind them. `price` is given in
 * dollars, as the API and the tests' expectations speak; the row keeps cents, as every home does.
 */
export async function createProperty(
  em: EntityManager,
  { price = 100, ...overrides }: Partial<IProperty> = {},
): Promise<IProperty> {
  counter += 1;
  const categories = overrides.categories ?? ['Beach'];
  const p = em.create(Property, {
    title: `Test home ${counter}`,
    description: 'A test property.',
    location: 'Miami, Florida',
    price: toMinor(price),
    images: Array.from(
      { length: 5 },
      (_, i) => `/media/${String(counter).padStart(2, '0')}${i}${'a'.repeat(29)}.jpg`,
    ),
    videos: [],
    bedrooms: 2,
    bathrooms: 1,
    maxGuests: 4,
    amenities: ['Wifi'],
    latitude: '25.7617',
    longitude: '-80.1918',
    ...overrides,
    categories,
    categoryKeys: categories.map((c) => c.toLowerCase()),
  });
  await em.persist(p).flush();
  return p;
}

let imageSeed = 0;

/** Distinct small JPEGs as data URLs, as the property form sends them (each a different colour, so a different hash). */
export async function imageDataUrls(count: number, size = { width: 64, height: 48 }): Promise<string[]> {
  const { default: sharp } = await import('sharp');
  return Promise.all(
    Array.from({ length: count }, async () => {
      imageSeed += 1;
      const color = { r: (imageSeed * 53) % 256, g: (imageSeed * 97) % 256, b: (imageSeed * 31) % 256 };
      const jpeg = await sharp({ create: { ...size, channels: 3, background: color } })
        .jpeg()
        .toBuffer();
      return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
    }),
  );
}

let videoSeed = 0;

/**
 * The smallest file the media pipeline accepts as a WebM video: an EBML header with DocType "webm",
 * plus a Void element whose content differs per call, so each video has its own hash.
 */
export function tinyWebm(): Buffer {
  videoSeed += 1;
  return Buffer.from([
    0x1a,
    0x45,
    0xdf,
    0xa3,
    0x9f,
    0x42,
    0x86,
    0x81,
    0x01,
    0x42,
    0xf7,
    0x81,
    0x01,
    0x42,
    0xf2,
    0x81,
    0x04,
    0x42,
    0xf3,
    0x81,
    0x08,
    0x42,
    0x82,
    0x84,
    0x77,
    0x65,
    0x62,
    0x6d,
    0x42,
    0x87,
    0x81,
    0x02,
    0x42,
    0x85,
    0x81,
    0x02,
    0xec,
    0x84,
    ...Buffer.from(videoSeed.toString(16).padStart(8, '0'), 'hex'),
  ]);
}

export const tinyWebmDataUrl = () => `data:video/webm;base64,${tinyWebm().toString('base64')}`;
