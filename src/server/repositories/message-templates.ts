import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { REVEAL_HOURS_DEFAULT } from '#shared/trip.ts';
import type { THomeGuide, TMessageTrigger, TScheduledStatus, TTemplate } from '#shared/schemas/messaging.ts';
import type { TContactInfo } from '#shared/schemas/booking.ts';
import type { TBookingStatus } from '#shared/constants.ts';
import { HomeGuide } from '../entities/messaging.entity.ts';
import { db, isoDate, isoTimestamp } from './db.ts';

/** Templates, the scheduled messages made from them, and the homes' arrival details (docs/messaging.md). */

export interface TTemplateFields {
  name: string;
  trigger: TMessageTrigger;
  offsetDays: number;
  sendTime: string | null;
  body: string;
  enabled: boolean;
}

const templateColumns = [
  'id',
  'name',
  'trigger',
  'offset_days',
  'send_time',
  'body',
  'enabled',
  isoTimestamp('updated_at').as('updated_at'),
] as const;

function toTemplate(r: {
  id: number;
  name: string;
  trigger: TMessageTrigger;
  offset_days: number;
  send_time: string | null;
  body: string;
  enabled: boolean;
  updated_at: string;
}): TTemplate {
  return {
    id: r.id,
    name: r.name,
    trigger: r.trigger,
    offsetDays: r.offset_days,
    sendTime: r.send_time,
    body: r.body,
    enabled: r.enabled,
    updatedAt: r.updated_at,
  };
}

/** Every template (an operator keeps a handful), saved replies first, then by trigger and name. */
export async function listTemplates(em: EntityManager): Promise<TTemplate[]> {
  const rows = await db(em)
    .selectFrom('message_templates')
    .select(templateColumns)
    .orderBy(sql`trigger = 'manual'`, 'desc')
    .orderBy('trigger')
    .orderBy('name')
    .orderBy('id')
    .limit(500)
    .execute();
  return rows.map(toTemplate);
}

export async function findTemplate(em: EntityManager, id: number): Promise<TTemplate | null> {
  const r = await db(em)
    .selectFrom('message_templates')
    .select(templateColumns)
    .where('id', '=', id)
    .executeTakeFirst();
  return r ? toTemplate(r) : null;
}

export async function enabledTemplates(
  em: EntityManager,
  triggers: readonly TMessageTrigger[],
): Promise<TTemplate[]> {
  if (triggers.length === 0) return [];
  const rows = await db(em)
    .selectFrom('message_templates')
    .select(templateColumns)
    .where('enabled', '=', true)
    .where('trigger', 'in', triggers)
    .execute();
  return rows.map(toTemplate);
}

/** A template's fields as its columns, for an insert and an update alike. */
function templateValues(v: TTemplateFields) {
  return {
    name: v.name,
    trigger: v.trigger,
    offset_days: v.offsetDays,
    send_time: v.sendTime,
    body: v.body,
    enabled: v.enabled,
  };
}

