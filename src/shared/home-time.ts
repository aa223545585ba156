import { MONTHS_SHORT, toUtcMs } from './dates.ts';

/**
 * A home's local time (docs/cancellation.md#the-homes-local-time). Each home keeps its IANA time zone in
 * its own field; a new home gets the zone guessed from where it is (guessHomeTimeZone): the zone of the
 * nearest place below within MAX_KM of its coordinates, else of a place its address names, else UTC.
 */
const ZONE_PLACES: readonly { name: string; lat: number; lng: number; zone: string }[] = [
  { name: 'New York', lat: 40.7128, lng: -74.006, zone: 'America/New_York' },
  { name: 'Boston', lat: 42.3601, lng: -71.0589, zone: 'America/New_York' },
  { name: 'Philadelphia', lat: 39.9526, lng: -75.1652, zone: 'America/New_York' },
  { name: 'Washington DC', lat: 38.9072, lng: -77.0369, zone: 'America/New_York' },
  { name: 'Atlanta', lat: 33.749, lng: -84.388, zone: 'America/New_York' },
  { name: 'Miami', lat: 25.7617, lng: -80.1918, zone: 'America/New_York' },
  { name: 'Florida', lat: 27.9944, lng: -81.7603, zone: 'America/New_York' },
  { name: 'Toronto', lat: 43.6532, lng: -79.3832, zone: 'America/Toronto' },
  { name: 'Chicago', lat: 41.8781, lng: -87.6298, zone: 'America/Chicago' },
  { name: 'Nashville', lat: 36.1627, lng: -86.7816, zone: 'America/Chicago' },
  { name: 'New Orleans', lat: 29.9511, lng: -90.0715, zone: 'America/Chicago' },
  { name: 'Austin', lat: 30.2672, lng: -97.7431, zone: 'America/Chicago' },
  { name: 'Dallas', lat: 32.7767, lng: -96.797, zone: 'America/Chicago' },
  { name: 'Houston', lat: 29.7604, lng: -95.3698, zone: 'America/Chicago' },
  { name: 'Texas', lat: 31.9686, lng: -99.9018, zone: 'America/Chicago' },
  { name: 'Mexico City', lat: 19.4326, lng: -99.1332, zone: 'America/Mexico_City' },
  { name: 'Denver', lat: 39.7392, lng: -104.9903, zone: 'America/Denver' },
  { name: 'Aspen', lat: 39.1911, lng: -106.8175, zone: 'America/Denver' },
  { name: 'Colorado', lat: 39.5501, lng: -105.7821, zone: 'America/Denver' },
  { name: 'Phoenix', lat: 33.4484, lng: -112.074, zone: 'America/Phoenix' },
  { name: 'Sedona', lat: 34.8697, lng: -111.761, zone: 'America/Phoenix' },
  { name: 'Arizona', lat: 34.0489, lng: -111.0937, zone: 'America/Phoenix' },
  { name: 'Las Vegas', lat: 36.1699, lng: -115.1398, zone: 'America/Los_Angeles' },
  { name: 'Los Angeles', lat: 34.0522, lng: -118.2437, zone: 'America/Los_Angeles' },
  { name: 'Malibu', lat: 34.0259, lng: -118.7798, zone: 'America/Los_Angeles' },
  { name: 'Big Bear', lat: 34.2439, lng: -116.9114, zone: 'America/Los_Angeles' },
  { name: 'San Diego', lat: 32.7157, lng: -117.1611, zone: 'America/Los_Angeles' },
  { name: 'San Francisco', lat: 37.7749, lng: -122.4194, zone: 'America/Los_Angeles' },
  { name: 'California', lat: 36.7783, lng: -119.4179, zone: 'America/Los_Angeles' },
  { name: 'Portland', lat: 45.5152, lng: -122.6784, zone: 'America/Los_Angeles' },
  { name: 'Seattle', lat: 47.6062, lng: -122.3321, zone: 'America/Los_Angeles' },
  { name: 'Lisbon', lat: 38.7223, lng: -9.1393, zone: 'Europe/Lisbon' },
  { name: 'Porto', lat: 41.1579, lng: -8.6291, zone: 'Europe/Lisbon' },
  { name: 'Portugal', lat: 39.3999, lng: -8.2245, zone: 'Europe/Lisbon' },
  { name: 'Madrid', lat: 40.4168, lng: -3.7038, zone: 'Europe/Madrid' },
  { name: 'Barcelona', lat: 41.3874, lng: 2.1686, zone: 'Europe/Madrid' },
  { name: 'Spain', lat: 40.4637, lng: -3.7492, zone: 'Europe/Madrid' },
  { name: 'London', lat: 51.5074, lng: -0.1278, zone: 'Europe/London' },
  { name: 'Edinburgh', lat: 55.9533, lng: -3.1883, zone: 'Europe/London' },
  { name: 'United Kingdom', lat: 54.0, lng: -2.0, zone: 'Europe/London' },
  { name: 'Paris', lat: 48.8566, lng: 2.3522, zone: 'Europe/Paris' },
  { name: 'Amsterdam', lat: 52.3676, lng: 4.9041, zone: 'Europe/Amsterdam' },
  { name: 'Berlin', lat: 52.52, lng: 13.405, zone: 'Europe/Berlin' },
  { name: 'Tuscany', lat: 43.7711, lng: 11.2486, zone: 'Europe/Rome' },
  { name: 'Italy', lat: 41.8719, lng: 12.5674, zone: 'Europe/Rome' },
  { name: 'Rovaniemi', lat: 66.5039, lng: 25.7294, zone: 'Europe/Helsinki' },
  { name: 'Finland', lat: 61.9241, lng: 25.7482, zone: 'Europe/Helsinki' },
  { name: 'Dubai', lat: 25.2048, lng: 55.2708, zone: 'Asia/Dubai' },
  { name: 'Islamabad', lat: 33.6844, lng: 73.0479, zone: 'Asia/Karachi' },
  { name: 'Pakistan', lat: 30.3753, lng: 69.3451, zone: 'Asia/Karachi' },
  { name: 'Tokyo', lat: 35.6762, lng: 139.6503, zone: 'Asia/Tokyo' },
  { name: 'Japan', lat: 36.2048, lng: 138.2529, zone: 'Asia/Tokyo' },
  { name: 'Sydney', lat: -33.8688, lng: 151.2093, zone: 'Australia/Sydney' },
];

