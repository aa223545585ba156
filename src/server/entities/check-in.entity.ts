import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import {
  DOOR_CODE_LENGTH_DEFAULT,
  DOOR_CODE_REVEAL_HOURS_DEFAULT,
  REMINDER_DAYS_DEFAULT,
} from '#shared/schemas/check-in.ts';

/** A home's online check-in: ID, rental agreement, door codes and reminder (docs/check-in.md). */
export const HomeCheckInSettings = defineEntity({
  name: 'HomeCheckInSettings',
  tableName: 'home_check_in_settings',
  properties: {
    // A plain key column (the migration holds the foreign key), so Kysely's row type has it.
    propertyId: p.integer().primary(),
    requireId: p.boolean().default(false),
    /** The agreement's template, with message variables; null: no agreement to sign. */
    agreement: p.text().nullable(),
    revealHoursBefore: p.integer().default(DOOR_CODE_REVEAL_HOURS_DEFAULT),
    doorCodes: p.json<string[]>().defaultRaw(`'[]'`),
    doorCodeLength: p.integer().default(DOOR_CODE_LENGTH_DEFAULT),
    reminderDaysBefore: p.integer().default(REMINDER_DAYS_DEFAULT),
    updatedAt: p.datetime().defaultRaw('now()'),
  },
});
export type IHomeCheckInSettings = InferEntity<typeof HomeCheckInSettings>;

/**
 * One stay's check-in: its door code (given on first need), the reminder, and once the guest has checked
 * in, what they gave and the agreement exactly as they signed it. The ID photo lives in the private store
 * under `id_photo` until the deletion job removes it (docs/privacy.md).
 */
export const BookingCheckIn = defineEntity({
  name: 'BookingCheckIn',
  tableName: 'booking_check_ins',
  properties: {
    bookingId: p.integer().primary(),
    doorCode: p.string().length(12),
    codeAssignedAt: p.datetime().defaultRaw('now()'),
    /** First shown on the trip page (each reveal is in the activity log). */
    codeShownAt: p.datetime().nullable(),
    reminderSentAt: p.datetime().nullable(),
    checkedInAt: p.datetime().nullable(),
    arrivalTime: p.string().length(5).nullable(),
    adults: p.json<string[]>().nullable(),
    phone: p.string().length(40).nullable(),
    idPhoto: p.string().length(100).nullable(),
    idPhotoDeletedAt: p.datetime().nullable(),
    agreementText: p.text().nullable(),
    signedName: p.string().length(200).nullable(),
    signedAt: p.datetime().nullable(),
    signedIp: p.string().length(64).nullable(),
  },
});
export type IBookingCheckIn = InferEntity<typeof BookingCheckIn>;
