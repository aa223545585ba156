import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { CHECK_IN_SETTINGS_DEFAULTS, type TCheckInSettings } from '#shared/schemas/check-in.ts';
import { db, isoDate, isoTimestamp } from './db.ts';

/** Homes' check-in settings and stays' check-ins (docs/check-in.md). */

export async function findCheckInSettings(em: EntityManager, propertyId: number): Promise<TCheckInSettings> {
  const r = await db(em)
    .selectFrom('home_check_in_settings')
    .select([
      'require_id',
      'agreement',
      'reveal_hours_before',
      'door_codes',
      'door_code_length',
      'reminder_days_before',
    ])
    .where('property_id', '=', propertyId)
    .executeTakeFirst();
  if (!r) return CHECK_IN_SETTINGS_DEFAULTS;
  return {
    requireId: r.require_id,
    agreement: r.agreement ?? null,
    revealHoursBefore: r.reveal_hours_before,
    doorCodes: r.door_codes,
    doorCodeLength: r.door_code_length,
    reminderDaysBefore: r.reminder_days_before,
  };
}

export async function saveCheckInSettings(
  em: EntityManager,
  propertyId: number,
  s: TCheckInSettings,
): Promise<void> {
  const values = {
    require_id: s.requireId,
    agreement: s.agreement,
    reveal_hours_before: s.revealHoursBefore,
    door_codes: JSON.stringify(s.doorCodes) as unknown as string[],
    door_code_length: s.doorCodeLength,
    reminder_days_before: s.reminderDaysBefore,
  };
  await db(em)
    .insertInto('home_check_in_settings')
    .values({ property_id: propertyId, ...values })
    .onConflict((oc) => oc.column('property_id').doUpdateSet({ ...values, updated_at: sql`now()` }))
    .execute();
}

export interface TStayCheckInRow {
  bookingId: number;
  doorCode: string;
  codeShownAt: string | null;
  reminderSentAt: string | null;
  checkedInAt: string | null;
  arrivalTime: string | null;
  adults: string[];
  phone: string | null;
  idPhoto: string | null;
  idPhotoDeletedAt: string | null;
  agreementText: string | null;
  signedName: string | null;
  signedAt: string | null;
  signedIp: string | null;
}

export async function findStayCheckIn(em: EntityManager, bookingId: number): Promise<TStayCheckInRow | null> {
  const r = await db(em)
    .selectFrom('booking_check_ins')
    .select([
      'booking_id',
      'door_code',
      isoTimestamp<string | null>('code_shown_at').as('code_shown_at'),
      isoTimestamp<string | null>('reminder_sent_at').as('reminder_sent_at'),
      isoTimestamp<string | null>('checked_in_at').as('checked_in_at'),
      'arrival_time',
      'adults',
      'phone',
      'id_photo',
      isoTimestamp<string | null>('id_photo_deleted_at').as('id_photo_deleted_at'),
      'agreement_text',
      'signed_name',
      isoTimestamp<string | null>('signed_at').as('signed_at'),
      'signed_ip',
    ])
    .where('booking_id', '=', bookingId)
    .executeTakeFirst();
  if (!r) return null;
  return {
    bookingId: r.booking_id,
    doorCode: r.door_code,
    codeShownAt: r.code_shown_at,
    reminderSentAt: r.reminder_sent_at,
    checkedInAt: r.checked_in_at,
    arrivalTime: r.arrival_time ?? null,
    adults: r.adults ?? [],
    phone: r.phone ?? null,
    idPhoto: r.id_photo ?? null,
    idPhotoDeletedAt: r.id_photo_deleted_at,
    agreementText: r.agreement_text ?? null,
    signedName: r.signed_name ?? null,
    signedAt: r.signed_at,
    signedIp: r.signed_ip ?? null,
  };
}

/** Locks the stay's row for the rest of the transaction: two check-ins at once sign once. */
export async function lockStayCheckIn(em: EntityManager, bookingId: number): Promise<void> {
  await db(em)
    .selectFrom('booking_check_ins')
    .select('booking_id')
    .where('booking_id', '=', bookingId)
    .forUpdate()
    .execute();
}

/** Gives the stay its code unless it has one already (a concurrent first need keeps the first). */
export async function insertDoorCode(em: EntityManager, bookingId: number, code: string): Promise<void> {
  await db(em)
    .insertInto('booking_check_ins')
    .values({ booking_id: bookingId, door_code: code })
    .onConflict((oc) => oc.column('booking_id').doNothing())
    .execute();
}

