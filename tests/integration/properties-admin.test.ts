import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPropertyInput } from '../../src/shared/schemas/property.ts';
import { collectUnusedMedia } from '../../src/server/services/media/gc.ts';
import { localMediaStore } from '../../src/server/services/media/store.ts';
import type { TSessionUser } from '../../src/server/services/auth/sessions.ts';
import { callerFor, createTestDatabase, seededAdmin, testEnv, type TTestDb } from '../support/db.ts';
import { imageDataUrls, tinyWebmDataUrl } from '../support/fixtures.ts';

let db: TTestDb;
let admin: TSessionUser;
let guest: TSessionUser;
/** One media folder for the whole file, so files stored by one call are there for the next. */
const env = testEnv();
const store = localMediaStore(env.mediaDir);
const asAdmin = () => callerFor(db, admin, { env }).caller;

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await seededAdmin(db);
  const [row] = await db.sql<{ id: number }>(
    `insert into users (username, password, email, name, is_admin) values ('guest1', 'x', 'guest1@example.com', 'Guest One', false) returning id`,
  );
  if (!row) throw new Error('no user');
  guest = { id: row.id, username: 'guest1', email: 'guest1@example.com', name: 'Guest One', isAdmin: false };
});
afterAll(async () => {
  await db.drop();
});

async function body(overrides: Partial<TPropertyInput> = {}): Promise<TPropertyInput> {
  return {
    title: 'Harbour loft',
    description: 'Bright loft above the harbour.',
    location: 'Sydney, Australia',
    price: 180,
    bedrooms: 2,
    bathrooms: 1,
    maxGuests: 4,
    propertyType: 'apartment',
    amenities: ['Wifi', 'Kitchen'],
    categories: ['Beach'],
    latitude: '-33.868800',
    longitude: '151.209300',
    images: await imageDataUrls(5),
    videos: [],
    showLogo: false,
    ...overrides,
  };
}

async function failure(p: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await p;
  } catch (err) {
    const e = err as { code: string; message: string };
    return { code: e.code, message: e.message };
  }
  throw new Error('expected the call to fail');
}

const names = (urls: string[]) => urls.map((u) => u.replace('/media/', ''));
const mediaFile = (url: string) => path.join(env.mediaDir, url.replace('/media/', ''));
/** Makes stored files look old, past the collector's grace period. */
function age(urls: string[], hours = 2) {
  const then = new Date(Date.now() - hours * 3600_000);
  for (const u of urls) {
    const hash = u.replace('/media/', '').split('.')[0] ?? '';
    for (const f of fs.readdirSync(env.mediaDir).filter((n) => n.startsWith(hash)))
      fs.utimesSync(path.join(env.mediaDir, f), then, then);
  }
}

async function insertBooking(propertyId: number) {
  await db.sql(
    `insert into bookings (property_id, check_in, check_out, guests, total_price, status, nightly_price, nights, tax_rate, tax_amount, confirmation_number)
     values ($1, '2030-01-10', '2030-01-12', 2, 421, 'confirmed', 180, 2, 17, 61, $2)`,
    [propertyId, `PA${String(propertyId).padStart(10, '0')}`],
  );
}

