import { bookedLines } from '#shared/pricing.ts';
import type { THomeScope } from '../../repositories/home-scope.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { bookingStatusChanged } from '../messaging/automated.ts';
import type { z } from 'zod';
import { BOOKING_STATUSES, type TBookingStatus } from '#shared/constants.ts';
import {
  ADMIN_BOOKINGS_PAGE_SIZE,
  type TAdminBooking,
  type TAdminBookingDetail,
  type TAdminBookingList,
  type TBookingNote,
  type ZAdminBookingListInput,
} from '#shared/schemas/admin.ts';
import { activityOf } from '../../repositories/activity.ts';
import { startDepositDeadline } from '../../repositories/booking-requests.ts';
import {
  countAdminBookings,
  emailsOfBooking,
  findAdminBooking,
  findAdminBookingWithPrice,
  insertBookingNote,
  listAdminBookingRows,
  listAllAdminBookingRows,
  lockBookingStatuses,
  notesOfBooking,
  setBookingStatus,
  toAdminBooking,
} from '../../repositories/admin-bookings.ts';
import { AppError, DATES_TAKEN_MESSAGE, toAppError } from '../../errors.ts';
import { recordActivity, type TActor } from '../activity/activity.ts';
import { emailBookingStatusChanged } from '../email/guest-emails.ts';
import type { TCardReach } from '../payments/terms.ts';
import { historyWithChanges } from '../bookings/change-history.ts';
import { adminCheckIn } from '../bookings/check-in.ts';

export const BOOKING_NOT_FOUND = 'Booking not found';

/** One page of the filtered, sorted bookings with the filtered total (offset paging: a table jumps to page N). */
export async function listAdminBookings(
  em: EntityManager,
  input: z.output<typeof ZAdminBookingListInput>,
  homes: THomeScope = null,
): Promise<TAdminBookingList> {
  const filter = { ...input, homes };
  const [items, total] = await Promise.all([
    listAdminBookingRows(em, filter, input.pageSize, (input.page - 1) * input.pageSize),
    countAdminBookings(em, filter),
  ]);
  return { items, total, page: input.page, pageSize: input.pageSize };
}

/** Every booking newest first, as the spec's plain list; a page of it when `page` is given. */
export async function listAllAdminBookings(
  em: EntityManager,
  input: { page?: number | undefined; pageSize?: number | undefined },
  homes: THomeScope = null,
): Promise<TAdminBooking[]> {
  if (input.page === undefined) return listAllAdminBookingRows(em, homes);
  const pageSize = input.pageSize ?? ADMIN_BOOKINGS_PAGE_SIZE;
  return listAdminBookingRows(
    em,
    { sort: 'createdAt', dir: 'desc', homes },
    pageSize,
    (input.page - 1) * pageSize,
  );
}

export async function getAdminBooking(em: EntityManager, id: number): Promise<TAdminBooking> {
  const booking = await findAdminBooking(em, id);
  if (!booking) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
  return booking;
}

/**
 * Sets the status of several bookings in one transaction: all change or none. Moving a cancelled booking
 * back to pending or confirmed makes it hold its dates again; the exclusion constraint refuses that when
 * another booking took them meanwhile (23P01 → 409, docs/decisions.md#no-double-bookings), and the message names the booking.
 * Each change is recorded in the audit trail; a booking already in that status is left as it is.
 */
