import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import ical, { ICalEventBusyStatus, ICalEventTransparency } from 'ical-generator';
import { addDays } from '#shared/dates.ts';
import type { TIcalFeed, TIcalInfo } from '#shared/schemas/calendar.ts';
import {
  exportEvents,
  exportNonce,
  listFeeds,
  propertyByTokenHash,
  saveExport,
} from '../../repositories/ical.ts';
import { hubFeed, importedForExport, type THubEvent } from '../../repositories/ical-hub.ts';
import { recordActivity, type TActor } from '../activity/activity.ts';
import { addExportChannel } from './ical-import.ts';
import { todaySpan } from '../bookings/rules.ts';
import { requireProperty } from './ranges.ts';

/** How far back the export reaches: channels only care about dates to come, plus a little history. */
const EXPORT_HISTORY_DAYS = 90;
/** Our event UIDs: stable for as long as the booking or block exists, whatever its dates become. */
const UID_DOMAIN = 'stayhub';

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The feed token: HMAC(secret, property id + nonce), 256 bits (docs/decisions.md#secret-links). The database keeps the nonce
 * and the token's hash only; the admin's screen rebuilds the URL with the secret, which only the server has.
 */
function tokenFor(secret: string, propertyId: number, nonce: string): string {
  return createHmac('sha256', secret).update(`ical:${propertyId}:${nonce}`).digest('base64url');
}

async function ensureToken(
  em: EntityManager,
  secret: string,
  propertyId: number,
  regenerate: boolean,
): Promise<string> {
  const existing = regenerate ? null : await exportNonce(em, propertyId);
  if (existing) return tokenFor(secret, propertyId, existing);
  const nonce = randomBytes(16).toString('hex');
  const saved = await saveExport(
    em,
    propertyId,
    nonce,
    hashToken(tokenFor(secret, propertyId, nonce)),
    regenerate,
  );
  return tokenFor(secret, propertyId, saved);
}

export function feedPath(token: string): string {
  return `/ical/${token}.ics`;
}

/** The export one channel reads: the home's, plus the other channels' stays when its switch is on. */
export function channelFeedPath(token: string, feedId: number): string {
  return `${feedPath(token)}?feed=${feedId}`;
}

export type TIcalOptions = { secret: string; origin: string; propertyId: number };

/** The admin's view: the home's export URL (made on first look) and its imported feeds. */
export async function icalInfo(em: EntityManager, opts: TIcalOptions): Promise<TIcalInfo> {
  await requireProperty(em, opts.propertyId);
  return infoWith(em, opts, await ensureToken(em, opts.secret, opts.propertyId, false));
}

/**
 * A new export URL; the old one answers 404 from now on. The audit trail records that it happened,
 * never the URL, which is a secret.
 */
export async function regenerateIcal(
  em: EntityManager,
  opts: TIcalOptions,
  actor: TActor | null,
): Promise<TIcalInfo> {
  await requireProperty(em, opts.propertyId);
  const token = await em.transactional(async (tx) => {
    const fresh = await ensureToken(tx, opts.secret, opts.propertyId, true);
    await recordActivity(tx, actor, {
      action: 'icalExport.regenerate',
      entityType: 'calendar',
      entityId: opts.propertyId,
    });
    return fresh;
  });
  return infoWith(em, opts, token);
}

/**
 * A channel that only reads our calendar, with its own export URL to give it (docs/features.md#calendar-hub):
 * our bookings and blocks, and every stay imported from the home's other channels.
 */
export async function addExportOnlyChannel(
  em: EntityManager,
  opts: TIcalOptions,
  name: string,
  actor: TActor | null,
): Promise<TIcalFeed> {
  const feed = await addExportChannel(em, { id: opts.propertyId, name }, actor);
  const token = await ensureToken(em, opts.secret, opts.propertyId, false);
  return { ...feed, exportUrl: `${opts.origin}${channelFeedPath(token, feed.id)}` };
}

async function infoWith(em: EntityManager, opts: TIcalOptions, token: string): Promise<TIcalInfo> {
  const feeds = await listFeeds(em, opts.propertyId);
  return {
    exportUrl: `${opts.origin}${feedPath(token)}`,
    feeds: feeds.map(
      ({ id, name, url, lastSyncAt, lastError, eventCount, conflictCount, exportImported }) => ({
        id,
        name,
        url,
        lastSyncAt,
        lastError,
        eventCount,
        conflictCount,
        exportImported,
        exportUrl: `${opts.origin}${channelFeedPath(token, id)}`,
      }),
    ),
  };
}

const utcDate = (d: string) => new Date(`${d}T00:00:00Z`);

/** The part of a UID after its last '@', in lower case: the channel that made it ('' when none). */
export function uidDomain(uid: string): string {
  const at = uid.lastIndexOf('@');
  return at < 0
    ? ''
    : uid
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

/**
 * The imported stays one channel's export passes on (docs/features.md#calendar-hub): those of the home's
 * other feeds, never the channel's own (by feed, and by UID: an event whose UID comes from the channel's
 * own domain, or from ours, is an echo of what it or we exported), and none when its switch is off.
 */
export function eventsForChannel(
  events: THubEvent[],
  channel: { id: number; exportImported: boolean; uidDomains: string[] },
): THubEvent[] {
  if (!channel.exportImported) return [];
  const own = new Set([...channel.uidDomains, UID_DOMAIN]);
  return events.filter((e) => e.feed_id !== channel.id && !own.has(uidDomain(e.uid)));
}

/**
 * The RFC 5545 calendar behind a feed token, or null for an unknown one (the caller answers 404 either way).
 * Pending and confirmed bookings and blocks, as all-day busy events; no guest name or contact, ever. With
 * `feedId` (a channel's own export URL), the other channels' stays too.
 */
export async function exportCalendar(
  em: EntityManager,
  token: string,
  now: Date = new Date(),
  feedId?: number,
): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const property = await propertyByTokenHash(em, hashToken(token));
  if (!property) return null;
  const from = addDays(todaySpan(now).earliest, -EXPORT_HISTORY_DAYS);
  let passedOn: THubEvent[] = [];
  if (feedId !== undefined) {
    const channel = await hubFeed(em, property.id, feedId);
    if (!channel) return null;
    passedOn = eventsForChannel(await importedForExport(em, property.id, from), channel);
  }
  const events = await exportEvents(em, property.id, from);
  const calendar = ical({
    name: `StayHub: ${property.title}`,
    prodId: { company: 'StayHub', product: 'Calendar', language: 'EN' },
  });
  for (const e of events) {
    calendar.createEvent({
      id: `${e.kind}-${e.id}@${UID_DOMAIN}`,
      start: utcDate(e.start_date),
      end: utcDate(e.end_date),
      allDay: true,
      stamp: now,
      summary: e.kind === 'booking' ? 'Reserved' : 'Not available',
      transparency: ICalEventTransparency.OPAQUE,
      busystatus: ICalEventBusyStatus.BUSY,
    });
  }
  for (const e of passedOn) {
    calendar.createEvent({
      id: `imported-${e.id}@${UID_DOMAIN}`,
      start: utcDate(e.start_date),
      end: utcDate(e.end_date),
      allDay: true,
      stamp: now,
      summary: 'Not available',
      transparency: ICalEventTransparency.OPAQUE,
      busystatus: ICalEventBusyStatus.BUSY,
    });
  }
  return calendar.toString();
}