export async function insertTemplate(em: EntityManager, v: TTemplateFields): Promise<number> {
  const r = await db(em)
    .insertInto('message_templates')
    .values(templateValues(v))
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function updateTemplateRow(em: EntityManager, id: number, v: TTemplateFields): Promise<boolean> {
  const r = await db(em)
    .updateTable('message_templates')
    .set({ ...templateValues(v), updated_at: sql`now()` })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteTemplateRow(em: EntityManager, id: number): Promise<boolean> {
  const r = await db(em).deleteFrom('message_templates').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** What an automated message needs to know of its booking. */
export interface TMessageBooking {
  id: number;
  status: TBookingStatus;
  checkIn: string;
  checkOut: string;
  totalPrice: number;
  contactInfo: TContactInfo | null;
  guestName: string;
  home: { id: number; title: string; location: string };
  timeZone: string;
}

function bookingsForMessages(em: EntityManager) {
  return db(em)
    .selectFrom('bookings as b')
    .innerJoin('properties as p', 'p.id', 'b.property_id')
    .leftJoin('users as u', 'u.id', 'b.user_id')
    .select([
      'b.id',
      'b.status',
      isoDate('b.check_in').as('check_in'),
      isoDate('b.check_out').as('check_out'),
      'b.total_price',
      'b.contact_info',
      'u.name as user_name',
      'p.id as property_id',
      'p.title',
      'p.location',
      'p.time_zone',
    ]);
}

type TBookingRow = Awaited<ReturnType<ReturnType<typeof bookingsForMessages>['executeTakeFirstOrThrow']>>;

function toMessageBooking(r: TBookingRow): TMessageBooking {
  return {
    id: r.id,
    status: r.status,
    checkIn: r.check_in,
    checkOut: r.check_out,
    totalPrice: r.total_price,
    contactInfo: r.contact_info,
    guestName: r.contact_info?.name ?? r.user_name ?? 'Guest',
    home: { id: r.property_id, title: r.title, location: r.location },
    timeZone: r.time_zone,
  };
}

export async function findMessageBooking(em: EntityManager, id: number): Promise<TMessageBooking | null> {
  const r = await bookingsForMessages(em).where('b.id', '=', id).executeTakeFirst();
  return r ? toMessageBooking(r) : null;
}

/** Bookings still ahead or under way (a new or changed template is planned for them), at most `limit`. */
export async function upcomingMessageBookings(
  em: EntityManager,
  fromDay: string,
  limit: number,
): Promise<TMessageBooking[]> {
  const rows = await bookingsForMessages(em)
    .where('b.status', '<>', 'cancelled')
    .where(sql<boolean>`b.check_out >= ${fromDay}::date`)
    .orderBy('b.check_in')
    .limit(limit)
    .execute();
  return rows.map(toMessageBooking);
}

/**
 * Plans (or moves) one template's message for one booking. A message already sent or cancelled stays as
 * it is; a scheduled one takes the new time.
 */
export async function upsertScheduled(
  em: EntityManager,
  rows: { bookingId: number; templateId: number; dueAt: Date }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db(em)
    .insertInto('scheduled_messages')
    .values(rows.map((r) => ({ booking_id: r.bookingId, template_id: r.templateId, due_at: r.dueAt })))
    .onConflict((oc) =>
      oc
        .columns(['booking_id', 'template_id'])
        .doUpdateSet({ due_at: (eb) => eb.ref('excluded.due_at') })
        .where('scheduled_messages.status', '=', 'scheduled'),
    )
    .execute();
}

/** An event's message: once per booking and template, whatever happens after. */
export async function insertEventMessages(
  em: EntityManager,
  rows: { bookingId: number; templateId: number; dueAt: Date }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db(em)
    .insertInto('scheduled_messages')
    .values(rows.map((r) => ({ booking_id: r.bookingId, template_id: r.templateId, due_at: r.dueAt })))
    .onConflict((oc) => oc.columns(['booking_id', 'template_id']).doNothing())
    .execute();
}

/** Cancels a booking's messages still to send, except those of the given triggers. */
export async function cancelScheduled(
  em: EntityManager,
  where: { bookingId?: number; templateId?: number; keepTriggers?: readonly TMessageTrigger[] },
): Promise<void> {
  let q = db(em)
    .updateTable('scheduled_messages')
    .set({ status: 'cancelled' })
    .where('status', '=', 'scheduled');
  if (where.bookingId !== undefined) q = q.where('booking_id', '=', where.bookingId);
  if (where.templateId !== undefined) q = q.where('template_id', '=', where.templateId);
  const keep = where.keepTriggers ?? [];
  if (keep.length > 0)
    q = q.where((eb) =>
      eb(
        'template_id',
        'not in',
        eb.selectFrom('message_templates').select('id').where('trigger', 'in', keep),
      ),
    );
  await q.execute();
}

export interface TDueMessage {
  id: number;
  bookingId: number;
  dueAt: Date;
  template: TTemplate;
}

/** Scheduled messages due at `now`, each locked for its sender (another worker skips it). */
export async function lockDueMessage(em: EntityManager, now: Date): Promise<TDueMessage | null> {
  const r = await db(em)
    .selectFrom('scheduled_messages as s')
    .innerJoin('message_templates as t', 't.id', 's.template_id')
    .select([
      's.id as sid',
      's.booking_id',
      's.due_at',
      't.id',
      't.name',
      't.trigger',
      't.offset_days',
      't.send_time',
      't.body',
      't.enabled',
      isoTimestamp('t.updated_at').as('updated_at'),
    ])
    .where('s.status', '=', 'scheduled')
    .where('s.due_at', '<=', now)
    .orderBy('s.due_at')
    .orderBy('s.id')
    .limit(1)
    .forUpdate('s')
    .skipLocked()
    .executeTakeFirst();
  if (!r) return null;
  return { id: r.sid, bookingId: r.booking_id, dueAt: new Date(r.due_at), template: toTemplate(r) };
}

export async function setScheduled(
  em: EntityManager,
  id: number,
  v: { status?: TScheduledStatus; dueAt?: Date; sentAt?: Date; messageId?: number },
): Promise<void> {
  await db(em)
    .updateTable('scheduled_messages')
    .set({
      ...(v.status ? { status: v.status } : {}),
      ...(v.dueAt ? { due_at: v.dueAt } : {}),
      ...(v.sentAt ? { sent_at: v.sentAt } : {}),
      ...(v.messageId ? { message_id: v.messageId } : {}),
    })
    .where('id', '=', id)
    .execute();
}

export async function scheduledOfBooking(em: EntityManager, bookingId: number) {
  const rows = await db(em)
    .selectFrom('scheduled_messages as s')
    .innerJoin('message_templates as t', 't.id', 's.template_id')
    .select([
      's.id',
      't.name',
      't.trigger',
      isoTimestamp('s.due_at').as('due_at'),
      's.status',
      isoTimestamp<string | null>('s.sent_at').as('sent_at'),
    ])
    .where('s.booking_id', '=', bookingId)
    .orderBy('s.due_at')
    .orderBy('s.id')
    .limit(200)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    templateName: r.name,
    trigger: r.trigger,
    dueAt: r.due_at,
    status: r.status,
    sentAt: r.sent_at,
  }));
}

