import type { EntityManager } from '@mikro-orm/postgresql';
import { formatIsoDate } from '#shared/dates.ts';
import {
  AGREEMENT_NAME_MISMATCH,
  ID_PHOTO_KEEP_DAYS,
  ID_PHOTO_REQUIRED,
  type TCheckInForm,
  type TCheckInSettings,
} from '#shared/schemas/check-in.ts';
import type { TAdminCheckIn } from '#shared/schemas/admin.ts';
import type { TGuestCheckIn, TManagedBooking } from '#shared/schemas/manage.ts';
import { AppError } from '../../errors.ts';
import type { TEnv } from '../../env.ts';
import { log } from '../../logger.ts';
import type { TFile } from '../../route-meta.ts';
import {
  findCheckInSettings,
  findStayCheckIn,
  idPhotosToDelete,
  lockStayCheckIn,
  markIdPhotoDeleted,
  markReminded,
  saveCheckInSettings,
  saveStayCheckIn,
  staysToRemind,
} from '../../repositories/check-ins.ts';
import { findMessageBooking } from '../../repositories/message-templates.ts';
import { db } from '../../repositories/db.ts';
import { recordActivity, type TActor } from '../activity/activity.ts';
import { homeExists, updateHomeSettings } from '../properties/home-settings.ts';
import { queueComposed } from '../email/compose.ts';
import { absoluteUrl } from '../email/outbox.ts';
import { paragraph } from '../email/render.ts';
import { privateMediaStore } from '../media/private-store.ts';
import type { TMediaStore } from '../media/store.ts';
import { storePrivateImage } from '../media/uploads.ts';
import { renderTemplate } from '../messaging/automated.ts';
import { getSettings } from '../settings/settings.ts';
import { agreementPdf } from './agreement-pdf.ts';
import {
  doorCodeNote,
  doorCodeState,
  recordDoorCodeReveal,
  stayCheckInRow,
  type TStayRef,
} from './door-codes.ts';
import { managePath } from './manage-links.ts';
import { BOOKING_NOT_FOUND, bookingIdForToken, issueManageLink, loadManaged, stayIsOver } from './manage.ts';

/** Online check-in and the rental agreement (docs/check-in.md). */

export const CHECK_IN_CLOSED = 'Online check-in is closed for this booking';
export const ALREADY_CHECKED_IN = 'You have already checked in online';
export const NO_AGREEMENT = 'No rental agreement has been signed for this booking';
export const NO_ID_PHOTO = 'No ID photo is kept for this booking';
const tooManyAdults = (n: number) =>
  `Enter at most ${n} ${n === 1 ? 'adult' : 'adults'}: the booking is for ${n}`;

// ---- the home's settings ---------------------------------------------------------------------------

export async function checkInSettings(em: EntityManager, propertyId: number): Promise<TCheckInSettings> {
  await homeExists(em, propertyId);
  return findCheckInSettings(em, propertyId);
}

/** The settings' before and after for the audit trail: the codes only as how many, and whether they changed. */
function auditedSettings(
  before: TCheckInSettings,
  after: TCheckInSettings,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const changed = before.doorCodes.join('\n') !== after.doorCodes.join('\n');
  return {
    before: { ...before, doorCodes: `${before.doorCodes.length} codes` },
    after: { ...after, doorCodes: `${after.doorCodes.length} codes${changed ? ', changed' : ''}` },
  };
}

export async function updateCheckInSettings(
  em: EntityManager,
  propertyId: number,
  settings: TCheckInSettings,
  actor: TActor,
): Promise<TCheckInSettings> {
  return updateHomeSettings(em, propertyId, actor, {
    find: findCheckInSettings,
    save: saveCheckInSettings,
    value: settings,
    action: 'property.check_in_settings',
    audit: auditedSettings,
  });
}

// ---- a stay's state ---------------------------------------------------------------------------------

/** The agreement as it reads for this stay at `at`: the home's text with the messaging variables filled. */
async function filledAgreement(
  em: EntityManager,
  bookingId: number,
  template: string | null,
  at: Date,
): Promise<string | null> {
  if (!template) return null;
  const b = await findMessageBooking(em, bookingId);
  if (!b) return null;
  return (await renderTemplate(em, template, b, at, { makeLinks: false })).text;
}