/** When each code of a home was last given to one of its stays. */
export async function doorCodesLastGiven(
  em: EntityManager,
  propertyId: number,
): Promise<Map<string, string>> {
  const rows = await db(em)
    .selectFrom('booking_check_ins as c')
    .innerJoin('bookings as b', 'b.id', 'c.booking_id')
    .select(['c.door_code', isoTimestamp('max(c.code_assigned_at)').as('last')])
    .where('b.property_id', '=', propertyId)
    .groupBy('c.door_code')
    .execute();
  return new Map(rows.map((r) => [r.door_code, r.last]));
}

export interface TCheckInWrite {
  arrivalTime: string;
  adults: string[];
  phone: string;
  idPhoto: string | null;
  agreementText: string | null;
  signedName: string | null;
  signedIp: string | null;
  at: Date;
}

/** Records the guest's check-in; a second check-in replaces the first (the photo's old file is the caller's). */
export async function saveStayCheckIn(em: EntityManager, bookingId: number, w: TCheckInWrite): Promise<void> {
  await db(em)
    .updateTable('booking_check_ins')
    .set({
      checked_in_at: w.at,
      arrival_time: w.arrivalTime,
      adults: JSON.stringify(w.adults) as unknown as string[],
      phone: w.phone,
      id_photo: w.idPhoto,
      id_photo_deleted_at: null,
      agreement_text: w.agreementText,
      signed_name: w.signedName,
      signed_at: w.signedName ? w.at : null,
      signed_ip: w.signedName ? w.signedIp : null,
    })
    .where('booking_id', '=', bookingId)
    .execute();
}

/** Marks the code as first shown on the trip page; true only for the call that did. */
export async function markCodeShown(em: EntityManager, bookingId: number, at: Date): Promise<boolean> {
  const r = await db(em)
    .updateTable('booking_check_ins')
    .set({ code_shown_at: at })
    .where('booking_id', '=', bookingId)
    .where('code_shown_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * Confirmed stays whose reminder is due at `now`: their check-in day, less the home's reminder days, has
 * come at the home, the check-in day itself has not passed, and they have neither checked in nor been
 * reminded.
 */
export async function staysToRemind(em: EntityManager, now: Date, limit: number): Promise<number[]> {
  const rows = await db(em)
    .selectFrom('bookings as b')
    .innerJoin('properties as p', 'p.id', 'b.property_id')
    .leftJoin('home_check_in_settings as s', 's.property_id', 'b.property_id')
    .leftJoin('booking_check_ins as c', 'c.booking_id', 'b.id')
    .select('b.id')
    .where('b.status', '=', 'confirmed')
    .where(sql<boolean>`b.check_in >= (${now}::timestamptz at time zone p.time_zone)::date`)
    .where(
      sql<boolean>`b.check_in - coalesce(s.reminder_days_before, ${CHECK_IN_SETTINGS_DEFAULTS.reminderDaysBefore}) <= (${now}::timestamptz at time zone p.time_zone)::date`,
    )
    .where((eb) => eb.or([eb('c.booking_id', 'is', null), eb('c.reminder_sent_at', 'is', null)]))
    .where((eb) => eb.or([eb('c.booking_id', 'is', null), eb('c.checked_in_at', 'is', null)]))
    .orderBy('b.check_in')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Marks the reminder sent; true only for the call that did, so a stay is reminded once. */
export async function markReminded(em: EntityManager, bookingId: number, at: Date): Promise<boolean> {
  const r = await db(em)
    .updateTable('booking_check_ins')
    .set({ reminder_sent_at: at })
    .where('booking_id', '=', bookingId)
    .where('reminder_sent_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** ID photos kept past their time: the stay's check-out day plus `keepDays` has come at the home. */
export async function idPhotosToDelete(
  em: EntityManager,
  now: Date,
  keepDays: number,
  limit: number,
): Promise<{ bookingId: number; idPhoto: string; checkOut: string }[]> {
  const rows = await db(em)
    .selectFrom('booking_check_ins as c')
    .innerJoin('bookings as b', 'b.id', 'c.booking_id')
    .innerJoin('properties as p', 'p.id', 'b.property_id')
    .select(['c.booking_id', 'c.id_photo', isoDate('b.check_out').as('check_out')])
    .where('c.id_photo', 'is not', null)
    .where(
      sql<boolean>`b.check_out + ${keepDays}::int <= (${now}::timestamptz at time zone p.time_zone)::date`,
    )
    .limit(limit)
    .execute();
  return rows.flatMap((r) =>
    r.id_photo ? [{ bookingId: r.booking_id, idPhoto: r.id_photo, checkOut: r.check_out }] : [],
  );
}

/** Forgets the photo's name once its file is gone; true when this call did. */
export async function markIdPhotoDeleted(
  em: EntityManager,
  bookingId: number,
  name: string,
  at: Date,
): Promise<boolean> {
  const r = await db(em)
    .updateTable('booking_check_ins')
    .set({ id_photo: null, id_photo_deleted_at: at })
    .where('booking_id', '=', bookingId)
    .where('id_photo', '=', name)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
