import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type RawBuilder } from 'kysely';
import type { TMessage, TMessageSender } from '#shared/schemas/messaging.ts';
import { inHomes, type THomeScope } from './home-scope.ts';
import { db, guestName, isoDate, isoTimestamp } from './db.ts';

/** Every query of guest messaging (docs/messaging.md): threads, their messages and links, the inbox. */

export interface TThreadHeader {
  id: number;
  bookingId: number | null;
  guestName: string;
  guestEmail: string;
  home: { id: number; title: string; location: string };
  inquiry: { checkIn: string | null; checkOut: string | null; guests: number | null };
}

export async function threadHeader(em: EntityManager, id: number): Promise<TThreadHeader | null> {
  const r = await db(em)
    .selectFrom('conversations as c')
    .innerJoin('properties as p', 'p.id', 'c.property_id')
    .select([
      'c.id',
      'c.booking_id',
      'c.guest_name',
      'c.guest_email',
      'p.id as property_id',
      'p.title',
      'p.location',
      isoDate<string | null>('c.inquiry_check_in').as('inquiry_check_in'),
      isoDate<string | null>('c.inquiry_check_out').as('inquiry_check_out'),
      'c.inquiry_guests',
    ])
    .where('c.id', '=', id)
    .executeTakeFirst();
  if (!r) return null;
  return {
    id: r.id,
    bookingId: r.booking_id,
    guestName: r.guest_name,
    guestEmail: r.guest_email,
    home: { id: r.property_id, title: r.title, location: r.location },
    inquiry: { checkIn: r.inquiry_check_in, checkOut: r.inquiry_check_out, guests: r.inquiry_guests },
  };
}

/** The booking a thread is about, as the operator's thread shows it. */
export async function threadBooking(em: EntityManager, bookingId: number) {
  return db(em)
    .selectFrom('bookings')
    .select([
      'id',
      'confirmation_number as confirmationNumber',
      'status',
      isoDate('check_in').as('checkIn'),
      isoDate('check_out').as('checkOut'),
      'guests',
      'total_price as totalPrice',
    ])
    .where('id', '=', bookingId)
    .executeTakeFirstOrThrow();
}

export async function conversationIdOfBooking(em: EntityManager, bookingId: number): Promise<number | null> {
  const r = await db(em)
    .selectFrom('conversations')
    .select('id')
    .where('booking_id', '=', bookingId)
    .executeTakeFirst();
  return r?.id ?? null;
}

/** The booking's thread, made on first use with the guest's name and e-mail from the booking. */
export async function ensureBookingConversation(
  em: EntityManager,
  bookingId: number,
): Promise<number | null> {
  await db(em)
    .insertInto('conversations')
    .columns(['booking_id', 'property_id', 'guest_name', 'guest_email'])
    .expression(
      db(em)
        .selectFrom('bookings as b')
        .leftJoin('users as u', 'u.id', 'b.user_id')
        .where('b.id', '=', bookingId)
        .select([
          'b.id',
          'b.property_id',
          sql<string>`left(${guestName('Guest')}, 100)`.as('guest_name'),
          sql<string>`left(coalesce(b.contact_info->>'email', u.email, ''), 254)`.as('guest_email'),
        ]),
    )
    .onConflict((oc) => oc.column('booking_id').doNothing())
    .execute();
  return conversationIdOfBooking(em, bookingId);
}

