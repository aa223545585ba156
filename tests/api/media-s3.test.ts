import fs from 'node:fs';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readEnv } from '../../src/server/env.ts';
import { collectUnusedMedia } from '../../src/server/services/media/gc.ts';
import { s3MediaStore } from '../../src/server/services/media/s3-store.ts';
import { RangeNotSatisfiableError, type TMediaStore } from '../../src/server/services/media/store.ts';
import type { TProperty, TPropertyInput } from '../../src/shared/schemas/property.ts';
import { TEST_ADMIN } from '../support/constants.ts';
import { imageDataUrls, tinyWebmDataUrl } from '../support/fixtures.ts';
import { startS3Server, type TS3Server } from '../support/s3.ts';
import { api, startTestServer, type TTestServer } from '../support/server.ts';

let s3: TS3Server;
let store: TMediaStore;
let srv: TTestServer;
let cookie: string;

beforeAll(async () => {
  s3 = await startS3Server();
  store = s3MediaStore(s3.config);
  srv = await startTestServer({ s3: s3.config });
  const res = await api(srv.url, 'POST', '/api/auth/login', TEST_ADMIN);
  cookie = /stayhub_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0] ?? '';
  expect(cookie).not.toBe('');
});
afterAll(async () => {
  await srv.close();
  await s3.close();
});

/** What the bucket itself holds, read with a client of its own. */
async function bucketKeys(): Promise<string[]> {
  const client = new S3Client({
    endpoint: s3.config.endpoint,
    region: s3.config.region,
    credentials: s3.config.credentials,
    forcePathStyle: true,
  });
  const res = await client.send(new ListObjectsV2Command({ Bucket: s3.config.bucket }));
  client.destroy();
  return (res.Contents ?? []).map((o) => o.Key ?? '').sort();
}

const text = async (s: NodeJS.ReadableStream) => {
  let out = '';
  for await (const chunk of s) out += String(chunk);
  return out;
};

describe('S3 media store (against an S3-compatible server)', () => {
  it('is selected by S3_BUCKET with the endpoint, region, prefix and key pair', () => {
    const env = readEnv({ ...s3.env, DATA_DIR: '/tmp/x' });
    expect(env.s3).toEqual(s3.config);
    expect(readEnv({ DATA_DIR: '/tmp/x' }).s3).toBeUndefined();
    expect(() => readEnv({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'only-half' })).toThrow(/S3_SECRET_ACCESS_KEY/);
  });

  it('writes, reads whole and in ranges, lists under its prefix and removes', async () => {
    const name = `${'1'.repeat(32)}.mp4`;
    expect(await store.has(name)).toBe(false);
    expect(await store.open(name)).toBeUndefined();
    expect(await store.put(name, Buffer.from('0123456789'))).toBe(`/media/${name}`);
    expect(await store.has(name)).toBe(true);
    expect(await bucketKeys()).toContain(`media/${name}`);

    const whole = await store.open(name);
    expect(whole && { ...whole, body: await text(whole.body) }).toEqual({
      body: '0123456789',
      size: 10,
      start: 0,
      end: 9,
      contentType: 'video/mp4',
    });
    const part = await store.open(name, { start: 2, end: 4 });
    expect(part && [await text(part.body), part.start, part.end, part.size]).toEqual(['234', 2, 4, 10]);
    const tail = await store.open(name, { suffix: 3 });
    expect(tail && [await text(tail.body), tail.start, tail.end]).toEqual(['789', 7, 9]);
    await expect(store.open(name, { start: 50 })).rejects.toBeInstanceOf(RangeNotSatisfiableError);

    expect((await store.list()).map((e) => e.name)).toContain(name);
    await store.remove(name);
    expect(await store.has(name)).toBe(false);
    expect(await store.lastUsed(name)).toBeUndefined();
    await expect(store.touch(name)).resolves.toBeUndefined();
  });

  it('a touch moves the time the collector reads, so an old file in use again is spared', async () => {
    const kept = `${'2'.repeat(32)}.jpg`;
    const dropped = `${'3'.repeat(32)}.jpg`;
    await store.put(kept, Buffer.from('kept'));
    await store.put(dropped, Buffer.from('dropped'));
    const written = (await store.lastUsed(kept))?.getTime() ?? 0;
    const droppedAt = (await store.lastUsed(dropped))?.getTime() ?? 0;
    // Touch until the time the store reads has moved past the write, and past the collector's grace
    // (500 ms below) after the other file's (the store's write times are whole seconds).
    let touched = written;
    await vi.waitFor(
      async () => {
        await store.touch(kept);
        touched = (await store.lastUsed(kept))?.getTime() ?? 0;
        expect(touched).toBeGreaterThan(written);
        expect(touched - droppedAt).toBeGreaterThan(500);
      },
      { timeout: 5_000, interval: 100 },
    );
    // Still readable with its type after the metadata rewrite.
    expect((await store.open(kept))?.contentType).toBe('image/jpeg');

    const removed = await collectUnusedMedia(srv.db.em(), store, { graceMs: 500, now: new Date(touched) });
    expect(removed).toContain(dropped);
    expect(removed).not.toContain(kept);
    expect(await store.has(kept)).toBe(true);
    expect(await store.has(dropped)).toBe(false);
    await store.remove(kept);
  });
});

