import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_DEFAULTS } from '../../src/shared/constants.ts';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { toMinor } from '../../src/shared/money.ts';
import type { TSettings } from '../../src/shared/schemas/settings.ts';
import type { TSessionUser } from '../../src/server/services/auth/sessions.ts';
import { callerFor, createTestDatabase, seededAdmin, type TTestDb } from '../support/db.ts';
import { createProperty } from '../support/fixtures.ts';

let db: TTestDb;
let admin: TSessionUser;
let plain: TSessionUser;

/** The error a call fails with; fails the test when the call succeeds. */
async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (err) {
    const e = err as { code: string; message: string };
    return { code: e.code, message: e.message };
  }
  throw new Error('expected the call to fail');
}

let bookingSeq = 0;
async function insertBooking(
  propertyId: number,
  checkIn: string,
  nights: number,
  status: string,
  totalPrice = 500,
  userId: number | null = null,
) {
  bookingSeq += 1;
  const [row] = await db.sql<{ id: number }>(
    `insert into bookings (property_id, user_id, check_in, check_out, guests, total_price, status, nightly_price, nights, tax_rate, tax_amount,
                           confirmation_number, contact_info)
     values ($1, $2, $3::date, $3::date + $4::int, 2, $5, $6, 10000, $4, 17, 0, $7, $8) returning id`,
    [
      propertyId,
      userId,
      checkIn,
      nights,
      // Given in dollars, kept in cents.
      toMinor(totalPrice),
      status,
      `ADM${String(bookingSeq).padStart(9, '0')}`,
      JSON.stringify({
        name: 'Grace Guest',
        email: 'grace@example.com',
        phone: '+1 555 0199',
        country: 'Canada',
      }),
    ],
  );
  if (!row) throw new Error('no booking');
  return row.id;
}

async function propertyRating(id: number) {
  const [row] = await db.sql<{ rating: number | null; review_count: number }>(
    'select rating, review_count from properties where id = $1',
    [id],
  );
  return row;
}

const validSettings: TSettings = { ...SETTINGS_DEFAULTS };

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await seededAdmin(db);
  const [row] = await db.sql<{ id: number }>(
    `insert into users (username, password, email, name) values ('plainuser', 'not-a-hash', 'plain@example.com', 'Plain') returning id`,
  );
  if (!row) throw new Error('no user');
  plain = { id: row.id, username: 'plainuser', email: 'plain@example.com', name: 'Plain', isAdmin: false };
});
afterAll(async () => {
  await db.drop();
});

describe('every admin procedure refuses visitors and plain users', () => {
  type TCaller = ReturnType<typeof callerFor>['caller'];
  const calls: Record<string, (c: TCaller) => Promise<unknown>> = {
    'admin.dashboard': (c) => c.admin.dashboard(),
    'bookings.list': (c) => c.bookings.list(),
    'bookings.page': (c) => c.bookings.page(),
    'bookings.updateStatus': (c) => c.bookings.updateStatus({ id: 1, status: 'confirmed' }),
    'reviews.create': (c) => c.reviews.create({ propertyId: 1, comment: 'Nice' }),
    'reviews.update': (c) => c.reviews.update({ id: 1, comment: 'Nice' }),
    'reviews.delete': (c) => c.reviews.delete({ id: 1 }),
    'categories.create': (c) => c.categories.create({ name: 'Nope' }),
    'categories.update': (c) => c.categories.update({ id: 1, name: 'Nope' }),
    'categories.delete': (c) => c.categories.delete({ id: 1 }),
    'settings.get': (c) => c.settings.get(),
    'settings.update': (c) => c.settings.update(validSettings),
  };
  for (const [name, call] of Object.entries(calls)) {
    it(`${name}: visitor → UNAUTHORIZED, plain user → FORBIDDEN`, async () => {
      expect(await failure(call(callerFor(db, null).caller))).toMatchObject({
        code: 'UNAUTHORIZED',
        message: 'Authentication required',
      });
      expect(await failure(call(callerFor(db, plain).caller))).toMatchObject({
        code: 'FORBIDDEN',
        message: "You don't have permission to access the admin area",
      });
    });
  }

  it('changed nothing while refusing', async () => {
    const [row] = await db.sql<{ n: number }>(
      `select count(*)::int as n from categories where name = 'Nope'`,
    );
    expect(row?.n).toBe(0);
  });
});