const EMPTY_GUIDE: THomeGuide = {
  checkInTime: null,
  checkOutTime: null,
  checkInInstructions: null,
  doorCode: null,
  wifiName: null,
  wifiPassword: null,
  houseRules: null,
  privateFromDays: 1,
  revealHoursBefore: REVEAL_HOURS_DEFAULT,
};

export async function findHomeGuide(em: EntityManager, propertyId: number): Promise<THomeGuide> {
  // The entity, not Kysely: the inferred row type of a table keyed by a one-to-one has no column for its key.
  const r = await em.findOne(HomeGuide, { property: propertyId });
  if (!r) return EMPTY_GUIDE;
  return {
    checkInTime: r.checkInTime ?? null,
    checkOutTime: r.checkOutTime ?? null,
    checkInInstructions: r.checkInInstructions ?? null,
    doorCode: r.doorCode ?? null,
    wifiName: r.wifiName ?? null,
    wifiPassword: r.wifiPassword ?? null,
    houseRules: r.houseRules ?? null,
    privateFromDays: r.privateFromDays,
    revealHoursBefore: r.revealHoursBefore,
  };
}

export async function saveHomeGuide(em: EntityManager, propertyId: number, g: THomeGuide): Promise<void> {
  // One insert … on conflict (property_id) do update.
  await em.upsert(HomeGuide, { property: propertyId, ...g });
}