/** The stay's check-in for its guest: `viewer` shows the code on the trip page (and logs its first showing). */
export async function guestCheckIn(em: EntityManager, b: TStayRef, now: Date): Promise<TGuestCheckIn> {
  const [state, settings] = await Promise.all([
    doorCodeState(em, b, now),
    findCheckInSettings(em, b.propertyId),
  ]);
  const { row } = state;
  const shown = state.waits.length === 0;
  if (shown) await recordDoorCodeReveal(em, b.id, row.doorCode, 'trip page', now);
  const done = row.checkedInAt !== null;
  return {
    requireId: settings.requireId,
    agreement: done ? row.agreementText : await filledAgreement(em, b.id, settings.agreement, now),
    done,
    checkedInAt: row.checkedInAt,
    arrivalTime: row.arrivalTime,
    adults: row.adults,
    phone: row.phone,
    idPhotoOnFile: row.idPhoto !== null,
    signedName: row.signedName,
    signedAt: row.signedAt,
    doorCode: shown ? row.doorCode : null,
    doorCodeFrom: state.from.toISOString(),
    doorCodeNote: shown ? null : doorCodeNote(state.from, b.timeZone, 'trip'),
    doorCodeWaits: state.waits,
  };
}

async function stayRefOf(em: EntityManager, bookingId: number): Promise<TStayRef & { guests: number }> {
  const r = await db(em)
    .selectFrom('bookings as b')
    .innerJoin('properties as p', 'p.id', 'b.property_id')
    .select(['b.id', 'b.property_id', 'b.status', 'b.guests', 'p.time_zone'])
    .select((eb) => eb.fn<string>('to_char', ['b.check_in', eb.val('YYYY-MM-DD')]).as('check_in'))
    .where('b.id', '=', bookingId)
    .executeTakeFirst();
  if (!r) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
  return {
    id: r.id,
    propertyId: r.property_id,
    status: r.status,
    checkIn: r.check_in,
    timeZone: r.time_zone,
    guests: r.guests,
  };
}

/** The operator's view: every code, the photo's link while it is kept, the signature's IP. */
export async function adminCheckIn(
  em: EntityManager,
  bookingId: number,
  now = new Date(),
): Promise<TAdminCheckIn> {
  const b = await stayRefOf(em, bookingId);
  const [state, settings] = await Promise.all([
    doorCodeState(em, b, now),
    findCheckInSettings(em, b.propertyId),
  ]);
  const { row } = state;
  const done = row.checkedInAt !== null;
  return {
    requireId: settings.requireId,
    agreement: done ? row.agreementText : null,
    done,
    checkedInAt: row.checkedInAt,
    arrivalTime: row.arrivalTime,
    adults: row.adults,
    phone: row.phone,
    idPhotoOnFile: row.idPhoto !== null,
    signedName: row.signedName,
    signedAt: row.signedAt,
    doorCode: row.doorCode,
    doorCodeFrom: state.from.toISOString(),
    doorCodeNote: state.waits.length === 0 ? null : doorCodeNote(state.from, b.timeZone, 'trip'),
    doorCodeWaits: state.waits,
    signedIp: row.signedIp,
    idPhotoUrl: row.idPhoto ? `/api/admin/bookings/${bookingId}/id-photo` : null,
    idPhotoDeletedAt: row.idPhotoDeletedAt,
    agreementPdfUrl: row.signedAt ? `/api/admin/bookings/${bookingId}/agreement.pdf` : null,
  };
}

// ---- checking in ------------------------------------------------------------------------------------

/**
 * The guest checks in by the manage link: arrival time, the adults' names, a phone, the ID photo when the
 * home asks for one (stored privately, docs/privacy.md) and, when the home has an agreement, their typed
 * name, which signs its text as filled for this stay now. That text, the name, the time and the IP are
 * kept as they were; checking in is done once.
 */