describe('settings', () => {
  it('reads the defaults, saves every field, and the public config follows', async () => {
    const { caller } = callerFor(db, admin);
    expect(await caller.settings.get()).toEqual(validSettings);
    const changed: TSettings = {
      ...validSettings,
      siteName: 'Harbour Homes',
      taxRate: 10.5,
      minNightsDefault: 2,
      maxNightsDefault: 14,
      advanceBookingDays: 90,
      enableReviews: false,
      enableExchangeRates: false,
      enableGuestRegistration: true,
    };
    expect(await caller.settings.update(changed)).toEqual(changed);
    expect(await callerFor(db, admin).caller.settings.get()).toEqual(changed);
    const [row] = await db.sql<{ tax_rate: number; site_name: string }>(
      'select tax_rate, site_name from settings where id = 1',
    );
    expect(row).toEqual({ tax_rate: 10.5, site_name: 'Harbour Homes' });
    const pub = await callerFor(db, null).caller.config.get();
    expect(pub.settings).toMatchObject({
      siteName: 'Harbour Homes',
      taxRate: 10.5,
      minNightsDefault: 2,
      maxNightsDefault: 14,
      advanceBookingDays: 90,
      enableReviews: false,
      enableExchangeRates: false,
      enableGuestRegistration: true,
    });
    await caller.settings.update(validSettings);
  });

  it('takes effect on bookings at once: tax rate, nights limits and guest registration', async () => {
    const admin$ = callerFor(db, admin).caller;
    const visitor = callerFor(db, null).caller;
    const p = await createProperty(db.em(), { price: 200 });
    const checkIn = addDays(todayIso(), 30);
    const contactInfo = {
      name: 'Tess Taxed',
      email: 'tess@example.com',
      phone: '+1 555 0177',
      country: 'Canada',
    };
    try {
      await admin$.settings.update({ ...validSettings, taxRate: 10, minNightsDefault: 3 });
      await expect(
        visitor.bookings.quote({ propertyId: p.id, checkIn, checkOut: addDays(checkIn, 4) }),
      ).resolves.toMatchObject({
        subtotal: 800,
        taxRate: 10,
        tax: 80,
        total: 880,
      });
      const booked = await visitor.bookings.create({
        propertyId: p.id,
        checkIn,
        checkOut: addDays(checkIn, 4),
        guests: 1,
        contactInfo,
      });
      expect(booked).toMatchObject({ taxRate: 10, totalPrice: 880 });
      await expect(
        visitor.bookings.create({
          propertyId: p.id,
          checkIn: addDays(checkIn, 10),
          checkOut: addDays(checkIn, 12),
          guests: 1,
          contactInfo,
        }),
      ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      await admin$.settings.update({ ...validSettings, enableGuestRegistration: true });
      await expect(
        visitor.bookings.create({
          propertyId: p.id,
          checkIn: addDays(checkIn, 20),
          checkOut: addDays(checkIn, 22),
          guests: 1,
          contactInfo,
        }),
      ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    } finally {
      await admin$.settings.update(validSettings);
    }
  });

  const rules: [Partial<TSettings> | Record<string, unknown>, string][] = [
    [{ siteName: 'A' }, 'Site name must be at least 2 characters.'],
    [{ siteDescription: 'Too short' }, 'Site description must be at least 10 characters.'],
    [{ businessAddress: '1 St' }, 'Address must be at least 5 characters.'],
    [{ phoneNumber: '12345' }, 'Enter a valid phone number.'],
    [{ businessHours: '9-5' }, 'Business hours must be at least 5 characters.'],
    [{ adminEmail: 'nope' }, 'Please enter a valid email address.'],
    [{ supportEmail: 'x@' }, 'Please enter a valid email address.'],
    [{ notificationEmail: '' }, 'Please enter a valid email address.'],
    [{ maxGuestsDefault: 0 }, 'Minimum number of guests must be at least 1.'],
    [{ maxGuestsDefault: 21 }, 'Maximum number of guests must be at most 20.'],
    [{ minNightsDefault: 0 }, 'Minimum nights must be at least 1.'],
    [{ maxNightsDefault: 0 }, 'Maximum nights must be at least 1.'],
    [{ advanceBookingDays: -1 }, 'Advance booking days must be at least 0.'],
    [{ currency: '  ' }, 'Currency is required.'],
    [{ taxRate: -0.5 }, 'Tax rate must be at least 0%.'],
    [{ taxRate: 100.01 }, 'Tax rate cannot exceed 100%.'],
  ];
  for (const [patch, message] of rules) {
    it(`refuses ${JSON.stringify(patch)} with '${message}'`, async () => {
      const { caller } = callerFor(db, admin);
      expect(await failure(caller.settings.update({ ...validSettings, ...patch }))).toEqual({
        code: 'BAD_REQUEST',
        message,
      });
    });
  }

  it('refuses min nights above max nights (README) and accepts a tax rate with 2 decimals', async () => {
    const { caller } = callerFor(db, admin);
    expect(
      await failure(caller.settings.update({ ...validSettings, minNightsDefault: 40, maxNightsDefault: 3 })),
    ).toMatchObject({ code: 'BAD_REQUEST', message: 'Minimum nights cannot be more than maximum nights.' });
    await expect(caller.settings.update({ ...validSettings, taxRate: 12.25 })).resolves.toMatchObject({
      taxRate: 12.25,
    });
    await caller.settings.update(validSettings);
  });
});

describe('categories', () => {
  it('creates with trimmed name and defaults, refuses blank and case-insensitive duplicates', async () => {
    const { caller } = callerFor(db, admin);
    const c = await caller.categories.create({ name: '  Treehouse  ', icon: 'https://example.com/t.svg' });
    expect(c).toMatchObject({ name: 'Treehouse', icon: 'https://example.com/t.svg', active: true });
    expect(await failure(caller.categories.create({ name: '   ' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Category name is required.',
    });
    expect(await failure(caller.categories.create({ name: 'treehouse' }))).toEqual({
      code: 'CONFLICT',
      message: 'A category with this name already exists',
    });
    expect(await failure(caller.categories.update({ id: c.id, name: ' ' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Category name is required.',
    });
    expect(await failure(caller.categories.update({ id: c.id, name: 'BEACH' }))).toEqual({
      code: 'CONFLICT',
      message: 'A category with this name already exists',
    });
    // Changing only the case of its own name is not a duplicate.
    await expect(
      caller.categories.update({ id: c.id, name: 'TreeHouse', active: false }),
    ).resolves.toMatchObject({ name: 'TreeHouse', active: false });
    expect(await failure(caller.categories.update({ id: 999_999, name: 'Ghost' }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Category not found',
    });
  });

  it('a rename rewrites the properties that carry it (categories and categoryKeys), keeping order', async () => {
    const { caller } = callerFor(db, admin);
    const c = await caller.categories.create({ name: 'Riverside' });
    const a = await createProperty(db.em(), { categories: ['City', 'riverside', 'Design'] });
    const b = await createProperty(db.em(), { categories: ['Beach'] });
    await caller.categories.update({ id: c.id, name: 'Waterfront', icon: '', active: true });
    const rows = await db.sql<{ id: number; categories: string[]; category_keys: string[] }>(
      'select id, categories, category_keys from properties where id = any($1) order by id',
      [[a.id, b.id]],
    );
    expect(rows).toEqual([
      {
        id: a.id,
        categories: ['City', 'Waterfront', 'Design'],
        category_keys: ['city', 'waterfront', 'design'],
      },
      { id: b.id, categories: ['Beach'], category_keys: ['beach'] },
    ]);
    // Search by the new name finds it; by the old name no longer.
    const found = await callerFor(db, null).caller.properties.search({ category: 'waterfront' });
    expect(found.items.map((p) => p.id)).toContain(a.id);
    expect(
      (await callerFor(db, null).caller.properties.search({ category: 'Riverside' })).items.map((p) => p.id),
    ).not.toContain(a.id);
  });

  it('a delete takes it off every property in the same transaction; deleting again answers 404', async () => {
    const { caller } = callerFor(db, admin);
    const c = await caller.categories.create({ name: 'Igloo' });
    const a = await createProperty(db.em(), { categories: ['Igloo', 'Mountain'] });
    const b = await createProperty(db.em(), { categories: ['Mountain', 'IGLOO'] });
    await expect(caller.categories.delete({ id: c.id })).resolves.toEqual({ ok: true });
    const rows = await db.sql<{ categories: string[]; category_keys: string[] }>(
      'select categories, category_keys from properties where id = any($1) order by id',
      [[a.id, b.id]],
    );
    expect(rows).toEqual([
      { categories: ['Mountain'], category_keys: ['mountain'] },
      { categories: ['Mountain'], category_keys: ['mountain'] },
    ]);
    expect(await failure(caller.categories.delete({ id: c.id }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Category not found',
    });
    expect((await callerFor(db, null).caller.categories.list()).some((x) => x.id === c.id)).toBe(false);
  });
});

describe('reviews', () => {
  it('add, edit and delete keep rating (average) and reviewCount in step; userId comes from the session', async () => {
    const { caller } = callerFor(db, admin);
    const p = await createProperty(db.em());
    expect(await propertyRating(p.id)).toEqual({ rating: null, review_count: 0 });

    const r1 = await caller.reviews.create({
      propertyId: p.id,
      userId: 1,
      comment: '  Lovely stay  ',
      userName: '',
    });
    expect(r1).toMatchObject({
      propertyId: p.id,
      userId: admin.id,
      rating: 5,
      userName: 'Admin',
      comment: 'Lovely stay',
      userImage: null,
    });
    expect(await propertyRating(p.id)).toEqual({ rating: 5, review_count: 1 });

    const r2 = await caller.reviews.create({
      propertyId: p.id,
      rating: 2,
      comment: 'Noisy',
      userName: 'Sam',
    });
    expect(await propertyRating(p.id)).toEqual({ rating: 3.5, review_count: 2 });

    const edited = await caller.reviews.update({ id: r2.id, rating: 3 });
    expect(edited).toMatchObject({ rating: 3, comment: 'Noisy', userName: 'Sam' });
    expect(await propertyRating(p.id)).toEqual({ rating: 4, review_count: 2 });

    // A partial update leaves the rating alone.
    await caller.reviews.update({ id: r2.id, comment: 'Quiet after all' });
    expect(await propertyRating(p.id)).toEqual({ rating: 4, review_count: 2 });

    await caller.reviews.delete({ id: r1.id });
    expect(await propertyRating(p.id)).toEqual({ rating: 3, review_count: 1 });
    await caller.reviews.delete({ id: r2.id });
    expect(await propertyRating(p.id)).toEqual({ rating: null, review_count: 0 });

    const pub = await callerFor(db, null).caller.properties.byId({ id: p.id });
    expect(pub).toMatchObject({ rating: null, reviewCount: 0 });
  });

  it('a failed change rolls back the rating together with the review', async () => {
    const { caller } = callerFor(db, admin);
    const p = await createProperty(db.em());
    await caller.reviews.create({ propertyId: p.id, rating: 4, comment: 'Fine' });
    // A rating the database refuses (the check constraint) after the row was locked: nothing changes.
    const [r] = await db.sql<{ id: number }>('select id from reviews where property_id = $1', [p.id]);
    await db.sql('alter table reviews add constraint reviews_comment_not_boom check (comment <> $$boom$$)');
    try {
      await expect(caller.reviews.update({ id: r!.id, comment: 'boom', rating: 1 })).rejects.toBeTruthy();
    } finally {
      await db.sql('alter table reviews drop constraint reviews_comment_not_boom');
    }
    expect(await propertyRating(p.id)).toEqual({ rating: 4, review_count: 1 });
  });

  it('validates: a property must be chosen, the rating is 1–5, the comment is required; missing ones answer 404', async () => {
    const { caller } = callerFor(db, admin);
    const p = await createProperty(db.em());
    expect(await failure(caller.reviews.create({ propertyId: '', comment: 'x' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Please select a property',
    });
    expect(await failure(caller.reviews.create({ propertyId: p.id, rating: 6, comment: 'x' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Rating must be between 1 and 5',
    });
    expect(await failure(caller.reviews.create({ propertyId: p.id, comment: '   ' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Review comment is required',
    });
    expect(await failure(caller.reviews.create({ propertyId: 999_999, comment: 'x' }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Property not found',
    });
    expect(await failure(caller.reviews.update({ id: 999_999, comment: 'x' }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Review not found',
    });
    expect(await failure(caller.reviews.delete({ id: 999_999 }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Review not found',
    });
  });

  it('stores an avatar data URL as a /media image and refuses what is not an image', async () => {
    const { caller, ctx } = callerFor(db, admin);
    const p = await createProperty(db.em());
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const r = await caller.reviews.create({
      propertyId: p.id,
      comment: 'With face',
      userImage: `data:image/png;base64,${png.toString('base64')}`,
    });
    expect(r.userImage).toMatch(/^\/media\/[a-f0-9]{32}\.jpg$/);
    expect(await ctx.deps.media.has(r.userImage!.slice('/media/'.length))).toBe(true);
    // Keeping the stored URL on edit is fine; removing it with null too.
    await expect(caller.reviews.update({ id: r.id, userImage: r.userImage })).resolves.toMatchObject({
      userImage: r.userImage,
    });
    await expect(caller.reviews.update({ id: r.id, userImage: null })).resolves.toMatchObject({
      userImage: null,
    });

    const fake = `data:image/png;base64,${Buffer.from('<html>not an image at all</html>').toString('base64')}`;
    expect(await failure(caller.reviews.create({ propertyId: p.id, comment: 'x', userImage: fake }))).toEqual(
      {
        code: 'BAD_REQUEST',
        message: 'User image is not a valid image (JPEG, PNG, WebP, GIF or AVIF expected)',
      },
    );
    const huge = `data:image/jpeg;base64,${Buffer.alloc(3 * 1024 * 1024 + 10, 0xff).toString('base64')}`;
    expect(await failure(caller.reviews.create({ propertyId: p.id, comment: 'x', userImage: huge }))).toEqual(
      {
        code: 'PAYLOAD_TOO_LARGE',
        message: 'Image too large (3.00 MB). Maximum size is 3MB per image.',
      },
    );
    expect(
      await failure(
        caller.reviews.create({
          propertyId: p.id,
          comment: 'x',
          userImage: '/media/0123456789abcdef0123456789abcdef.jpg',
        }),
      ),
    ).toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});

describe('bookings (admin)', () => {
  it('lists with property, user and contact info, paged on the server', async () => {
    const { caller } = callerFor(db, admin);
    const p = await createProperty(db.em(), { title: 'Admin list home' });
    const start = addDays(todayIso(), 500);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(
        await insertBooking(p.id, addDays(start, i * 10), 2, 'pending', 300, i === 0 ? plain.id : null),
      );
    const plainList = await caller.bookings.list();
    const [all] = await db.sql<{ n: number }>('select count(*)::int as n from bookings');
    expect(plainList).toHaveLength(all?.n ?? -1);
    expect(plainList.map((b) => b.id)).toEqual(expect.arrayContaining(ids));
    expect(await caller.bookings.list({ page: 1, pageSize: 2 })).toHaveLength(2);

    const first = await caller.bookings.page();
    expect(first.page).toBe(1);
    expect(first.pageSize).toBe(50);
    const [count] = await db.sql<{ n: number }>('select count(*)::int as n from bookings');
    expect(first.total).toBe(count?.n);
    const withUser = first.items.find((b) => b.id === ids[0]);
    expect(withUser).toMatchObject({
      property: { id: p.id, title: 'Admin list home' },
      user: { id: plain.id, name: 'Plain', username: 'plainuser' },
      contactInfo: {
        name: 'Grace Guest',
        email: 'grace@example.com',
        phone: '+1 555 0199',
        country: 'Canada',
      },
      checkIn: start,
      checkOut: addDays(start, 2),
      guests: 2,
      totalPrice: 300,
      status: 'pending',
    });
    expect(first.items.find((b) => b.id === ids[1])?.user).toBeNull();

    const page1 = await caller.bookings.page({ page: 1, pageSize: 2 });
    const page2 = await caller.bookings.page({ page: 2, pageSize: 2 });
    expect(page1.items).toHaveLength(2);
    expect(page2.items).toHaveLength(2);
    expect(page1.items.map((b) => b.id)).not.toEqual(expect.arrayContaining(page2.items.map((b) => b.id)));
    expect(await failure(caller.bookings.page({ page: 0 }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Page must be at least 1',
    });
  });

  it('confirms and cancels; re-confirming a cancelled booking whose dates were taken answers 409; a missing one 404', async () => {
    const { caller } = callerFor(db, admin);
    const p = await createProperty(db.em());
    const checkIn = addDays(todayIso(), 700);
    const first = await insertBooking(p.id, checkIn, 3, 'pending');
    await expect(caller.bookings.updateStatus({ id: first, status: 'confirmed' })).resolves.toMatchObject({
      id: first,
      status: 'confirmed',
    });
    await expect(caller.bookings.updateStatus({ id: first, status: 'cancelled' })).resolves.toMatchObject({
      status: 'cancelled',
    });
    // Someone else books the freed dates.
    await insertBooking(p.id, addDays(checkIn, 1), 2, 'pending');
    expect(await failure(caller.bookings.updateStatus({ id: first, status: 'confirmed' }))).toEqual({
      code: 'CONFLICT',
      message: 'These dates are no longer available',
    });
    const [row] = await db.sql<{ status: string }>('select status from bookings where id = $1', [first]);
    expect(row?.status).toBe('cancelled');
    expect(await failure(caller.bookings.updateStatus({ id: 999_999, status: 'confirmed' }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Booking not found',
    });
    expect(await failure(caller.bookings.updateStatus({ id: first, status: 'done' as 'confirmed' }))).toEqual(
      {
        code: 'BAD_REQUEST',
        message: 'Status must be pending, confirmed or cancelled',
      },
    );
  });
});

describe('dashboard', () => {
  it('counters equal the SQL counts; recent lists hold 5 newest', async () => {
    const p = await createProperty(db.em(), { title: 'Dash home' });
    await createProperty(db.em(), { title: 'Archived dash home', archivedAt: new Date() });
    const start = addDays(todayIso(), 900);
    await insertBooking(p.id, start, 2, 'pending', 1000);
    await insertBooking(p.id, addDays(start, 10), 2, 'confirmed', 2000);
    await insertBooking(p.id, addDays(start, 20), 2, 'cancelled', 4000);
    const d = await callerFor(db, admin).caller.admin.dashboard();
    const [sql] = await db.sql<{ props: number; bookings: number; revenue: number; pending: number }>(
      `select (select count(*)::int from properties where archived_at is null) as props,
              (select count(*)::int from bookings) as bookings,
              (select coalesce(sum(total_price), 0)::int / 100.0 from bookings where status <> 'cancelled')::float8 as revenue,
              (select count(*)::int from bookings where status = 'pending') as pending`,
    );
    expect(d).toMatchObject({
      totalProperties: sql?.props,
      totalBookings: sql?.bookings,
      totalRevenue: sql?.revenue,
      pendingBookings: sql?.pending,
    });
    expect(d.recentBookings).toHaveLength(5);
    expect(d.recentBookings[0]).toMatchObject({
      checkIn: addDays(start, 20),
      checkOut: addDays(start, 22),
      status: 'cancelled',
    });
    expect(d.recentProperties).toHaveLength(5);
    expect(d.recentProperties[0]).toMatchObject({
      id: p.id,
      title: 'Dash home',
      location: 'Miami, Florida',
      price: 100,
    });
    expect(d.recentProperties.some((x) => x.title === 'Archived dash home')).toBe(false);
  });
});
