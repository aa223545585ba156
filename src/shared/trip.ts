/**
 * The guest's trip page (docs/trip-page.md): the arrival defaults and the words the page uses for them.
 * Pure and small (the page's chunks carry it): the server decides what is revealed and whether a stay is
 * under way; the page only renders it.
 */

/** Check-in instructions show from this many hours before arrival unless the home says otherwise. */
export const REVEAL_HOURS_DEFAULT = 48;
/** At most a month ahead: instructions are meant for the days before arrival. */
export const REVEAL_HOURS_MAX = 720;
/** When a home's arrival details name no time (the housekeeping board uses the same check-in time). */
export const DEFAULT_CHECK_IN_TIME = '15:00';
export const DEFAULT_CHECK_OUT_TIME = '11:00';

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