export async function checkInByToken(
  em: EntityManager,
  env: Pick<TEnv, 's3' | 'dataDir'>,
  token: string,
  input: Omit<TCheckInForm, 'agreementName' | 'idPhoto'> & { agreementName?: string; idPhoto?: string },
  ip: string,
  now = new Date(),
): Promise<TManagedBooking> {
  const bookingId = await bookingIdForToken(em, token, now);
  const b = await stayRefOf(em, bookingId);
  const checkOut = await stayCheckOut(em, bookingId);
  if ((b.status !== 'confirmed' && b.status !== 'pending') || stayIsOver(checkOut, now))
    throw new AppError('CONFLICT', CHECK_IN_CLOSED);
  const settings = await findCheckInSettings(em, b.propertyId);
  if (input.adults.length > b.guests) throw new AppError('VALIDATION', tooManyAdults(b.guests));
  if (settings.requireId && !input.idPhoto) throw new AppError('VALIDATION', ID_PHOTO_REQUIRED);
  const signedName = input.agreementName?.trim() ?? '';
  if (settings.agreement && signedName.length < 2) throw new AppError('VALIDATION', AGREEMENT_NAME_MISMATCH);
  if ((await findStayCheckIn(em, bookingId))?.checkedInAt) throw new AppError('CONFLICT', ALREADY_CHECKED_IN);

  const store = privateMediaStore(env);
  // Only a home that asks for the ID keeps one.
  const photo =
    settings.requireId && input.idPhoto ? await storePrivateImage(store, input.idPhoto, 'ID photo') : null;
  try {
    await em.transactional(async (tx) => {
      const row = await stayCheckInRow(tx, b);
      // Locked: two check-ins at once sign once.
      await lockStayCheckIn(tx, bookingId);
      if ((await findStayCheckIn(tx, bookingId))?.checkedInAt)
        throw new AppError('CONFLICT', ALREADY_CHECKED_IN);
      const agreementText = await filledAgreement(tx, bookingId, settings.agreement, now);
      await saveStayCheckIn(tx, bookingId, {
        arrivalTime: input.arrivalTime,
        adults: input.adults.map((a) => a.trim()),
        phone: input.phone.trim(),
        idPhoto: photo,
        agreementText,
        signedName: agreementText ? signedName : null,
        signedIp: agreementText ? ip : null,
        at: now,
      });
      await recordActivity(tx, null, {
        action: 'booking.check_in',
        entityType: 'booking',
        entityId: bookingId,
        after: {
          arrivalTime: input.arrivalTime,
          adults: input.adults.length,
          idPhoto: photo ? 'kept privately' : null,
          agreementSignedBy: agreementText ? signedName : null,
          doorCode: row.doorCode ? 'assigned' : null,
        },
      });
    });
  } catch (err) {
    if (photo) await store.remove(photo).catch(() => undefined);
    throw err;
  }
  return loadManaged(em, bookingId, null, now);
}

async function stayCheckOut(em: EntityManager, bookingId: number): Promise<string> {
  const r = await db(em)
    .selectFrom('bookings')
    .select((eb) => eb.fn<string>('to_char', ['check_out', eb.val('YYYY-MM-DD')]).as('check_out'))
    .where('id', '=', bookingId)
    .executeTakeFirst();
  if (!r) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
  return r.check_out;
}

// ---- files -----------------------------------------------------------------------------------------

async function agreementFile(em: EntityManager, bookingId: number): Promise<TFile> {
  const row = await findStayCheckIn(em, bookingId);
  if (!row?.agreementText || !row.signedName || !row.signedAt) throw new AppError('NOT_FOUND', NO_AGREEMENT);
  const r = await db(em)
    .selectFrom('bookings as b')
    .innerJoin('properties as p', 'p.id', 'b.property_id')
    .select(['b.confirmation_number', 'p.title'])
    .select((eb) => [
      eb.fn<string>('to_char', ['b.check_in', eb.val('YYYY-MM-DD')]).as('check_in'),
      eb.fn<string>('to_char', ['b.check_out', eb.val('YYYY-MM-DD')]).as('check_out'),
    ])
    .where('b.id', '=', bookingId)
    .executeTakeFirst();
  if (!r) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
  return {
    body: await agreementPdf({
      homeTitle: r.title,
      confirmationNumber: r.confirmation_number,
      checkIn: formatIsoDate(r.check_in, true),
      checkOut: formatIsoDate(r.check_out, true),
      text: row.agreementText,
      signedName: row.signedName,
      signedAt: row.signedAt,
      signedIp: row.signedIp,
    }),
    type: 'application/pdf',
    filename: `agreement-${r.confirmation_number}.pdf`,
    inline: true,
  };
}

