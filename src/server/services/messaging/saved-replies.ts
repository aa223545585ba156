import type { EntityManager } from '@mikro-orm/postgresql';
import { formatIsoDate } from '#shared/dates.ts';
import type { TTemplateVariable } from '#shared/schemas/messaging.ts';
import { AppError } from '../../errors.ts';
import { findHomeGuide, findMessageBooking, findTemplate } from '../../repositories/message-templates.ts';
import { threadHeader, type TThreadHeader } from '../../repositories/messaging.ts';
import { fillVariables, renderTemplate } from './automated.ts';
import { THREAD_NOT_FOUND } from './threads.ts';

/**
 * Saved replies in the inbox (docs/messaging.md#saved-replies): a `manual` template filled in for one
 * conversation when the operator inserts it. A booking's thread fills it as an automated message sent now
 * would be; a question's fills what the question tells, and leaves the rest (`{{manage_link}}`, the door
 * code) as written, which the reply refuses until the operator edits it out.
 */

export const SAVED_REPLY_NOT_FOUND = 'Saved reply not found';

export async function fillSavedReply(
  em: EntityManager,
  conversationId: number,
  templateId: number,
  now = new Date(),
): Promise<{ text: string }> {
  const [header, template] = await Promise.all([
    threadHeader(em, conversationId),
    findTemplate(em, templateId),
  ]);
  if (!header) throw new AppError('NOT_FOUND', THREAD_NOT_FOUND);
  if (template?.trigger !== 'manual') throw new AppError('NOT_FOUND', SAVED_REPLY_NOT_FOUND);
  const booking = header.bookingId === null ? null : await findMessageBooking(em, header.bookingId);
  if (booking)
    return { text: (await renderTemplate(em, template.body, booking, now, { makeLinks: true })).text };
  return { text: fillVariables(template.body, await questionValues(em, header)) };
}

/** What a question before booking tells: who asks, the home, and the dates when given. */
async function questionValues(
  em: EntityManager,
  header: TThreadHeader,
): Promise<Partial<Record<TTemplateVariable, string>>> {
  const guide = await findHomeGuide(em, header.home.id);
  const { checkIn, checkOut } = header.inquiry;
  return {
    guest_name: header.guestName,
    home: header.home.title,
    address: header.home.location,
    check_in_time: guide.checkInTime ?? '',
    check_out_time: guide.checkOutTime ?? '',
    check_in_instructions: guide.checkInInstructions ?? '',
    house_rules: guide.houseRules ?? '',
    ...(checkIn ? { check_in_date: formatIsoDate(checkIn, true) } : {}),
    ...(checkOut ? { check_out_date: formatIsoDate(checkOut, true) } : {}),
  };
}
