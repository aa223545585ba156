import { todayIso } from './dates.ts';
import type { TBookingStatus } from './constants.ts';

/**
 * The one set of status words (docs/booking-operations.md#status-words): every screen and e-mail names a
 * booking's state with these, so nothing says 'Confirmed' while the booking is not.
 */
export const STATUS_WORD: Record<TBookingStatus, string> = {
  pending: 'Pending',
  requested: 'Requested',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  declined: 'Declined',
};

export type TStayLabel =
  'Pending' | 'Requested' | 'Confirmed' | 'Current stay' | 'Cancelled' | 'Declined' | 'Completed';

/** A confirmed stay whose check-out day has come reads 'Completed'. */
export function stayLabel(status: TBookingStatus, checkOut: string, today = todayIso()): TStayLabel {
  if (status === 'confirmed') return checkOut <= today ? 'Completed' : 'Confirmed';
  return STATUS_WORD[status] as TStayLabel;
}

/**
 * The guest's word for a booking: 'Current stay' while it is under way (the server says so, by the home's
 * calendar and its own clock, the one that refuses a cancellation once the stay has begun).
 */
export function tripLabel(b: { status: TBookingStatus; checkOut: string; underWay: boolean }): TStayLabel {
  return b.underWay ? 'Current stay' : stayLabel(b.status, b.checkOut);
}

export const STAY_COLOR: Record<TStayLabel, string> = {
  Pending: 'yellow',
  Requested: 'orange',
  Confirmed: 'green',
  'Current stay': 'teal',
  Cancelled: 'gray',
  Declined: 'red',
  Completed: 'blue',
};

export type TStayGroup = 'upcoming' | 'past' | 'cancelled';

/** A declined request is listed with the cancelled stays: neither takes place. */
export function stayGroup(status: TBookingStatus, checkOut: string, today = todayIso()): TStayGroup {
  if (status === 'cancelled' || status === 'declined') return 'cancelled';
  return checkOut <= today ? 'past' : 'upcoming';
}

/** When the answer to a request is due, as the guest reads it: 'Sat, Nov 28, 14:00 UTC'. */
export function answerByLabel(iso: string): string {
  return `${new Date(iso).toLocaleString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  })} UTC`;
}
