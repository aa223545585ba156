import { randomInt } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TBookingStatus } from '#shared/constants.ts';
import { formatHomeTime } from '#shared/home-time.ts';
import type { TCheckInSettings } from '#shared/schemas/check-in.ts';
import type { DOOR_CODE_WAITS } from '#shared/schemas/manage.ts';
import type { THomeGuide } from '#shared/schemas/messaging.ts';
import { DEFAULT_CHECK_IN_TIME } from '#shared/trip.ts';
import {
  doorCodesLastGiven,
  findCheckInSettings,
  findStayCheckIn,
  insertDoorCode,
  markCodeShown,
  type TStayCheckInRow,
} from '../../repositories/check-ins.ts';
import { findHomeGuide } from '../../repositories/message-templates.ts';
import { recordActivity } from '../activity/activity.ts';
import { guestPayments } from '../payments/guest-state.ts';
import { instantAtHome } from '../messaging/schedule.ts';

/** Door codes per stay and the rule that reveals them (docs/check-in.md#door-codes). */

export type TDoorCodeWait = (typeof DOOR_CODE_WAITS)[number];

export interface TStayRef {
  id: number;
  propertyId: number;
  status: TBookingStatus;
  checkIn: string;
  timeZone: string;
}

/**
 * The code a new stay gets: from the home's list, the first never given, else the one given longest ago
 * (round-robin); with no list, the Arrival details' single code; else random digits of the home's length.
 */
export function chooseDoorCode(
  settings: Pick<TCheckInSettings, 'doorCodes' | 'doorCodeLength'>,
  guide: Pick<THomeGuide, 'doorCode'>,
  lastGiven: ReadonlyMap<string, string>,
  random: (max: number) => number = randomInt,
): string {
  const list = settings.doorCodes.length > 0 ? settings.doorCodes : guide.doorCode ? [guide.doorCode] : [];
  if (list.length > 0) {
    const unused = list.find((c) => !lastGiven.has(c));
    if (unused) return unused;
    return [...list].sort((a, b) => (lastGiven.get(a) ?? '').localeCompare(lastGiven.get(b) ?? ''))[0] ?? '';
  }
  return Array.from({ length: settings.doorCodeLength }, () => String(random(10))).join('');
}

/** The stay's check-in row, made with its door code on first need. */
export async function stayCheckInRow(em: EntityManager, b: TStayRef): Promise<TStayCheckInRow> {
  const existing = await findStayCheckIn(em, b.id);
  if (existing) return existing;
  const [settings, guide, lastGiven] = await Promise.all([
    findCheckInSettings(em, b.propertyId),
    findHomeGuide(em, b.propertyId),
    doorCodesLastGiven(em, b.propertyId),
  ]);
  await insertDoorCode(em, b.id, chooseDoorCode(settings, guide, lastGiven));
  const row = await findStayCheckIn(em, b.id);
  if (!row) throw new Error(`booking ${b.id} has no check-in row after its insert`);
  return row;
}

/** From this instant the code may show: `revealHoursBefore` hours before the home's check-in time. */
export function doorCodeFrom(
  b: Pick<TStayRef, 'checkIn' | 'timeZone'>,
  settings: Pick<TCheckInSettings, 'revealHoursBefore'>,
  guide: Pick<THomeGuide, 'checkInTime'>,
): Date {
  const arrival = instantAtHome(b.checkIn, guide.checkInTime ?? DEFAULT_CHECK_IN_TIME, b.timeZone);
  return new Date(arrival.getTime() - settings.revealHoursBefore * 3_600_000);
}

/** What still holds the code back: the stay's status, the online check-in, the payment, the time. */
export function doorCodeWaits(facts: {
  status: TBookingStatus;
  checkedIn: boolean;
  paid: boolean;
  from: Date;
  now: Date;
}): TDoorCodeWait[] {
  const waits: TDoorCodeWait[] = [];
  if (facts.status !== 'confirmed') waits.push('status');
  if (!facts.checkedIn) waits.push('check_in');
  if (!facts.paid) waits.push('payment');
  if (facts.now.getTime() < facts.from.getTime()) waits.push('time');
  return waits;
}

/** 'Nov 16, 2026' and '3:00 PM EST': the instant's day and time on the home's clock. */
function dateAndTime(at: Date, zone: string): { date: string; time: string } {
  const text = formatHomeTime(at, zone);
  const cut = text.lastIndexOf(', ');
  return cut < 0 ? { date: text, time: '' } : { date: text.slice(0, cut), time: text.slice(cut + 2) };
}

/** Where and when the code will appear, for the trip page ('here') or a message ('on your trip page'). */
export function doorCodeNote(from: Date, zone: string, where: 'trip' | 'message'): string {
  const { date, time } = dateAndTime(from, zone);
  const place = where === 'trip' ? 'here' : 'on your trip page';
  return `Your door code appears ${place} on ${date} at ${time} once you have checked in online and paid.`;
}

export interface TDoorCodeState {
  row: TStayCheckInRow;
  from: Date;
  waits: TDoorCodeWait[];
}

/**
 * Where the stay's code stands at `now`. The balance counts as paid only when the money facts say
 * nothing more is owed (`guestPayments`' `paid`): nothing is computed here.
 */
export async function doorCodeState(em: EntityManager, b: TStayRef, now: Date): Promise<TDoorCodeState> {
  const [row, settings, guide, payments] = await Promise.all([
    stayCheckInRow(em, b),
    findCheckInSettings(em, b.propertyId),
    findHomeGuide(em, b.propertyId),
    guestPayments(em, [b.id], now),
  ]);
  const from = doorCodeFrom(b, settings, guide);
  const waits = doorCodeWaits({
    status: b.status,
    checkedIn: row.checkedInAt !== null,
    paid: payments.get(b.id)?.state === 'paid',
    from,
    now,
  });
  return { row, from, waits };
}

/**
 * A reveal, in the activity log: the trip page's first showing of the code, and each message that
 * carries it. The entry names the code, as the operator sees every code anyway.
 */
export async function recordDoorCodeReveal(
  em: EntityManager,
  bookingId: number,
  code: string,
  via: 'trip page' | 'message',
  at: Date,
): Promise<void> {
  if (via === 'trip page' && !(await markCodeShown(em, bookingId, at))) return;
  await recordActivity(em, null, {
    action: 'booking.door_code_reveal',
    entityType: 'booking',
    entityId: bookingId,
    after: {
      doorCode: code,
      revealedTo: via === 'trip page' ? 'guest on the trip page' : 'guest by message',
    },
  });
}

/** `{{door_code}}` in a message: the code once every condition holds at `at`, else where and when it will show. */
export async function doorCodeForMessage(
  em: EntityManager,
  b: TStayRef,
  at: Date,
  opts: { recordReveal: boolean },
): Promise<string> {
  const state = await doorCodeState(em, b, at);
  if (state.waits.length > 0) return doorCodeNote(state.from, b.timeZone, 'message');
  if (opts.recordReveal) await recordDoorCodeReveal(em, b.id, state.row.doorCode, 'message', at);
  return state.row.doorCode;
}