export async function agreementFileByToken(em: EntityManager, token: string): Promise<TFile> {
  return agreementFile(em, await bookingIdForToken(em, token));
}

export async function agreementFileAdmin(em: EntityManager, bookingId: number): Promise<TFile> {
  return agreementFile(em, bookingId);
}

async function readAll(store: TMediaStore, name: string): Promise<Buffer | undefined> {
  const file = await store.open(name);
  if (!file) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The lead guest's ID photo, for the operator only (the route answers 404 to anyone else). */
export async function idPhotoFile(
  em: EntityManager,
  env: Pick<TEnv, 's3' | 'dataDir'>,
  bookingId: number,
): Promise<TFile> {
  const row = await findStayCheckIn(em, bookingId);
  const bytes = row?.idPhoto ? await readAll(privateMediaStore(env), row.idPhoto) : undefined;
  if (!bytes) throw new AppError('NOT_FOUND', NO_ID_PHOTO);
  return { body: bytes, type: 'image/jpeg', filename: `id-photo-${bookingId}.jpg`, inline: true };
}

// ---- jobs ------------------------------------------------------------------------------------------

const BATCH = 500;

/**
 * The check-in reminder (docs/check-in.md#the-reminder): once per confirmed stay, the home's reminder days
 * before its check-in day at the home, with a fresh manage link. Off with Email Notifications.
 */
export async function sendCheckInReminders(em: EntityManager, now = new Date()): Promise<number> {
  const settings = await getSettings(em);
  if (!settings.enableEmailNotifications) return 0;
  let sent = 0;
  for (const id of await staysToRemind(em, now, BATCH)) {
    await em.fork().transactional(async (tx) => {
      const b = await stayRefOf(tx, id);
      await stayCheckInRow(tx, b);
      if (!(await markReminded(tx, id, now))) return;
      const mb = await findMessageBooking(tx, id);
      if (!mb?.contactInfo?.email) return;
      const checkOut = await stayCheckOut(tx, id);
      const token = await issueManageLink(tx, id, checkOut);
      await queueComposed(tx, settings, [
        {
          bookingId: id,
          to: mb.contactInfo.email,
          subject: `Check in online for ${mb.home.title}`,
          template: 'check-in-reminder',
          heading: 'Check in online before you arrive',
          blocks: [
            paragraph(
              `Hello ${mb.guestName}, your stay at ${mb.home.title} begins on ${formatIsoDate(mb.checkIn, true)}. Check in online: tell us when you arrive and who is coming. Your door code appears on your trip page once you have checked in and paid.`,
            ),
          ],
          action: { label: 'Check in online', url: absoluteUrl(managePath(token)) },
        },
      ]);
      sent += 1;
    });
  }
  return sent;
}

/**
 * Deletes each ID photo `ID_PHOTO_KEEP_DAYS` after its stay's check-out day (docs/privacy.md): the file
 * first, then its name, so a failure leaves the name for the next run to try again.
 */
export async function deleteExpiredIdPhotos(
  em: EntityManager,
  store: TMediaStore,
  now = new Date(),
): Promise<number> {
  let deleted = 0;
  for (const p of await idPhotosToDelete(em, now, ID_PHOTO_KEEP_DAYS, BATCH)) {
    try {
      await store.remove(p.idPhoto);
    } catch (err) {
      log.error('ID photo deletion failed', { bookingId: p.bookingId, err: String(err) });
      continue;
    }
    const fork = em.fork();
    if (await markIdPhotoDeleted(fork, p.bookingId, p.idPhoto, now)) {
      await recordActivity(fork, null, {
        action: 'booking.id_photo_deleted',
        entityType: 'booking',
        entityId: p.bookingId,
        after: { idPhoto: `deleted ${ID_PHOTO_KEEP_DAYS} days after check-out (${p.checkOut})` },
      });
      deleted += 1;
    }
  }
  return deleted;
}
