import type { THomeScope } from '../../repositories/home-scope.ts';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import ical, { type CalendarResponse, type VEvent } from 'node-ical';
import type { z } from 'zod';
import { addDays } from '#shared/dates.ts';
import type { TConflict, TFeed, ZFeedInput } from '#shared/schemas/calendar.ts';
import { AppError } from '../../errors.ts';
import { log } from '../../logger.ts';
import {
  conflictsByIds,
  listConflicts,
  refreshImportStatistics,
  replaceFeedEvents,
  type TParsedEvent,
} from '../../repositories/external-events.ts';
import {
  deleteFeed,
  feedIdsAfter,
  getFeed,
  insertFeed,
  recordSync,
  type TStoredFeed,
} from '../../repositories/ical.ts';
import { setFeedExportImported } from '../../repositories/ical-hub.ts';
import { dispatchOnCommit } from '../../jobs/queue.ts';
import { recordActivity, type TActor } from '../activity/activity.ts';
import { todaySpan } from '../bookings/rules.ts';
import { checkFeedUrl, fetchFeed, FeedError } from './feed-fetch.ts';
import { requireProperty } from './ranges.ts';

export const FEED_NOT_FOUND = 'Feed not found';
/** More events than any real channel exports for one home; a feed beyond it is refused as an error. */
const MAX_EVENTS = 5_000;
/**
 * How far ahead an imported event may hold nights: no channel takes bookings further out, and a feed
 * (or a typo in one) must not close a home until the year 9999. Later nights are cut off.
 */
export const IMPORT_HORIZON_DAYS = 730;

export interface TImportOptions {
  allowPrivateHosts: boolean;
  /** The fetch's time limit; 10 s unless a test needs a shorter wait. */
  timeoutMs?: number;
  /** Told of each imported event that newly falls on one of our bookings (the operator's e-mail). */
  onConflicts?: (tx: EntityManager, conflicts: TConflict[]) => Promise<void>;
}

function publicFeed(f: TStoredFeed): TFeed {
  const { id, name, url, lastSyncAt, lastError, eventCount, conflictCount, exportImported } = f;
  return { id, name, url, lastSyncAt, lastError, eventCount, conflictCount, exportImported };
}

/**
 * What the audit trail keeps of a feed (entity 'calendar', id = the home). Its URL stays out: another
 * channel's export URL is that channel's secret.
 */
function feedFacts(f: Pick<TStoredFeed, 'id' | 'name'>) {
  return { feedId: f.id, name: f.name };
}

export async function addFeed(
  em: EntityManager,
  input: z.output<typeof ZFeedInput>,
  opts: TImportOptions,
  actor: TActor | null,
): Promise<TFeed> {
  await requireProperty(em, input.id);
  try {
    checkFeedUrl(input.url, opts.allowPrivateHosts);
  } catch (err) {
    if (err instanceof FeedError) throw new AppError('VALIDATION', err.message);
    throw err;
  }
  const feed = await em.transactional(async (tx) => {
    const id = await insertFeed(tx, input.id, input.name, input.url);
    const added = await getFeed(tx, input.id, id);
    if (!added) throw new Error('the new feed is missing');
    await recordActivity(tx, actor, {
      action: 'feed.add',
      entityType: 'calendar',
      entityId: input.id,
      after: feedFacts(added),
    });
    // A new feed syncs at once, on the queue, not at the next scheduled run (docs/features.md#calendar-hub):
    // the job goes when the feed is committed, and a failure is recorded as its last error.
    await dispatchOnCommit(tx, 'icalSync', [
      { id: randomUUID(), data: { feedId: id, propertyId: input.id } },
    ]);
    return added;
  });
  return publicFeed(feed);
}

/**
 * A channel that only reads our calendar (docs/features.md#calendar-hub): no feed to import, so nothing
 * syncs; its export URL carries our bookings and blocks and, with its switch on, every other channel's stays.
 */
export async function addExportChannel(
  em: EntityManager,
  input: { id: number; name: string },
  actor: TActor | null,
): Promise<TFeed> {
  await requireProperty(em, input.id);
  const feed = await em.transactional(async (tx) => {
    const id = await insertFeed(tx, input.id, input.name, null);
    const added = await getFeed(tx, input.id, id);
    if (!added) throw new Error('the new channel is missing');
    await recordActivity(tx, actor, {
      action: 'feed.add',
      entityType: 'calendar',
      entityId: input.id,
      after: { ...feedFacts(added), exportOnly: true },
    });
    return added;
  });
  return publicFeed(feed);
}

export const EXPORT_ONLY_NO_SYNC = 'This channel only reads our calendar: it has nothing to import';

/** A feed's sync by its ids (a new feed's first sync, queued by addFeed); nothing when it is gone. */
export async function syncOneFeed(
  em: EntityManager,
  propertyId: number,
  feedId: number,
  opts: TImportOptions,
): Promise<void> {
  const feed = await getFeed(em, propertyId, feedId);
  if (feed?.url) await syncFeed(em, { ...feed, url: feed.url }, opts);
}

