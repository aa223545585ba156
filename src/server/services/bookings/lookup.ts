import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { LOOKUP_NEUTRAL_MESSAGE, type TMessageResult, type ZLookupInput } from '#shared/schemas/manage.ts';
import { findByConfirmationNumber } from '../../repositories/managed-bookings.ts';
import { countAttempt, enforceLimit, LIMITS } from '../auth/throttle.ts';
import { issueManageLink } from './manage.ts';

/** Sends the manage link of `bookingId` to the booking's own e-mail address, inside the caller's transaction. */
export type TSendManageLink = (tx: EntityManager, bookingId: number, token: string) => Promise<void>;

/**
 * 'Find my booking' (docs/decisions.md#secret-links): a confirmation number and an e-mail address. The answer is always the same;
 * a fresh manage link goes to the address on file only when both match. Limited per IP (429), and per
 * booking silently, so nobody can flood a guest's inbox.
 */
export async function lookupBooking(
  em: EntityManager,
  input: z.output<typeof ZLookupInput>,
  req: { ip: string },
  send: TSendManageLink,
): Promise<TMessageResult> {
  await enforceLimit(em, LIMITS.lookupPerIp, req.ip);
  const booking = await findByConfirmationNumber(em, input.confirmationNumber);
  const matches =
    booking !== null &&
    booking.email !== null &&
    booking.email.toLowerCase() === input.email.trim().toLowerCase();
  if (matches && (await countAttempt(em, LIMITS.lookupPerBooking, String(booking.id))) === null) {
    await em.transactional(async (tx) => {
      const token = await issueManageLink(tx, booking.id, booking.check_out);
      await send(tx, booking.id, token);
    });
  }
  return { message: LOOKUP_NEUTRAL_MESSAGE };
}