export async function insertInquiryConversation(
  em: EntityManager,
  v: {
    propertyId: number;
    name: string;
    email: string;
    checkIn: string | null;
    checkOut: string | null;
    guests: number | null;
  },
): Promise<number> {
  const r = await db(em)
    .insertInto('conversations')
    .values({
      property_id: v.propertyId,
      guest_name: v.name,
      guest_email: v.email,
      inquiry_check_in: v.checkIn,
      inquiry_check_out: v.checkOut,
      inquiry_guests: v.guests,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/**
 * The inquirer booked the home: their latest open inquiry about it (same e-mail, any case) becomes the
 * booking's thread, unless the booking already has one.
 */
export async function attachInquiryToBooking(
  em: EntityManager,
  b: { id: number; propertyId: number; email: string },
): Promise<number | null> {
  const rows = await db(em)
    .updateTable('conversations')
    .set({ booking_id: b.id })
    .where((eb) =>
      eb.and([
        eb(
          'id',
          '=',
          eb
            .selectFrom('conversations')
            .select('id')
            .where('property_id', '=', b.propertyId)
            .where('booking_id', 'is', null)
            .where(sql`lower(guest_email)`, '=', sql`lower(${b.email})`)
            .orderBy('last_message_at', 'desc')
            .orderBy('id', 'desc')
            .limit(1)
            .forUpdate()
            .skipLocked(),
        ),
        eb.not(
          eb.exists(
            eb
              .selectFrom('conversations')
              .select(sql`1`.as('one'))
              .where('booking_id', '=', b.id),
          ),
        ),
      ]),
    )
    .returning('id')
    .execute();
  return rows[0]?.id ?? null;
}

const messageColumns = [
  'm.id',
  'm.sender',
  'm.author_name',
  'm.body',
  isoTimestamp('m.created_at').as('created_at'),
  isoTimestamp<string | null>('m.read_at').as('read_at'),
] as const;

function toMessage(r: {
  id: number;
  sender: TMessageSender;
  author_name: string;
  body: string;
  created_at: string;
  read_at: string | null;
}): TMessage {
  return {
    id: r.id,
    sender: r.sender,
    authorName: r.author_name,
    body: r.body,
    createdAt: r.created_at,
    readAt: r.read_at,
  };
}

export async function insertMessage(
  em: EntityManager,
  v: { conversationId: number; sender: TMessageSender; authorName: string; body: string },
): Promise<TMessage> {
  const r = await db(em)
    .with('m', (w) =>
      w
        .insertInto('messages')
        .values({
          conversation_id: v.conversationId,
          sender: v.sender,
          author_name: v.authorName,
          body: v.body,
        })
        .returningAll(),
    )
    .with('touch', (w) =>
      w
        .updateTable('conversations')
        .set({ last_message_at: sql`now()` })
        .where('id', '=', v.conversationId)
        .returning('id'),
    )
    .selectFrom('m')
    .select(messageColumns)
    .executeTakeFirstOrThrow();
  return toMessage(r);
}

/** A page of a thread: the `limit` newest messages before `before` (a message id), oldest first. */
export async function listMessages(
  em: EntityManager,
  conversationId: number,
  before: number | undefined,
  limit = 50,
): Promise<{ messages: TMessage[]; hasMore: boolean }> {
  let q = db(em)
    .selectFrom('messages as m')
    .select(messageColumns)
    .where('m.conversation_id', '=', conversationId);
  if (before !== undefined) q = q.where('m.id', '<', before);
  const rows = await q
    .orderBy('m.id', 'desc')
    .limit(limit + 1)
    .execute();
  return { messages: rows.slice(0, limit).reverse().map(toMessage), hasMore: rows.length > limit };
}

/** The reader opened the thread: what the other side wrote is read from now on. */
export async function markRead(
  em: EntityManager,
  conversationId: number,
  reader: 'guest' | 'operator',
): Promise<void> {
  const written = reader === 'guest' ? (['operator', 'automated'] as const) : (['guest'] as const);
  await db(em)
    .updateTable('messages')
    .set({ read_at: sql`now()` })
    .where('conversation_id', '=', conversationId)
    .where('sender', 'in', written)
    .where('read_at', 'is', null)
    .execute();
}

export async function insertConversationLink(
  em: EntityManager,
  conversationId: number,
  hash: string,
  expiresAt: Date,
): Promise<void> {
  await db(em)
    .insertInto('conversation_links')
    .values({ id: hash, conversation_id: conversationId, expires_at: expiresAt })
    .execute();
}

export async function findConversationLink(
  em: EntityManager,
  hash: string,
  now: Date,
): Promise<{ id: string; conversation_id: number } | null> {
  const r = await db(em)
    .selectFrom('conversation_links')
    .select(['id', 'conversation_id'])
    .where('id', '=', hash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return r ?? null;
}

export async function unreadTotal(em: EntityManager, homes: THomeScope = null): Promise<number> {
  const r = await db(em)
    .selectFrom('messages')
    .select(sql<string>`count(*)`.as('n'))
    .where('sender', '=', 'guest')
    .where('read_at', 'is', null)
    .$if(homes !== null, (q) =>
      q.where(
        'conversation_id',
        'in',
        db(em).selectFrom('conversations').select('id').where(inHomes('property_id', homes)),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export type TInboxWhere = 'all' | 'unread' | 'arriving' | 'staying' | 'inquiries';

/**
 * The inbox: threads by their last message, newest first, one page of them, with each one's unread count
 * and last message. `today` is a calendar day (`yyyy-MM-dd`) for the arriving and staying filters.
 */
export async function inboxPage(
  em: EntityManager,
  opts: { filter: TInboxWhere; today: string; offset: number; limit: number; homes?: THomeScope },
) {
  const unread = sql<number>`(select count(*)::int from messages um
      where um.conversation_id = c.id and um.sender = 'guest' and um.read_at is null)`;
  // Filters on the conversations alone (the stay's dates through `exists`), so the count reads no other
  // table; the home and the booking are joined to the page's rows only.
  const stay = (cond: RawBuilder<boolean>) =>
    sql<boolean>`exists (select 1 from bookings b where b.id = c.booking_id and b.status <> 'cancelled' and ${cond})`;
  let q = db(em)
    .selectFrom('conversations as c')
    .where(inHomes('c.property_id', opts.homes ?? null));
  switch (opts.filter) {
    case 'unread':
      q = q.where(
        sql<boolean>`exists (select 1 from messages um where um.conversation_id = c.id and um.sender = 'guest' and um.read_at is null)`,
      );
      break;
    case 'arriving':
      q = q.where(
        stay(sql<boolean>`b.check_in >= ${opts.today}::date and b.check_in <= ${opts.today}::date + 7`),
      );
      break;
    case 'staying':
      q = q.where(
        stay(sql<boolean>`b.check_in <= ${opts.today}::date and b.check_out > ${opts.today}::date`),
      );
      break;
    case 'inquiries':
      q = q.where('c.booking_id', 'is', null);
      break;
    default:
      break;
  }
  const [rows, total] = await Promise.all([
    q
      .innerJoin('properties as p', 'p.id', 'c.property_id')
      .leftJoin('bookings as b', 'b.id', 'c.booking_id')
      .select([
        'c.id',
        'c.guest_name',
        'p.title',
        isoTimestamp('c.last_message_at').as('last_message_at'),
        sql<string>`coalesce((select left(lm.body, 140) from messages lm where lm.conversation_id = c.id order by lm.id desc limit 1), '')`.as(
          'preview',
        ),
        unread.as('unread'),
        'b.id as booking_id',
        'b.status',
        isoDate<string | null>('b.check_in').as('check_in'),
        isoDate<string | null>('b.check_out').as('check_out'),
      ])
      .orderBy('c.last_message_at', 'desc')
      .orderBy('c.id', 'desc')
      .offset(opts.offset)
      .limit(opts.limit)
      .execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: total.n,
    items: rows.map((r) => ({
      id: r.id,
      guestName: r.guest_name,
      home: r.title,
      lastMessageAt: r.last_message_at,
      preview: r.preview,
      unread: r.unread,
      booking:
        r.booking_id !== null && r.status !== null && r.check_in !== null && r.check_out !== null
          ? { id: r.booking_id, status: r.status, checkIn: r.check_in, checkOut: r.check_out }
          : null,
    })),
  };
}
