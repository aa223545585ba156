import type { EntityManager } from '@mikro-orm/postgresql';
import sharp from 'sharp';
import { SETTINGS_DEFAULTS } from '../../shared/constants.ts';
import { todayIso } from '../../shared/dates.ts';
import { quoteStay } from '../../shared/pricing.ts';
import { Booking } from '../entities/booking.entity.ts';
import { Property, type IProperty } from '../entities/property.entity.ts';
import { Review } from '../entities/review.entity.ts';
import { User, type IUser } from '../entities/user.entity.ts';
import { hashPassword } from '../services/auth/passwords.ts';
import { storeImage } from '../services/media/images.ts';
import type { TMediaStore } from '../services/media/store.ts';
import {
  DEMO_GUEST_PASSWORD,
  DEMO_GUESTS,
  demoGuestEmail,
  planBookings,
  planListedDays,
  planReviews,
  type TDemoReview,
} from './demo-activity.ts';
import { planListings, type TDemoListing } from './demo-listings.ts';
import { createRandom } from './demo-random.ts';
import { sceneSvg, type TScene } from './demo-scenes.ts';

export { DEMO_BOOKED_STAY, DEMO_GUEST_PASSWORD } from './demo-activity.ts';

/** Fixed, so every fresh database gets the same demo (dates stay relative to the day it is seeded). */
const DEMO_SEED = 20_261_122;
/** sharp runs one thread per image; a few images in flight keep both cores busy without thrashing. */
const RENDER_CONCURRENCY = 3;

/** Renders each distinct scene once (listings share many) and answers its media URL per scene key. */
async function renderPhotos(
  listings: readonly TDemoListing[],
  media: TMediaStore,
): Promise<Map<string, string>> {
  const scenes = new Map<string, TScene>();
  for (const l of listings) for (const s of l.photos) scenes.set(JSON.stringify(s), s);
  const queue = [...scenes];
  const urls = new Map<string, string>();
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [key, scene] = next;
      const png = await sharp(Buffer.from(sceneSvg(scene)))
        .png({ compressionLevel: 0 })
        .toBuffer();
      urls.set(key, await storeImage(media, png));
    }
  };
  await Promise.all(Array.from({ length: RENDER_CONCURRENCY }, worker));
  return urls;
}

/** Demo guests, skipping any whose username or e-mail is already taken (e.g. by the configured admin). */
async function createGuests(em: EntityManager, hashes: readonly string[]): Promise<(IUser | undefined)[]> {
  const taken = await em.execute<{ username: string; email: string }[]>(
    'select lower(username) as username, lower(email) as email from users',
  );
  const names = new Set(taken.map((t) => t.username));
  const emails = new Set(taken.map((t) => t.email));
  return DEMO_GUESTS.map((g, i) =>
    names.has(g.username) || emails.has(demoGuestEmail(g))
      ? undefined
      : em.create(User, {
          username: g.username,
          email: demoGuestEmail(g),
          name: g.name,
          password: hashes[i] as string,
          isAdmin: false,
        }),
  );
}

function isGuestFavorite(reviews: readonly TDemoReview[]): boolean {
  if (reviews.length < 4) return false;
  return reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length >= 4.7;
}

/** Demo listings with photos, reviews and bookings that render offline. Runs once, on a fresh database. */
export async function seedDemoContent(em: EntityManager, media: TMediaStore): Promise<void> {
  const today = todayIso();
  const r = createRandom(DEMO_SEED);
  const listings = planListings(r);
  const listedDays = planListedDays(listings, today, r);
  const reviews = planReviews(listings, listedDays, today, r);
  const bookings = planBookings(listings, listedDays, today, r);

  // Media files are content-addressed, so rendering outside the transaction leaves nothing wrong behind.
  const [photos, hashes] = await Promise.all([
    renderPhotos(listings, media),
    Promise.all(DEMO_GUESTS.map(() => hashPassword(DEMO_GUEST_PASSWORD))),
  ]);

  await em.transactional(async (tx) => {
    const admin = await tx.findOneOrFail(User, { isAdmin: true }, { orderBy: { id: 'asc' } });
    const guests = await createGuests(tx, hashes);

    // Created in table order, so ids follow it (the first Miami row gets the lowest Miami id).
    const properties: IProperty[] = listings.map((l, i) =>
      tx.create(Property, {
        title: l.title,
        description: l.description,
        location: l.location,
        price: l.price,
        images: l.photos.map((s) => photos.get(JSON.stringify(s)) as string),
        videos: [],
        bedrooms: l.bedrooms,
        bathrooms: l.bathrooms,
        maxGuests: l.maxGuests,
        amenities: l.amenities,
        categories: l.categories,
        categoryKeys: l.categories.map((c) => c.toLowerCase()),
        latitude: l.latitude,
        longitude: l.longitude,
        rating: null,
        reviewCount: 0,
        showLogo: l.showLogo,
        guestFavorite: isGuestFavorite(reviews.filter((rv) => rv.listing === i)),
        propertyType: l.propertyType,
        createdAt: new Date(`${listedDays[i]}T09:00:00Z`),
      }),
    );
    await tx.flush();

    for (const rv of reviews) {
      tx.create(Review, {
        user: (rv.guest === null ? undefined : guests[rv.guest]) ?? admin,
        property: properties[rv.listing] as IProperty,
        rating: rv.rating,
        comment: rv.comment,
        userImage: null,
        userName: rv.userName,
        date: rv.date,
      });
    }
    for (const b of bookings) {
      const property = properties[b.listing] as IProperty;
      const quote = quoteStay(property.price, b.checkIn, b.checkOut, SETTINGS_DEFAULTS.taxRate);
      tx.create(Booking, {
        user: b.guest === null ? null : (guests[b.guest] ?? null),
        property,
        checkIn: b.checkIn,
        checkOut: b.checkOut,
        guests: b.guests,
        status: b.status,
        contactInfo: b.contactInfo,
        nightlyPrice: quote.nightlyPrice,
        nights: quote.nights,
        taxRate: quote.taxRate,
        taxAmount: quote.tax,
        totalPrice: quote.total,
        confirmationNumber: b.confirmationNumber,
        createdAt: b.createdAt,
      });
    }
    await tx.flush();

    // From the stored rows, so rating and count match the reviews exactly (DECISIONS 14).
    await tx.execute(
      `update properties p set rating = s.rating, review_count = s.n
         from (select property_id, avg(rating)::float8 as rating, count(*)::int as n from reviews group by property_id) s
        where p.id = s.property_id`,
    );
  });
}