describe('the server with S3_BUCKET set', () => {
  let created: TProperty;

  const body = async (overrides: Partial<TPropertyInput> = {}): Promise<TPropertyInput> => ({
    title: 'Harbour loft',
    description: 'A loft above the old harbour, with a view of the boats.',
    location: 'Hamburg, Germany',
    price: 150,
    bedrooms: 1,
    bathrooms: 1,
    maxGuests: 2,
    propertyType: 'apartment',
    amenities: ['Wifi'],
    categories: ['City'],
    latitude: '53.5511',
    longitude: '9.9937',
    images: await imageDataUrls(5, { width: 1200, height: 800 }),
    videos: [tinyWebmDataUrl()],
    showLogo: false,
    ...overrides,
  });

  beforeAll(async () => {
    const res = await api(srv.url, 'POST', '/api/properties', await body(), { cookie });
    expect(res.status).toBe(200);
    created = res.body as TProperty;
  });

  it('stores uploads in the bucket, never in the local folder', async () => {
    const keys = await bucketKeys();
    for (const url of [...created.images, ...created.videos]) {
      expect(keys).toContain(`media/${url.replace('/media/', '')}`);
    }
    expect(keys).toContain(
      `media/${(created.images[0] ?? '').replace('/media/', '').replace('.jpg', '-400.webp')}`,
    );
    expect(fs.existsSync(srv.env.mediaDir) ? fs.readdirSync(srv.env.mediaDir) : []).toEqual([]);
  });

  it('serves /media from the bucket with its type, immutable caching, ETag/304 and ranges', async () => {
    const url = created.images[0] ?? '';
    const res = await fetch(`${srv.url}${url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    expect((await sharp(bytes).metadata()).width).toBe(1200);

    const again = await fetch(`${srv.url}${url}`, {
      headers: { 'if-none-match': res.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);

    const video = created.videos[0] ?? '';
    const range = await fetch(`${srv.url}${video}`, { headers: { range: 'bytes=0-3' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-type')).toBe('video/webm');
    expect(range.headers.get('content-range')).toMatch(/^bytes 0-3\/\d+$/);
    expect([...Buffer.from(await range.arrayBuffer())]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);

    const beyond = await fetch(`${srv.url}${video}`, { headers: { range: 'bytes=100000-' } });
    expect(beyond.status).toBe(416);

    const missing = await fetch(`${srv.url}/media/${'0'.repeat(32)}.jpg`);
    expect(missing.status).toBe(404);
    const unsafe = await fetch(`${srv.url}/media/..%2Fsecret`);
    expect(unsafe.status).toBe(404);
  });

  it('collects the media a property no longer uses from the bucket', async () => {
    const oldImages = created.images;
    const replacement = await imageDataUrls(5);
    const res = await api(
      srv.url,
      'PUT',
      `/api/properties/${created.id}`,
      { ...(await body()), images: replacement, videos: created.videos },
      { cookie },
    );
    expect(res.status).toBe(200);
    // The upload's own collection spares young files; one run "an hour later" takes the replaced set.
    const removed = await collectUnusedMedia(srv.db.em(), store, { now: new Date(Date.now() + 3600_000) });
    const oldNames = oldImages.map((u) => u.replace('/media/', ''));
    for (const n of oldNames) expect(removed).toContain(n);
    const keys = await bucketKeys();
    for (const n of oldNames) expect(keys).not.toContain(`media/${n}`);
    for (const u of [...(res.body as TProperty).images, ...created.videos]) {
      expect(keys).toContain(`media/${u.replace('/media/', '')}`);
      expect((await fetch(`${srv.url}${u}`, { method: 'HEAD' })).status).toBe(200);
    }
  });
});
