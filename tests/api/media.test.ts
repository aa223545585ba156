import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TProperty, TPropertyInput } from '../../src/shared/schemas/property.ts';
import { TEST_ADMIN } from '../support/constants.ts';
import { imageDataUrls, tinyWebmDataUrl } from '../support/fixtures.ts';
import { api, startTestServer, type TTestServer } from '../support/server.ts';

let srv: TTestServer;
let cookie: string;

beforeAll(async () => {
  srv = await startTestServer();
  const res = await api(srv.url, 'POST', '/api/auth/login', TEST_ADMIN);
  const session = /stayhub_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0];
  if (!session) throw new Error('login set no session cookie');
  cookie = session;
});
afterAll(async () => {
  await srv.close();
});

async function body(overrides: Partial<TPropertyInput> = {}): Promise<TPropertyInput> {
  return {
    title: 'Dune house',
    description: 'A timber house behind the dunes, five minutes from the sea.',
    location: 'Cape Town, South Africa',
    price: 140,
    bedrooms: 3,
    bathrooms: 2,
    maxGuests: 6,
    propertyType: 'house',
    amenities: ['Wifi', 'Pool', 'Free parking'],
    categories: ['Beach', 'Countryside'],
    latitude: '-33.924900',
    longitude: '18.424100',
    images: await imageDataUrls(5),
    videos: [],
    showLogo: false,
    ...overrides,
  };
}

const post = async (b: unknown) => api(srv.url, 'POST', '/api/properties', b, { cookie });

/** A PNG of random pixels (it barely compresses): `side`² × 3 bytes, give or take a few hundred. */
async function noisePng(side: number): Promise<Buffer> {
  const raw = Buffer.alloc(side * side * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}
const pngDataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

describe('POST /api/properties media checks', () => {
  it('needs an admin session', async () => {
    expect((await api(srv.url, 'POST', '/api/properties', await body())).status).toBe(401);
  });

  it('answers 400 for text labelled image/jpeg', async () => {
    const fake = `data:image/jpeg;base64,${Buffer.from('<html>This is text, not a JPEG</html>').toString('base64')}`;
    const res = await post(await body({ images: [fake, ...(await imageDataUrls(4))] }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Image 1 is not a valid image (JPEG, PNG, WebP, GIF or AVIF expected)');
  });

  it('answers 413 for a 4 MB image, with the size in the message', async () => {
    const big = await noisePng(1180);
    expect(big.length).toBeGreaterThan(4 * 1024 * 1024 - 100_000);
    const res = await post(await body({ images: [...(await imageDataUrls(4)), pngDataUrl(big)] }));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(
      `Image too large (${(big.length / 1024 / 1024).toFixed(2)} MB). Maximum size is 3MB per image.`,
    );
  });

  it('answers 413 when the images total over 19 MB', async () => {
    // Seven different images of about 2.9 MB each: every one is allowed, together they are not.
    const images = await Promise.all(Array.from({ length: 7 }, (_, i) => noisePng(980 + i).then(pngDataUrl)));
    const res = await post(await body({ images }));
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(
      /^Total image size \(\d+\.\d\d MB\) exceeds server limit\. Try fewer or smaller images\.$/,
    );
  });

  it('answers 400 with the spec message for 4 images', async () => {
    const res = await post(await body({ images: await imageDataUrls(4) }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('At least 5 images are required');
  });
});

describe('stored media', () => {
  let created: TProperty;

  beforeAll(async () => {
    const res = await post(
      await body({
        images: await imageDataUrls(5, { width: 2400, height: 1600 }),
        videos: [tinyWebmDataUrl()],
      }),
    );
    expect(res.status).toBe(200);
    created = res.body as TProperty;
  });

  it('never puts a data URL in a property JSON', async () => {
    expect(JSON.stringify(created)).not.toContain('data:');
    for (const path of [`/api/properties/${created.id}`, '/api/properties', '/api/search/properties']) {
      const res = await api(srv.url, 'GET', path);
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain('data:');
    }
    const [row] = await srv.db.sql<{ n: string }>(
      `select count(*) as n from properties where array_to_string(images || videos, ' ') like '%data:%'`,
    );
    expect(row?.n).toBe('0');
  });

  it('serves images, variants and videos with immutable caching and the right type', async () => {
    const cases: [string, string][] = [
      [created.images[0] ?? '', 'image/jpeg'],
      [(created.images[0] ?? '').replace('.jpg', '-400.webp'), 'image/webp'],
      [(created.images[0] ?? '').replace('.jpg', '-800.webp'), 'image/webp'],
      [created.videos[0] ?? '', 'video/webm'],
    ];
    for (const [url, type] of cases) {
      const res = await fetch(`${srv.url}${url}`);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      await res.arrayBuffer();
    }
  });

  it('re-encodes images to at most 1920 px on the longest side', async () => {
    const res = await fetch(`${srv.url}${created.images[0]}`);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1920, 1280]);
  });

  it('keeps the properties table under 2 KB per property, even at 20 images and 3 videos', async () => {
    const full = await post(
      await body({
        images: await imageDataUrls(20),
        videos: [tinyWebmDataUrl(), tinyWebmDataUrl(), tinyWebmDataUrl()],
        amenities: [
          'Wifi',
          'Kitchen',
          'TV',
          'Washer',
          'Free parking',
          'Air conditioning',
          'Pool',
          'Hot tub',
          'Gym',
          'Workspace',
        ],
      }),
    );
    expect(full.status).toBe(200);
    const [size] = await srv.db.sql<{ avg: string; max: number; n: string }>(
      'select avg(pg_column_size(p.*)) as avg, max(pg_column_size(p.*)) as max, count(*) as n from properties p',
    );
    expect(Number(size?.n)).toBeGreaterThanOrEqual(2);
    expect(Number(size?.avg)).toBeLessThan(2048);
    expect(size?.max).toBeLessThan(2048);
  });
});
