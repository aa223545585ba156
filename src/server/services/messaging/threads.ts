import type { EntityManager } from '@mikro-orm/postgresql';
import type { TAdminThread, TGuestThread, TMessage, TMessageSender } from '#shared/schemas/messaging.ts';
import { AppError } from '../../errors.ts';
import {
  conversationIdOfBooking,
  ensureBookingConversation,
  findConversationLink,
  insertMessage,
  listMessages,
  markRead,
  threadBooking,
  threadHeader,
  type TThreadHeader,
} from '../../repositories/messaging.ts';
import { db } from '../../repositories/db.ts';
import type { TSessionUser } from '../auth/sessions.ts';
import { sameHash, tokenHash } from '../auth/secret-tokens.ts';
import { BOOKING_NOT_FOUND, bookingIdForToken, ownBookingId } from '../bookings/manage.ts';
import { enforceLimit, type TLimit } from '../auth/throttle.ts';
import { getSettings } from '../settings/settings.ts';
import { emailGuestAboutMessage, emailOperatorAboutMessage } from './notify.ts';

/** Guest and operator threads (docs/messaging.md). Every unknown thread or link is the same 404. */

export const THREAD_NOT_FOUND = 'Conversation not found';

/**
 * A guest's messages e-mail the operator, and their links need no account: each thread takes this many from
 * its guest per window (docs/messaging.md#messages), counted in the shared rate-limit table.
 */
export const GUEST_MESSAGE_LIMIT = {
  name: 'message:conversation',
  max: 20,
  windowMinutes: 60,
} as const satisfies TLimit;

async function bookingHome(em: EntityManager, bookingId: number): Promise<{ id: number; title: string }> {
  const r = await db(em)
    .selectFrom('bookings as b')
    .innerJoin('properties as p', 'p.id', 'b.property_id')
    .select(['p.id', 'p.title'])
    .where('b.id', '=', bookingId)
    .executeTakeFirst();
  if (!r) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
  return r;
}

/** A booking's thread as its guest reads it (empty until someone writes); reading marks the operator's messages read. */
async function guestBookingThread(
  em: EntityManager,
  bookingId: number,
  before: number | undefined,
): Promise<TGuestThread> {
  const home = await bookingHome(em, bookingId);
  const id = await conversationIdOfBooking(em, bookingId);
  if (id === null) return { home, messages: [], hasMore: false };
  await markRead(em, id, 'guest');
  return { home, ...(await listMessages(em, id, before)) };
}

/**
 * Stores a message and emails the other side, in one transaction: a message always has its one email,
 * and a refused one has none.
 */
export async function postMessage(
  em: EntityManager,
  conversationId: number,
  sender: TMessageSender,
  authorName: string | null,
  body: string,
  opts: { guestUrl?: string } = {},
): Promise<TMessage> {
  if (sender === 'guest') await enforceLimit(em, GUEST_MESSAGE_LIMIT, String(conversationId));
  return em.transactional(async (tx) => {
    const thread = await threadHeader(tx, conversationId);
    if (!thread) throw new AppError('NOT_FOUND', THREAD_NOT_FOUND);
    const settings = await getSettings(tx);
    const message = await insertMessage(tx, {
      conversationId,
      sender,
      authorName: (sender === 'guest' ? thread.guestName : (authorName ?? settings.siteName)).slice(0, 100),
      body,
    });
    if (sender === 'guest') await emailOperatorAboutMessage(tx, settings, thread, body);
    else await emailGuestAboutMessage(tx, settings, thread, body, opts.guestUrl);
    return message;
  });
}

async function postAsGuestOfBooking(em: EntityManager, bookingId: number, body: string): Promise<TMessage> {
  const id = await ensureBookingConversation(em, bookingId);
  if (id === null) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
  return postMessage(em, id, 'guest', null, body);
}

export async function manageThread(em: EntityManager, token: string, before?: number): Promise<TGuestThread> {
  return guestBookingThread(em, await bookingIdForToken(em, token), before);
}

export async function managePost(em: EntityManager, token: string, body: string): Promise<TMessage> {
  return postAsGuestOfBooking(em, await bookingIdForToken(em, token), body);
}

export async function mineThread(
  em: EntityManager,
  user: TSessionUser,
  bookingId: number,
  before?: number,
): Promise<TGuestThread> {
  return guestBookingThread(em, await ownBookingId(em, user.id, bookingId), before);
}

export async function minePost(
  em: EntityManager,
  user: TSessionUser,
  bookingId: number,
  body: string,
): Promise<TMessage> {
  return postAsGuestOfBooking(em, await ownBookingId(em, user.id, bookingId), body);
}

/** The thread a private inquiry link opens, or the one 404. */
async function threadIdForToken(em: EntityManager, token: string, now = new Date()): Promise<number> {
  const hash = tokenHash(token);
  const link = hash ? await findConversationLink(em, hash, now) : null;
  if (!hash || !link || !sameHash(link.id, hash)) throw new AppError('NOT_FOUND', THREAD_NOT_FOUND);
  return link.conversation_id;
}

export async function inquiryThread(
  em: EntityManager,
  token: string,
  before?: number,
): Promise<TGuestThread> {
  const id = await threadIdForToken(em, token);
  const header = await threadHeader(em, id);
  if (!header) throw new AppError('NOT_FOUND', THREAD_NOT_FOUND);
  await markRead(em, id, 'guest');
  return { home: { id: header.home.id, title: header.home.title }, ...(await listMessages(em, id, before)) };
}

export async function inquiryPost(em: EntityManager, token: string, body: string): Promise<TMessage> {
  return postMessage(em, await threadIdForToken(em, token), 'guest', null, body);
}

async function adminHeader(em: EntityManager, id: number): Promise<TThreadHeader> {
  const header = await threadHeader(em, id);
  if (!header) throw new AppError('NOT_FOUND', THREAD_NOT_FOUND);
  return header;
}

/** The operator opens a thread: the guest's messages are read from now on. */
export async function adminThread(em: EntityManager, id: number, before?: number): Promise<TAdminThread> {
  const header = await adminHeader(em, id);
  await markRead(em, id, 'operator');
  const page = await listMessages(em, id, before);
  const hasInquiry =
    header.inquiry.checkIn !== null || header.inquiry.checkOut !== null || header.inquiry.guests !== null;
  return {
    id: header.id,
    guestName: header.guestName,
    guestEmail: header.guestEmail,
    home: header.home,
    booking: header.bookingId === null ? null : await threadBooking(em, header.bookingId),
    inquiry: hasInquiry ? header.inquiry : null,
    ...page,
  };
}

export async function adminPost(
  em: EntityManager,
  operator: TSessionUser,
  id: number,
  body: string,
): Promise<TMessage> {
  await adminHeader(em, id);
  return postMessage(em, id, 'operator', operator.name || operator.username, body);
}

/** The drawer's way into a booking's thread (made on first use). */
export async function bookingThreadId(
  em: EntityManager,
  bookingId: number,
): Promise<{ conversationId: number }> {
  const id = await ensureBookingConversation(em, bookingId);
  if (id === null) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
  return { conversationId: id };
}