describe('properties.create', () => {
  it('is for admins only', async () => {
    const input = await body();
    expect(await failure(callerFor(db, null, { env }).caller.properties.create(input))).toEqual({
      code: 'UNAUTHORIZED',
      message: 'Authentication required',
    });
    expect((await failure(callerFor(db, guest, { env }).caller.properties.create(input))).code).toBe(
      'FORBIDDEN',
    );
    expect(await db.sql('select id from properties')).toEqual([]);
  });

  it('stores media as files, keeps only /media URLs and canonical categories', async () => {
    const created = await asAdmin().properties.create(
      await body({ categories: ['beach', 'CITY', 'Beach'], videos: [tinyWebmDataUrl()], showLogo: true }),
    );
    expect(created.images).toHaveLength(5);
    for (const url of created.images) {
      expect(url).toMatch(/^\/media\/[a-f0-9]{32}\.jpg$/);
      expect(fs.existsSync(mediaFile(url))).toBe(true);
      expect(fs.existsSync(mediaFile(url.replace('.jpg', '-400.webp')))).toBe(true);
      expect(fs.existsSync(mediaFile(url.replace('.jpg', '-800.webp')))).toBe(true);
    }
    expect(created.videos).toEqual([expect.stringMatching(/^\/media\/[a-f0-9]{32}\.webm$/)]);
    expect(created).toMatchObject({
      categories: ['Beach', 'City'],
      showLogo: true,
      latitude: '-33.868800',
      price: 180,
    });
    expect(JSON.stringify(created)).not.toContain('data:');
    const [row] = await db.sql<{ category_keys: string[]; images: string[] }>(
      'select category_keys, images from properties where id = $1',
      [created.id],
    );
    expect(row?.category_keys).toEqual(['beach', 'city']);
    expect(row?.images.every((u) => u.startsWith('/media/'))).toBe(true);
  });

  it.each([
    ['4 images', async () => body({ images: await imageDataUrls(4) }), 'At least 5 images are required'],
    ['21 images', async () => body({ images: await imageDataUrls(21) }), 'Maximum of 20 images allowed'],
    [
      '4 videos',
      async () => body({ videos: Array.from({ length: 4 }, tinyWebmDataUrl) }),
      'Maximum of 3 videos allowed',
    ],
    ['price 0', async () => body({ price: 0 }), 'Price must be at least 1'],
    [
      '11 bedrooms',
      async () => body({ bedrooms: 11 }),
      'Bedrooms must be one of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10',
    ],
    ['9 bathrooms', async () => body({ bathrooms: 9 }), 'Bathrooms must be one of 1, 2, 3, 4, 5, 6, 7, 8'],
    [
      '11 guests',
      async () => body({ maxGuests: 11 }),
      'Max guests must be one of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 20',
    ],
    [
      'a castle',
      async () => body({ propertyType: 'castle' as 'villa' }),
      'Property type must be apartment, house, cabin or villa',
    ],
    ['a sauna', async () => body({ amenities: ['Sauna' as 'Pool'] }), 'Unknown amenity'],
    [
      'an unknown category',
      async () => body({ categories: ['Beach', 'Moon base'] }),
      'Unknown category: Moon base',
    ],
    [
      'an external image URL',
      async () => body({ images: ['https://example.com/a.jpg', ...(await imageDataUrls(4))] }),
      'Each file must be a data URL or a stored /media/ URL',
    ],
    [
      'a stored URL the store lacks',
      async () => body({ images: [`/media/${'f'.repeat(32)}.jpg`, ...(await imageDataUrls(4))] }),
      'Image 1 refers to a file this server does not have',
    ],
  ])('refuses %s with the exact message and stores nothing', async (_name, make, message) => {
    const before = (await store.list()).length;
    expect(await failure(asAdmin().properties.create(await make()))).toEqual({
      code: 'BAD_REQUEST',
      message,
    });
    expect((await store.list()).length).toBe(before);
  });

  it('refuses text labelled as an image, and an image labelled as a video', async () => {
    const [real] = await imageDataUrls(1);
    const fake = `data:image/jpeg;base64,${Buffer.from('definitely not a jpeg').toString('base64')}`;
    const images = [...(await imageDataUrls(2)), fake, ...(await imageDataUrls(2))];
    expect(await failure(asAdmin().properties.create(await body({ images })))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Image 3 is not a valid image (JPEG, PNG, WebP, GIF or AVIF expected)',
    });
    const asVideo = real?.replace('data:image/jpeg', 'data:video/mp4') ?? '';
    expect(await failure(asAdmin().properties.create(await body({ videos: [asVideo] })))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Video 1 is not a valid video (MP4, WebM, MOV or OGG expected)',
    });
  });
});

describe('properties.update', () => {
  it('keeps stored media by URL, stores new data URLs, and replaces the fields', async () => {
    const created = await asAdmin().properties.create(await body());
    const [extra] = await imageDataUrls(1);
    const updated = await asAdmin().properties.update({
      id: created.id,
      ...(await body({
        title: 'Harbour loft, renovated',
        price: 210,
        categories: ['Mountain'],
        amenities: ['Pool'],
      })),
      images: [...created.images.slice(1), extra ?? ''],
    });
    expect(updated.images.slice(0, 4)).toEqual(created.images.slice(1));
    expect(updated.images[4]).toMatch(/^\/media\/[a-f0-9]{32}\.jpg$/);
    expect(updated).toMatchObject({
      title: 'Harbour loft, renovated',
      price: 210,
      categories: ['Mountain'],
      amenities: ['Pool'],
    });
    const [row] = await db.sql<{ category_keys: string[] }>(
      'select category_keys from properties where id = $1',
      [created.id],
    );
    expect(row?.category_keys).toEqual(['mountain']);
  });

  it('answers NOT_FOUND for a missing or archived property, and is for admins only', async () => {
    const input = await body();
    expect((await failure(asAdmin().properties.update({ id: 999_999, ...input }))).code).toBe('NOT_FOUND');
    const created = await asAdmin().properties.create(input);
    expect(
      (await failure(callerFor(db, guest, { env }).caller.properties.update({ id: created.id, ...input })))
        .code,
    ).toBe('FORBIDDEN');
    await db.sql('update properties set archived_at = now() where id = $1', [created.id]);
    expect((await failure(asAdmin().properties.update({ id: created.id, ...input }))).code).toBe('NOT_FOUND');
  });
});