/** The calendar hub's switch: whether this channel's export carries the other channels' stays. */
export async function setFeedExport(
  em: EntityManager,
  input: { id: number; feedId: number; exportImported: boolean },
  actor: TActor | null,
): Promise<TFeed> {
  return em.transactional(async (tx) => {
    const feed = await getFeed(tx, input.id, input.feedId);
    if (!feed || !(await setFeedExportImported(tx, input.id, input.feedId, input.exportImported)))
      throw new AppError('NOT_FOUND', FEED_NOT_FOUND);
    await recordActivity(tx, actor, {
      action: 'feed.export',
      entityType: 'calendar',
      entityId: input.id,
      before: { ...feedFacts(feed), exportImported: feed.exportImported },
      after: { ...feedFacts(feed), exportImported: input.exportImported },
    });
    return { ...publicFeed(feed), exportImported: input.exportImported };
  });
}

export async function removeFeed(
  em: EntityManager,
  propertyId: number,
  feedId: number,
  actor: TActor | null,
): Promise<{ ok: true }> {
  return em.transactional(async (tx) => {
    const feed = await getFeed(tx, propertyId, feedId);
    if (!feed || !(await deleteFeed(tx, propertyId, feedId))) throw new AppError('NOT_FOUND', FEED_NOT_FOUND);
    await recordActivity(tx, actor, {
      action: 'feed.remove',
      entityType: 'calendar',
      entityId: propertyId,
      before: feedFacts(feed),
    });
    return { ok: true as const };
  });
}

/** A date a calendar day can be taken from (four-digit years: `yyyy-MM-dd` compares as text). */
function validDate(d: Date): boolean {
  const t = d.getTime();
  return Number.isFinite(t) && d.getUTCFullYear() >= 1000 && d.getUTCFullYear() <= 9999;
}

/** `yyyy-MM-dd` of an iCal start or end: a DATE as written, a DATE-TIME by its UTC day. */
function isoOf(d: Date & { dateOnly?: boolean }, roundUp: boolean): string {
  if (d.dateOnly) {
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  }
  const day = d.toISOString().slice(0, 10);
  // An event ending at 11:00 on the 5th still takes the night of the 4th and frees the 5th; one ending
  // after midnight into the 6th takes the 5th too.
  return roundUp && d.toISOString().slice(11) !== '00:00:00.000Z' ? addDays(day, 1) : day;
}

/**
 * The busy events of an iCal text. An event with no end covers one day; cancelled and transparent (free)
 * events hold nothing; events over before today, or starting past the import horizon, are left out, and
 * one reaching past the horizon is cut at it. Anything that is not a calendar is an error.
 */
export function parseFeed(text: string, now: Date = new Date()): TParsedEvent[] {
  if (!/^\s*BEGIN:VCALENDAR/i.test(text)) throw new FeedError('The feed is not an iCal calendar');
  let parsed: CalendarResponse;
  try {
    parsed = ical.sync.parseICS(text);
  } catch {
    throw new FeedError('The feed is not a valid iCal calendar');
  }
  const today = todaySpan(now).earliest;
  const horizon = addDays(todaySpan(now).latest, IMPORT_HORIZON_DAYS);
  const events = new Map<string, TParsedEvent>();
  const vevents = Object.values(parsed).filter(
    (c): c is VEvent => (c as { type?: string } | undefined)?.type === 'VEVENT',
  );
  for (const c of vevents) {
    if (!c.start) continue;
    if (String(c.status ?? '').toUpperCase() === 'CANCELLED' || c.transparency === 'TRANSPARENT') continue;
    if (!validDate(c.start) || (c.end && !validDate(c.end))) continue;
    const start = isoOf(c.start, false);
    let end = c.end ? isoOf(c.end, true) : addDays(start, 1);
    if (end <= start) end = addDays(start, 1);
    if (end <= today || start >= horizon) continue;
    if (end > horizon) end = horizon;
    const uid = String(c.uid || `${start}/${end}`).slice(0, 500);
    const summary =
      typeof c.summary === 'string' ? c.summary : ((c.summary as { val?: string } | undefined)?.val ?? '');
    events.set(uid, {
      uid,
      start_date: start,
      end_date: end,
      summary: summary.slice(0, 200),
      link: linkOf(c),
    });
    if (events.size > MAX_EVENTS) throw new FeedError(`The feed has more than ${MAX_EVENTS} events`);
  }
  return [...events.values()];
}