/** Further than this from every known place, coordinates say nothing about the zone. */
const MAX_KM = 600;

function distanceKm(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const rad = Math.PI / 180;
  const dLat = (bLat - aLat) * rad;
  const dLng = (bLng - aLng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

export interface THomePlace {
  location: string;
  latitude: string | null;
  longitude: string | null;
}

/** The time zone a new home gets unless the operator names one (see above). */
export function guessHomeTimeZone(home: THomePlace): string {
  const lat = home.latitude === null ? NaN : Number(home.latitude);
  const lng = home.longitude === null ? NaN : Number(home.longitude);
  if (Number.isFinite(lat) && Number.isFinite(lng)) {
    let best: { zone: string; km: number } | null = null;
    for (const p of ZONE_PLACES) {
      const km = distanceKm(lat, lng, p.lat, p.lng);
      if (km <= MAX_KM && (!best || km < best.km)) best = { zone: p.zone, km };
    }
    if (best) return best.zone;
  }
  const address = home.location.toLowerCase();
  return ZONE_PLACES.find((p) => address.includes(p.name.toLowerCase()))?.zone ?? 'UTC';
}

/** Accepted besides Intl's list, which leaves out the guess's own fallback. */
const ALWAYS_KNOWN = ['UTC'];

let known: Set<string> | null = null;

/**
 * `name` as a stored time zone: itself when it is one of the runtime's IANA zones
 * (`Intl.supportedValuesOf('timeZone')`) or UTC, else the listed zone Intl resolves it to (an alias such
 * as `Asia/Kolkata` where the list says `Asia/Calcutta`, or another spelling's case); null otherwise.
 */
export function knownTimeZone(name: string): string | null {
  known ??= new Set([...Intl.supportedValuesOf('timeZone'), ...ALWAYS_KNOWN]);
  if (known.has(name)) return name;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    return known.has(resolved) ? resolved : null;
  } catch {
    return null;
  }
}

/** Every zone the editor offers, in Intl's order, with UTC first. */
export function timeZoneChoices(): string[] {
  return [...ALWAYS_KNOWN, ...Intl.supportedValuesOf('timeZone').filter((z) => !ALWAYS_KNOWN.includes(z))];
}

/** The formatters home times use, by what they write: numeric parts, the deadline's text, the zone's name. */
const ZONE_FORMATS = {
  parts: {
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  },
  text: {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  },
  name: { timeZoneName: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone and kind: a page draws a deadline on every render of the booking card. */
function zoneFormat(zone: string, kind: keyof typeof ZONE_FORMATS): Intl.DateTimeFormat {
  const key = `${kind} ${zone}`;
  let f = zoneFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, ...ZONE_FORMATS[kind] });
    zoneFormats.set(key, f);
  }
  return f;
}

/**
 * Minutes east of UTC of `zone` at the instant `ms`: from `clock` when it covers the instant, else the
 * home's wall clock at that instant (Intl's numeric parts), read as if it were UTC, less the instant.
 */
