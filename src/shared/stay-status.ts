import { todayIso } from './dates.ts';
import type { TBookingStatus } from './constants.ts';

export type TStayLabel = 'Pending' | 'Confirmed' | 'Cancelled' | 'Completed';

/** A confirmed stay whose check-out day has come reads 'Completed'. */
export function stayLabel(status: TBookingStatus, checkOut: string, today = todayIso()): TStayLabel {
  if (status === 'cancelled') return 'Cancelled';
  if (status === 'confirmed') return checkOut <= today ? 'Completed' : 'Confirmed';
  return 'Pending';
}

export const STAY_COLOR: Record<TStayLabel, string> = {
  Pending: 'yellow',
  Confirmed: 'green',
  Cancelled: 'gray',
  Completed: 'blue',
};

export type TStayGroup = 'upcoming' | 'past' | 'cancelled';

export function stayGroup(status: TBookingStatus, checkOut: string, today = todayIso()): TStayGroup {
  if (status === 'cancelled') return 'cancelled';
  return checkOut <= today ? 'past' : 'upcoming';
}
