import type { TBookingStatus } from '#shared/constants.ts';
import { dayAtHome, formatHomeTime } from '#shared/home-time.ts';
import type { THomeGuide } from '#shared/schemas/messaging.ts';
import type { TTripFacts } from '#shared/schemas/manage.ts';
import { DEFAULT_CHECK_IN_TIME, DEFAULT_CHECK_OUT_TIME } from '#shared/trip.ts';
import type { TManagedRecord } from '../../repositories/managed-bookings.ts';
import { instantAtHome } from '../messaging/schedule.ts';

/** The stay is under way: its check-in day has come at the home and its check-out day has not. */
export function stayUnderWay(
  b: { status: TBookingStatus; checkIn: string; checkOut: string; timeZone: string },
  now: Date,
): boolean {
  if (b.status !== 'confirmed' && b.status !== 'pending') return false;
  const today = dayAtHome(now, b.timeZone);
  return b.checkIn <= today && today < b.checkOut;
}

function coordinate(value: string | null, limit: number): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
}

/**
 * When the check-in instructions show: `revealHoursBefore` hours before the check-in time at the home.
 * Null when the home has none to show.
 */
export function instructionsFrom(
  b: Pick<TManagedRecord, 'checkIn' | 'timeZone'>,
  guide: THomeGuide,
): Date | null {
  if (!guide.checkInInstructions) return null;
  const arrival = instantAtHome(b.checkIn, guide.checkInTime ?? DEFAULT_CHECK_IN_TIME, b.timeZone);
  return new Date(arrival.getTime() - guide.revealHoursBefore * 3_600_000);
}

/**
 * The trip page's facts (docs/trip-page.md). The instructions go out only to a confirmed stay from their
 * time on: before it the answer has no text to hide, so nothing reaches the browser early. The door code
 * and Wi-Fi never go out here; they reach the guest only in messages (docs/messaging.md#private-details).
 */
export function tripFacts(b: TManagedRecord, guide: THomeGuide, now: Date): TTripFacts {
  const checkInTime = guide.checkInTime ?? DEFAULT_CHECK_IN_TIME;
  const checkOutTime = guide.checkOutTime ?? DEFAULT_CHECK_OUT_TIME;
  const from = instructionsFrom(b, guide);
  const revealed = from !== null && b.status === 'confirmed' && now.getTime() >= from.getTime();
  const lat = coordinate(b.latitude, 90);
  const lng = coordinate(b.longitude, 180);
  const located = lat !== null && lng !== null;
  return {
    checkInTime,
    checkOutTime,
    arrivesAt: instantAtHome(b.checkIn, checkInTime, b.timeZone).toISOString(),
    leavesAt: instantAtHome(b.checkOut, checkOutTime, b.timeZone).toISOString(),
    address: b.property.location,
    latitude: located ? lat : null,
    longitude: located ? lng : null,
    houseRules: guide.houseRules,
    checkInInstructions: revealed ? guide.checkInInstructions : null,
    instructionsFrom: from?.toISOString() ?? null,
    instructionsFromText: from ? formatHomeTime(from, b.timeZone) : null,
  };
}