export async function setBookingStatuses(
  em: EntityManager,
  ids: readonly number[],
  status: TBookingStatus,
  actor: TActor | null,
  reach: TCardReach = { cardAvailable: false },
): Promise<TAdminBooking[]> {
  const unique = [...new Set(ids)];
  await em.transactional(async (tx) => {
    const current = await lockBookingStatuses(tx, unique);
    const missing = unique.find((id) => !current.has(id));
    if (missing !== undefined) {
      throw new AppError(
        'NOT_FOUND',
        unique.length === 1 ? BOOKING_NOT_FOUND : `Booking #${missing} not found`,
      );
    }
    for (const id of unique) {
      const before = current.get(id);
      if (before === status) continue;
      try {
        await setBookingStatus(tx, id, status);
      } catch (err) {
        if (toAppError(err)?.message === DATES_TAKEN_MESSAGE && unique.length > 1) {
          throw new AppError('CONFLICT', `Booking #${id}: ${DATES_TAKEN_MESSAGE}`);
        }
        throw err;
      }
      // Confirming a request by hand is accepting it: the deposit deadline counts from now.
      if (before === 'requested' && status === 'confirmed') await startDepositDeadline(tx, id, new Date());
      await recordActivity(tx, actor, {
        action: 'booking.status',
        entityType: 'booking',
        entityId: id,
        before: { status: before },
        after: { status },
      });
      // The guest's email is written in the same transaction as the change (docs/decisions.md#emails).
      if (before) await emailBookingStatusChanged(tx, id, before, reach);
      await bookingStatusChanged(tx, id, before, status);
    }
  });
  return Promise.all(unique.map((id) => getAdminBooking(em, id)));
}

export async function updateBookingStatus(
  em: EntityManager,
  id: number,
  status: TBookingStatus,
  actor: TActor | null,
  reach: TCardReach = { cardAvailable: false },
): Promise<TAdminBooking> {
  const [booking] = await setBookingStatuses(em, [id], status, actor, reach);
  if (!booking) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
  return booking;
}

function asStatus(v: unknown): TBookingStatus | null {
  return typeof v === 'string' && (BOOKING_STATUSES as readonly string[]).includes(v)
    ? (v as TBookingStatus)
    : null;
}

/** The drawer: the booking, its price snapshot, its status history, its emails and the operator's notes. */
export async function getAdminBookingDetail(em: EntityManager, id: number): Promise<TAdminBookingDetail> {
  const row = await findAdminBookingWithPrice(em, id);
  if (!row) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
  const [activity, emails, notes, onlineCheckIn] = await Promise.all([
    activityOf(em, 'booking', String(id)),
    emailsOfBooking(em, id),
    notesOfBooking(em, id),
    adminCheckIn(em, id),
  ]);
  const booking = toAdminBooking(row);
  const changes = activity.flatMap((a) => {
    const to = asStatus(a.changes.status?.after);
    return to
      ? [
          {
            at: a.createdAt,
            actorName: a.actorName,
            action: a.action,
            from: asStatus(a.changes.status?.before),
            to,
          },
        ]
      : [];
  });
  return {
    ...booking,
    respondBy: row.respond_by,
    children: row.children,
    infants: row.infants,
    pets: row.pets,
    price: {
      nights: row.nights,
      nightlyPrice: row.nightly_price,
      taxRate: Number(row.tax_rate),
      taxAmount: row.tax_amount,
      total: row.total_price,
      nightPrices: row.night_prices,
      lines: bookedLines({
        taxRate: Number(row.tax_rate),
        taxAmount: row.tax_amount,
        priceLines: row.price_lines,
      }),
    },
    history: historyWithChanges<TAdminBookingDetail['history'][number]>(
      [
        {
          at: booking.createdAt,
          actorName: booking.contactInfo?.name ?? booking.user?.name ?? booking.user?.username ?? 'Guest',
          action: 'booking.create',
          from: null,
          // What it was made as: the first change's starting point, else what it still is.
          to: changes[0]?.from ?? booking.status,
        },
        ...changes,
      ],
      // Entered, changed, or a change asked for (docs/booking-operations.md), in time order with the rest.
      activity,
      booking.status,
    ),
    emails,
    notes,
    onlineCheckIn,
  };
}

export async function addBookingNote(
  em: EntityManager,
  bookingId: number,
  body: string,
  actor: TActor,
): Promise<TBookingNote> {
  if (!(await findAdminBooking(em, bookingId))) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
  return em.transactional(async (tx) => {
    const note = await insertBookingNote(tx, {
      bookingId,
      authorId: actor.id,
      authorName: actor.name || actor.username,
      body,
    });
    await recordActivity(tx, actor, {
      action: 'booking.note',
      entityType: 'booking',
      entityId: bookingId,
      after: { noteId: note.id, note: body },
    });
    return note;
  });
}