const TEXT_URL = /https?:\/\/[^\s<>"']+/i;

/**
 * The channel's link to the reservation: the event's URL, else the first web address in its description
 * (Airbnb writes 'Reservation URL: https://…' there). Only http(s), at most 500 characters.
 */
function linkOf(c: VEvent): string | null {
  const text = (v: unknown) =>
    typeof v === 'string' ? v : (((v as { val?: unknown } | undefined)?.val as string | undefined) ?? '');
  const found = TEXT_URL.exec(text(c.url))?.[0] ?? TEXT_URL.exec(text(c.description))?.[0] ?? null;
  return found && found.length <= 500 ? found : null;
}

export interface TSyncOutcome {
  feed: TFeed;
  added: number;
  updated: number;
  removed: number;
  unchanged: boolean;
}

/**
 * Fetches one feed and makes its stored events match it (docs/features.md#operator-calendar). Every failure — unreachable, too slow,
 * too large, not iCal — is recorded as the feed's last error and leaves its events as they were; it never
 * throws, so one bad feed cannot stop the others.
 */
export async function syncFeed(
  em: EntityManager,
  feed: TStoredFeed & { url: string },
  opts: TImportOptions,
): Promise<TSyncOutcome> {
  const outcome = { added: 0, updated: 0, removed: 0, unchanged: false };
  try {
    const fetched = await fetchFeed(feed.url, {
      etag: feed.etag,
      lastModified: feed.lastModified,
      allowPrivate: opts.allowPrivateHosts,
      ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}),
    });
    if (fetched.status === 'not-modified') {
      await recordSync(em, feed.id, { error: null });
      outcome.unchanged = true;
    } else {
      const events = parseFeed(fetched.body);
      await em.transactional(async (tx) => {
        const counts = await replaceFeedEvents(tx, feed, events);
        Object.assign(outcome, {
          added: counts.added,
          updated: counts.updated,
          removed: counts.removed,
          unchanged: counts.added + counts.updated + counts.removed === 0,
        });
        if (counts.newConflicts.length > 0 && opts.onConflicts)
          await opts.onConflicts(tx, await conflictsByIds(tx, counts.newConflicts));
        await recordSync(tx, feed.id, {
          error: null,
          etag: fetched.etag,
          lastModified: fetched.lastModified,
        });
      });
    }
  } catch (err) {
    const message =
      err instanceof FeedError ? err.message : `Sync failed: ${String((err as Error).message ?? err)}`;
    await recordSync(em, feed.id, { error: message });
  }
  const fresh = await getFeed(em, feed.propertyId, feed.id);
  return { feed: publicFeed(fresh ?? feed), ...outcome };
}

/**
 * 'Sync now' from the admin: the same sync, answering how it went. The audit entry follows the sync
 * (which commits its own work, or records its failure as the feed's last error) and tells the outcome.
 */
export async function syncFeedNow(
  em: EntityManager,
  propertyId: number,
  feedId: number,
  opts: TImportOptions,
  actor: TActor | null,
): Promise<TSyncOutcome> {
  const feed = await getFeed(em, propertyId, feedId);
  if (!feed) throw new AppError('NOT_FOUND', FEED_NOT_FOUND);
  if (!feed.url) throw new AppError('CONFLICT', EXPORT_ONLY_NO_SYNC);
  const outcome = await syncFeed(em, { ...feed, url: feed.url }, opts);
  await recordActivity(em, actor, {
    action: 'feed.sync',
    entityType: 'calendar',
    entityId: propertyId,
    after: {
      ...feedFacts(feed),
      added: outcome.added,
      updated: outcome.updated,
      removed: outcome.removed,
      error: outcome.feed.lastError,
    },
  });
  return outcome;
}

export async function getConflicts(
  em: EntityManager,
  propertyId?: number,
  homes: THomeScope = null,
): Promise<TConflict[]> {
  return listConflicts(em, 100, propertyId, homes);
}

/** How many feeds one server syncs at once: enough to overlap the network waits, few enough for the pool. */
export const SYNC_CONCURRENCY = 8;

/**
 * Syncs every feed of every home (the scheduled job), a few at a time, each on its own EntityManager and
 * transaction. A failing feed is recorded on that feed and the walk goes on.
 */
export async function syncAllFeeds(
  fork: () => EntityManager,
  opts: TImportOptions & { dueMinutes?: number },
): Promise<{ feeds: number; failed: number; changed: number }> {
  const totals = { feeds: 0, failed: 0, changed: 0 };
  let after = 0;
  for (;;) {
    const batch = await feedIdsAfter(fork(), after, 200, opts.dueMinutes);
    if (batch.length === 0) return totals;
    after = batch[batch.length - 1]?.id ?? after;
    let next = 0;
    const worker = async () => {
      while (next < batch.length) {
        const item = batch[next++];
        if (!item) return;
        const em = fork();
        const feed = await getFeed(em, item.propertyId, item.id);
        if (!feed?.url) continue;
        const r = await syncFeed(em, { ...feed, url: feed.url }, opts);
        totals.feeds += 1;
        if (r.feed.lastError) totals.failed += 1;
        if (!r.unchanged) totals.changed += 1;
      }
    };
    const changedBefore = totals.changed;
    await Promise.all(Array.from({ length: SYNC_CONCURRENCY }, worker));
    if (totals.changed > changedBefore) {
      await refreshImportStatistics(fork()).catch((err: unknown) =>
        log.warn('could not refresh the import statistics', { err: String(err) }),
      );
    }
  }
}
