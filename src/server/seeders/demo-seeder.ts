import type { EntityManager } from '@mikro-orm/postgresql';
import { Seeder } from '@mikro-orm/seeder';
import { sql } from 'kysely';
import sharp from 'sharp';
import {
  demoGuestEmail,
  demoLedgerLines,
  planDemo,
  sceneSvg,
  type TDemoListing,
  type TDemoReview,
  type TScene,
} from '../../../demo/index.ts';
import { SETTINGS_DEFAULTS } from '#shared/constants.ts';
import { todayIso } from '#shared/dates.ts';
import { quoteStay } from '#shared/pricing.ts';
import { Booking, type IBooking } from '../entities/booking.entity.ts';
import { Property, type IProperty } from '../entities/property.entity.ts';
import { Review } from '../entities/review.entity.ts';
import { User, type IUser } from '../entities/user.entity.ts';
import { log } from '../logger.ts';
import { db } from '../repositories/db.ts';
import { hashPassword } from '../services/auth/passwords.ts';
import { storeImage } from '../services/media/images.ts';
import type { TMediaStore } from '../services/media/store.ts';
import type { TSeedContext } from './context.ts';

/** sharp runs one thread per image: a few images in flight keep both cores busy without thrashing. */
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

/** True until the first property is ever inserted, so deleting every listing later does not bring the demo back. */
async function propertiesNeverSeeded(em: EntityManager): Promise<boolean> {
  const rows = await em.execute<{ is_called: boolean }[]>('select is_called from properties_id_seq');
  return rows[0]?.is_called === false;
}

function isGuestFavorite(reviews: readonly TDemoReview[]): boolean {
  if (reviews.length < 4) return false;
  return reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length >= 4.7;
}

/**
 * What the demo's guests paid (demo/payments.ts). Each booking's payment plan is first taken again as of the
 * day it was booked, as the payments migration did for older bookings, so deposits and balance dates are
 * the ones a guest would have had; the ledger's amounts are then read from those plans (already in minor
 * units, from the booking's total), never worked out here, and written in one statement.
 */
async function seedDemoPayments(
  tx: EntityManager,
  demo: ReturnType<typeof planDemo>,
  bookings: readonly IBooking[],
  admin: IUser,
): Promise<void> {
  const q = db(tx);
  const ids = bookings.map((b) => b.id);
  await q.deleteFrom('payment_plans').where('booking_id', 'in', ids).execute();
  await sql`select payment_plan_snapshot(b, b.created_at) from bookings b where b.id = any(${ids}::int[])`.execute(
    q,
  );
  const plans = new Map(
    (
      await q
        .selectFrom('payment_plans')
        .select([
          'booking_id',
          'currency',
          'total_amount',
          'deposit_amount',
          sql<string | null>`to_char(balance_due_on, 'YYYY-MM-DD')`.as('balance_due_on'),
        ])
        .where('booking_id', 'in', ids)
        .execute()
    ).map((p) => [p.booking_id, p]),
  );
  const today = todayIso();
  const lines = bookings.flatMap((booking, i) => {
    const plan = plans.get(booking.id);
    const money = demo.payments[i];
    if (!plan || !money) return [];
    const amounts = {
      total: plan.total_amount,
      deposit: plan.deposit_amount,
      balanceDueOn: plan.balance_due_on,
    };
    return demoLedgerLines(money, amounts, today).map((line) => {
      const card = line.method === 'card';
      // A card payment's reference stands in for a PaymentIntent Stripe never saw: the line carries no
      // stripe_payment_intent, so no refund of it is ever sent to Stripe.
      const reference = card
        ? `pi_demo_${booking.confirmationNumber}_${line.part}`
        : `${booking.confirmationNumber} ${line.part}`;
      return {
        booking_id: booking.id,
        kind: 'payment' as const,
        method: line.method,
        amount: line.amount,
        currency: plan.currency,
        reference,
        occurred_at: line.occurredAt,
        recorded_by_id: card ? null : admin.id,
        recorded_by_name: card ? 'Stripe' : admin.name || admin.username,
        dedupe_key: card ? `stripe:${reference}` : `${line.method}:${reference.toLowerCase()}`,
      };
    });
  });
  if (lines.length > 0) await q.insertInto('ledger_lines').values(lines).execute();
}