describe('properties.delete', () => {
  it('deletes a property without bookings, its reviews with it', async () => {
    const created = await asAdmin().properties.create(await body());
    await db.sql(
      `insert into reviews (user_id, property_id, rating, comment, user_name) values ($1, $2, 5, 'Lovely', 'Admin')`,
      [admin.id, created.id],
    );
    expect(await asAdmin().properties.delete({ id: created.id })).toEqual({
      id: created.id,
      archived: false,
    });
    expect(await db.sql('select id from properties where id = $1', [created.id])).toEqual([]);
    expect(await db.sql('select id from reviews where property_id = $1', [created.id])).toEqual([]);
  });

  it('archives a property with bookings: hidden everywhere public, its bookings kept', async () => {
    const created = await asAdmin().properties.create(await body({ title: 'Booked cottage' }));
    await insertBooking(created.id);
    expect(await asAdmin().properties.delete({ id: created.id })).toEqual({ id: created.id, archived: true });
    const [row] = await db.sql<{ archived_at: Date | null }>(
      'select archived_at from properties where id = $1',
      [created.id],
    );
    expect(row?.archived_at).toBeInstanceOf(Date);
    expect(await db.sql('select id from bookings where property_id = $1', [created.id])).toHaveLength(1);
    const visitor = callerFor(db, null, { env }).caller;
    expect((await visitor.properties.list()).some((p) => p.id === created.id)).toBe(false);
    expect((await failure(visitor.properties.byId({ id: created.id }))).code).toBe('NOT_FOUND');
    expect((await visitor.properties.search({ limit: 48 })).items.some((p) => p.id === created.id)).toBe(
      false,
    );
    // Its media stay: the archived row still references them.
    for (const url of created.images) expect(fs.existsSync(mediaFile(url))).toBe(true);
    expect((await failure(asAdmin().properties.delete({ id: created.id }))).code).toBe('NOT_FOUND');
  });

  it('is for admins only', async () => {
    const created = await asAdmin().properties.create(await body());
    expect(
      (await failure(callerFor(db, null, { env }).caller.properties.delete({ id: created.id }))).code,
    ).toBe('UNAUTHORIZED');
    expect(
      (await failure(callerFor(db, guest, { env }).caller.properties.delete({ id: created.id }))).code,
    ).toBe('FORBIDDEN');
    expect(await db.sql('select id from properties where id = $1', [created.id])).toHaveLength(1);
  });
});

describe('unused media collection', () => {
  it('removes what nothing references after an update or a delete, sparing young files and shared ones', async () => {
    const a = await asAdmin().properties.create(await body({ videos: [tinyWebmDataUrl()] }));
    // b shares a's first image by URL, and a review uses one of a's images as its avatar.
    const b = await asAdmin().properties.create(
      await body({ images: [a.images[0] ?? '', ...(await imageDataUrls(4))] }),
    );
    await db.sql(
      `insert into reviews (user_id, property_id, rating, comment, user_name, user_image) values ($1, $2, 4, 'Nice', 'Admin', $3)`,
      [admin.id, b.id, a.images[1]],
    );

    // Young files survive the collection that follows an update, whatever references them.
    const replaced = await asAdmin().properties.update({ id: a.id, ...(await body()), videos: [] });
    for (const url of [...a.images, ...a.videos]) expect(fs.existsSync(mediaFile(url))).toBe(true);

    // Once past the grace period, the next update's collection removes a's old files (with their
    // variants) except the one b still uses and the review's avatar.
    age([...a.images, ...a.videos]);
    await asAdmin().properties.update({ id: a.id, ...(await body()), images: replaced.images });
    const [shared, avatar, ...dropped] = a.images;
    expect(fs.existsSync(mediaFile(shared ?? ''))).toBe(true);
    expect(fs.existsSync(mediaFile(avatar ?? ''))).toBe(true);
    expect(fs.existsSync(mediaFile((avatar ?? '').replace('.jpg', '-400.webp')))).toBe(true);
    for (const url of [...dropped, ...a.videos]) {
      expect(fs.existsSync(mediaFile(url))).toBe(false);
      if (url.endsWith('.jpg'))
        expect(fs.existsSync(mediaFile(url.replace('.jpg', '-800.webp')))).toBe(false);
    }
    for (const url of replaced.images) expect(fs.existsSync(mediaFile(url))).toBe(true);

    // Deleting b (no bookings) cascades its review: the old shared image and the avatar go at once,
    // b's own young images after the grace period, with a collection run by hand.
    await asAdmin().properties.delete({ id: b.id });
    expect(fs.existsSync(mediaFile(shared ?? ''))).toBe(false);
    expect(fs.existsSync(mediaFile(avatar ?? ''))).toBe(false);
    const bOnly = b.images.slice(1);
    for (const url of bOnly) expect(fs.existsSync(mediaFile(url))).toBe(true);
    age(bOnly);
    const removed = await collectUnusedMedia(db.em(), store);
    expect([...removed].sort()).toEqual(
      names(bOnly.flatMap((u) => [u, u.replace('.jpg', '-400.webp'), u.replace('.jpg', '-800.webp')])).sort(),
    );
    for (const url of replaced.images) expect(fs.existsSync(mediaFile(url))).toBe(true);
  });

  it('never touches files it did not write', async () => {
    fs.mkdirSync(env.mediaDir, { recursive: true });
    const foreign = path.join(env.mediaDir, 'README.txt');
    fs.writeFileSync(foreign, 'keep me');
    fs.utimesSync(foreign, new Date(0), new Date(0));
    await collectUnusedMedia(db.em(), store, { graceMs: 0 });
    expect(fs.existsSync(foreign)).toBe(true);
  });
});
