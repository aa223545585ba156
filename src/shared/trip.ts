/**
 * The guest's trip page (docs/trip-page.md): the arrival facts the manage answer carries and the words the
 * page and My bookings use for them. Pure: the server decides what is revealed, the page only renders it.
 */
import type { TBookingStatus } from './constants.ts';
import { dayAtHome } from './home-time.ts';
import { stayLabel, type TStayLabel } from './stay-status.ts';

/** Check-in instructions show from this many hours before arrival unless the home says otherwise. */
export const REVEAL_HOURS_DEFAULT = 48;
/** At most a month ahead: instructions are meant for the days before arrival. */
export const REVEAL_HOURS_MAX = 720;
/** When a home's arrival details name no time (the housekeeping board uses the same check-in time). */
export const DEFAULT_CHECK_IN_TIME = '15:00';
export const DEFAULT_CHECK_OUT_TIME = '11:00';

/** The stay is under way: its check-in day has come at the home and its check-out day has not. */
export function stayUnderWay(
  b: { status: TBookingStatus; checkIn: string; checkOut: string; timeZone: string },
  now: Date = new Date(),
): boolean {
  if (b.status !== 'confirmed' && b.status !== 'pending') return false;
  const today = dayAtHome(now, b.timeZone);
  return b.checkIn <= today && today < b.checkOut;
}

export type TTripLabel = TStayLabel | 'Current stay';

/** The stay's word for the guest, in the home's calendar: 'Current stay' while it is under way. */
export function tripLabel(
  b: { status: TBookingStatus; checkIn: string; checkOut: string; timeZone: string },
  now: Date = new Date(),
): TTripLabel {
  if (stayUnderWay(b, now)) return 'Current stay';
  return stayLabel(b.status, b.checkOut, dayAtHome(now, b.timeZone));
}

export const TRIP_COLOR: Record<TTripLabel, string> = {
  Pending: 'yellow',
  Requested: 'orange',
  Confirmed: 'green',
  'Current stay': 'teal',
  Cancelled: 'gray',
  Declined: 'red',
  Completed: 'blue',
};

/** '15:00' → '3:00 PM': the home's own clock time, written as the site writes times. */
export function clockLabel(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return `${h % 12 || 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** Directions to the home on a maps service: to its coordinates, or to its address when it has none. */
export function directionsLink(lat: number | null, lng: number | null, address: string): string {
  const destination = lat !== null && lng !== null ? `${lat},${lng}` : encodeURIComponent(address);
  return `https://www.google.com/maps/dir/?api=1&destination=${destination}`;
}