/** The demo's conversations, their messages sent and read at the planned times before now. */
async function seedDemoConversations(
  em: EntityManager,
  demo: ReturnType<typeof planDemo>,
  bookings: readonly IBooking[],
  properties: readonly IProperty[],
  hostName: string,
): Promise<void> {
  const now = Date.now();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * 3_600_000);
  for (const c of demo.conversations) {
    const last = Math.min(...c.messages.map((m) => m.hoursAgo));
    const first = Math.max(...c.messages.map((m) => m.hoursAgo));
    const conversation = await db(em)
      .insertInto('conversations')
      .values({
        booking_id: c.booking === undefined ? null : (bookings[c.booking] as IBooking).id,
        property_id: (properties[c.listing] as IProperty).id,
        guest_name: c.guestName,
        guest_email: c.guestEmail,
        inquiry_check_in: c.inquiry?.checkIn ?? null,
        inquiry_check_out: c.inquiry?.checkOut ?? null,
        inquiry_guests: c.inquiry?.guests ?? null,
        created_at: at(first),
        last_message_at: at(last),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db(em)
      .insertInto('messages')
      .values(
        c.messages.map((m) => ({
          conversation_id: conversation.id,
          sender: m.sender,
          author_name: m.sender === 'guest' ? c.guestName : hostName,
          body: m.body,
          created_at: at(m.hoursAgo),
          // Read by the other side a quarter of an hour after it arrived.
          read_at: m.read ? at(m.hoursAgo - 0.25) : null,
        })),
      )
      .execute();
  }
}

/**
 * The demo from demo/ (listings with offline photos, guest accounts, reviews, bookings), written once into
 * a database that never had a property; later runs leave it alone.
 */
export class DemoSeeder extends Seeder<TSeedContext> {
  async run(em: EntityManager, context: TSeedContext): Promise<void> {
    if (context.demo === false || !(await propertiesNeverSeeded(em))) return;
    const started = Date.now();
    const demo = planDemo(todayIso());

    // Media files are content-addressed, so rendering outside the transaction leaves nothing wrong behind.
    const [photos, hashes] = await Promise.all([
      renderPhotos(demo.listings, context.demo.media),
      Promise.all(demo.guests.map(() => hashPassword(demo.guestPassword))),
    ]);

    await em.transactional(async (tx) => {
      const admin = await tx.findOneOrFail(User, { isAdmin: true }, { orderBy: { id: 'asc' } });
      // Demo guests, skipping any whose username or e-mail is already taken (e.g. by the configured admin).
      const taken = await tx.execute<{ username: string; email: string }[]>(
        'select lower(username) as username, lower(email) as email from users',
      );
      const names = new Set(taken.map((t) => t.username));
      const emails = new Set(taken.map((t) => t.email));
      const guests: (IUser | undefined)[] = demo.guests.map((g, i) =>
        names.has(g.username) || emails.has(demoGuestEmail(g))
          ? undefined
          : tx.create(User, {
              username: g.username,
              email: demoGuestEmail(g),
              name: g.name,
              password: hashes[i] as string,
              isAdmin: false,
            }),
      );

      // Created in table order, so ids follow it (the first Miami row gets the lowest Miami id).
      const requestHomes = new Set(demo.requestHomes);
      const properties: IProperty[] = demo.listings.map((l, i) =>
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
          guestFavorite: isGuestFavorite(demo.reviews.filter((rv) => rv.listing === i)),
          propertyType: l.propertyType,
          bookingMode: requestHomes.has(i) ? 'request' : 'instant',
          createdAt: new Date(`${demo.listedDays[i]}T09:00:00Z`),
        }),
      );
      await tx.flush();

      for (const rv of demo.reviews) {
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
      const bookings: IBooking[] = demo.bookings.map((b) => {
        const property = properties[b.listing] as IProperty;
        const quote = quoteStay(property.price, b.checkIn, b.checkOut, SETTINGS_DEFAULTS.taxRate);
        return tx.create(Booking, {
          user: b.guest === null ? null : (guests[b.guest] ?? null),
          property,
          checkIn: b.checkIn,
          checkOut: b.checkOut,
          guests: b.guests,
          infants: b.infants ?? 0,
          status: b.status,
          contactInfo: b.contactInfo,
          nightlyPrice: quote.nightlyPrice,
          nights: quote.nights,
          taxRate: quote.taxRate,
          taxAmount: quote.tax,
          totalPrice: quote.total,
          confirmationNumber: b.confirmationNumber,
          createdAt: b.createdAt,
          // A request waits for the operator from when it was made (docs/booking-operations.md#booking-modes).
          respondBy:
            b.status === 'requested'
              ? new Date(b.createdAt.getTime() + SETTINGS_DEFAULTS.requestResponseHours * 3_600_000)
              : null,
        });
      });
      await tx.flush();
      await seedDemoPayments(tx, demo, bookings, admin);
      await seedDemoConversations(tx, demo, bookings, properties, admin.name ?? SETTINGS_DEFAULTS.siteName);

      // From the stored rows, so rating and count match the reviews exactly (docs/decisions.md#ratings).
      await tx.execute(
        `update properties p set rating = s.rating, review_count = s.n
           from (select property_id, avg(rating)::float8 as rating, count(*)::int as n from reviews group by property_id) s
          where p.id = s.property_id`,
      );
    });
    log.info('demo content seeded', { ms: Date.now() - started });
  }
}
