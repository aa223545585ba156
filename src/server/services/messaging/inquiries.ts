import type { EntityManager } from '@mikro-orm/postgresql';
import { INQUIRY_SENT_MESSAGE } from '#shared/schemas/messaging.ts';
import { AppError } from '../../errors.ts';
import { db, listed } from '../../repositories/db.ts';
import {
  attachInquiryToBooking,
  insertInquiryConversation,
  insertMessage,
  threadHeader,
} from '../../repositories/messaging.ts';
import { enforceLimit, type TLimit } from '../auth/throttle.ts';
import { queueComposed } from '../email/compose.ts';
import { absoluteUrl } from '../email/outbox.ts';
import { paragraph, quote, rows } from '../email/render.ts';
import { getSettings } from '../settings/settings.ts';
import { emailOperatorAboutMessage, issueThreadLink, threadPath } from './notify.ts';

/**
 * Questions before booking (docs/messaging.md#inquiries): anyone may ask, so each question is counted
 * per client address and per e-mail in the shared rate-limit table before anything is written or sent.
 */
export const INQUIRY_LIMITS = {
  perIp: { name: 'inquiry:ip', max: 5, windowMinutes: 60 },
  perEmail: { name: 'inquiry:email', max: 3, windowMinutes: 60 },
} as const satisfies Record<string, TLimit>;

export const HOME_NOT_FOUND = 'Property not found';

export interface TInquiry {
  propertyId: number;
  name: string;
  email: string;
  message: string;
  checkIn?: string | undefined;
  checkOut?: string | undefined;
  guests?: number | undefined;
}

/**
 * Starts a conversation about a home: the question is stored, the operator is e-mailed it, and the guest
 * is e-mailed a private link to follow it (the answer never carries the link, so only the owner of the
 * e-mail address can read the thread).
 */
export async function createInquiry(
  em: EntityManager,
  input: TInquiry,
  ip: string,
): Promise<{ message: string }> {
  const home = await db(em)
    .selectFrom('properties')
    .select(['id', 'title'])
    .where('id', '=', input.propertyId)
    .where(listed())
    .executeTakeFirst();
  if (!home) throw new AppError('NOT_FOUND', HOME_NOT_FOUND);
  await enforceLimit(em, INQUIRY_LIMITS.perIp, ip);
  await enforceLimit(em, INQUIRY_LIMITS.perEmail, input.email);
  await em.transactional(async (tx) => {
    const id = await insertInquiryConversation(tx, {
      propertyId: home.id,
      name: input.name,
      email: input.email,
      checkIn: input.checkIn ?? null,
      checkOut: input.checkOut ?? null,
      guests: input.guests ?? null,
    });
    await insertMessage(tx, {
      conversationId: id,
      sender: 'guest',
      authorName: input.name,
      body: input.message,
    });
    const thread = await threadHeader(tx, id);
    if (!thread) throw new Error('the inquiry just written is missing');
    const settings = await getSettings(tx);
    const token = await issueThreadLink(tx, id);
    const asked: [string, string][] = [
      ['Home', home.title],
      ...(input.checkIn ? ([['Check-in', input.checkIn]] as [string, string][]) : []),
      ...(input.checkOut ? ([['Check-out', input.checkOut]] as [string, string][]) : []),
      ...(input.guests ? ([['Guests', String(input.guests)]] as [string, string][]) : []),
    ];
    await queueComposed(tx, settings, [
      {
        to: input.email,
        subject: `Your question about ${home.title}`,
        template: 'inquiry-guest',
        heading: 'We have your question',
        blocks: [
          paragraph(`Hello ${input.name}, your question has reached the host of ${home.title}. You wrote:`),
          quote(input.message),
          rows(asked),
          paragraph(
            'Follow the conversation and reply through the link below. It is private: do not share it. Replies to this email are not read.',
          ),
        ],
        action: { label: 'Open the conversation', url: absoluteUrl(threadPath(token)) },
      },
    ]);
    await emailOperatorAboutMessage(tx, settings, thread, input.message, true);
  });
  return { message: INQUIRY_SENT_MESSAGE };
}

/** A booking was made: the guest's open question about that home (same e-mail) becomes its conversation. */
export async function joinInquiryToBooking(
  em: EntityManager,
  b: { id: number; propertyId: number; email: string | undefined },
): Promise<number | null> {
  if (!b.email) return null;
  return attachInquiryToBooking(em, { id: b.id, propertyId: b.propertyId, email: b.email });
}