export function offsetMinutes(zone: string, ms: number, clock?: TZoneClock): number {
  const span = spanAt(clock, zone, ms);
  if (span) return span.offset;
  const at = Math.floor(ms / 1000) * 1000;
  const part: Record<string, number> = {};
  for (const p of zoneFormat(zone, 'parts').formatToParts(at))
    if (p.type !== 'literal') part[p.type] = Number(p.value);
  const wall = Date.UTC(
    part.year ?? 1970,
    (part.month ?? 1) - 1,
    part.day ?? 1,
    part.hour ?? 0,
    part.minute ?? 0,
    part.second ?? 0,
  );
  return Math.round((wall - at) / 60_000);
}

/** The instant a calendar day (`yyyy-MM-dd`) begins at the home: its midnight in `zone`. */
export function startOfDayIn(day: string, zone: string, clock?: TZoneClock): Date {
  const utcMidnight = toUtcMs(day);
  // The offset at the guess, then at the corrected instant (a DST change near midnight moves it).
  const first = utcMidnight - offsetMinutes(zone, utcMidnight, clock) * 60_000;
  return new Date(utcMidnight - offsetMinutes(zone, first, clock) * 60_000);
}

/** `Nov 16, 2026, 12:00 AM EST`: an instant as the clock at the home shows it, with its zone's name. */
export function formatHomeTime(instant: Date, zone: string, clock?: TZoneClock): string {
  const span = spanAt(clock, zone, instant.getTime());
  if (span) {
    // The same text as the formatter of kind `text`, from the span's offset and zone name.
    const wall = new Date(instant.getTime() - (instant.getTime() % 60_000) + span.offset * 60_000);
    const h = wall.getUTCHours();
    const time = `${h % 12 || 12}:${String(wall.getUTCMinutes()).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
    return `${MONTHS_SHORT[wall.getUTCMonth()] ?? ''} ${wall.getUTCDate()}, ${wall.getUTCFullYear()}, ${time} ${span.name}`;
  }
  return zoneFormat(zone, 'text').format(instant);
}

/** A zone as the admin reads it beside a time: 'Lisbon time (Europe/Lisbon)', or 'UTC'. */
export function homeZoneLabel(zone: string): string {
  if (zone === 'UTC') return 'UTC';
  const place = zone.slice(zone.lastIndexOf('/') + 1).replaceAll('_', ' ');
  return `${place} time (${zone})`;
}

/** The calendar day (`yyyy-MM-dd`) it is at the home at `instant`. */
export function dayAtHome(instant: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(instant);
}

/**
 * A zone's clock over a stretch of time, worked out on the server: from each span's start, the zone's
 * offset (minutes east of UTC) and short name, until `until`. With it a page states a home's local
 * deadline without `Intl`, whose first time-zone formatter costs a phone a long task (ICU loading its
 * zone data) on the property page's first render.
 */
export interface TZoneClock {
  zone: string;
  spans: { from: number; offset: number; name: string }[];
  until: number;
}

function spanAt(clock: TZoneClock | undefined, zone: string, ms: number): TZoneClock['spans'][number] | null {
  if (!clock || clock.zone !== zone || ms >= clock.until) return null;
  let found: TZoneClock['spans'][number] | null = null;
  for (const span of clock.spans) {
    if (span.from > ms) break;
    found = span;
  }
  return found;
}

function zoneNameAt(zone: string, ms: number): string {
  return (
    zoneFormat(zone, 'name')
      .formatToParts(ms)
      .find((p) => p.type === 'timeZoneName')?.value ?? zone
  );
}

// A day: no zone changes its clock twice within one.
const STEP_MS = 86_400_000;

/** `zone`'s clock from `from` for `days` days: its offset and name, with each change found to the minute. */
export function zoneClock(zone: string, from: number, days: number): TZoneClock {
  const start = from - (from % 60_000);
  const until = start + days * 86_400_000;
  const at = (ms: number) => ({ offset: offsetMinutes(zone, ms), name: zoneNameAt(zone, ms) });
  const same = (a: { offset: number; name: string }, b: { offset: number; name: string }) =>
    a.offset === b.offset && a.name === b.name;
  const spans: TZoneClock['spans'] = [{ from: start, ...at(start) }];
  for (let t = start; t < until; t += STEP_MS) {
    const next = Math.min(t + STEP_MS, until);
    const later = at(next);
    const last = spans[spans.length - 1];
    if (!last || same(last, later)) continue;
    // The change lies in (t, next]: halve the stretch down to a minute.
    let lo = t;
    let hi = next;
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
      if (same(at(mid), last)) lo = mid;
      else hi = mid;
    }
    spans.push({ from: hi, ...at(hi) });
  }
  return { zone, spans, until };
}
