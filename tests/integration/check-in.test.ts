import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { AGREEMENT_MAX, ID_PHOTO_KEEP_DAYS } from '../../src/shared/schemas/check-in.ts';
import { manageByToken } from '../../src/server/services/bookings/manage.ts';
import { chooseDoorCode, doorCodeFrom } from '../../src/server/services/bookings/door-codes.ts';
import { deleteExpiredIdPhotos, sendCheckInReminders } from '../../src/server/services/bookings/check-in.ts';
import { privateMediaStore } from '../../src/server/services/media/private-store.ts';
import { renderTemplate } from '../../src/server/services/messaging/automated.ts';
import { findMessageBooking } from '../../src/server/repositories/message-templates.ts';
import type { TSessionUser } from '../../src/server/services/auth/sessions.ts';
import { failure } from '../support/calls.ts';
import { callerFor, createTestDatabase, seededAdmin, testEnv, type TTestDb } from '../support/db.ts';
import { createProperty, imageDataUrls } from '../support/fixtures.ts';

/** Online check-in and door codes per stay (docs/check-in.md): the rules, on a clock the tests set. */

let db: TTestDb;
let admin: TSessionUser;
let propertyId: number;
const env = testEnv();
const asAdmin = () => callerFor(db, admin, { env }).caller;
const asGuest = (ip = '203.0.113.7') => callerFor(db, null, { env, ip }).caller;
const AGREEMENT = 'I, {{guest_name}}, agree to the house rules of {{home}} from {{check_in_date}}.';
const SETTINGS = {
  requireId: true,
  agreement: AGREEMENT,
  revealHoursBefore: 24,
  doorCodes: [],
  doorCodeLength: 6,
  reminderDaysBefore: 3,
};

let start = 20;
async function book(opts: { offset?: number } = {}) {
  const checkIn = addDays(todayIso(), opts.offset ?? start);
  if (opts.offset === undefined) start += 4;
  const booking = await asGuest().bookings.create({
    propertyId,
    checkIn,
    checkOut: addDays(checkIn, 3),
    guests: 2,
    contactInfo: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+1 555 0100', country: 'Spain' },
  });
  return { ...booking, checkIn };
}

async function payInFull(id: number) {
  const { totals } = await asAdmin().payments.booking({ id });
  await asAdmin().payments.record({ id, amount: totals.balanceDue, method: 'bank_transfer' });
}

let photo = '';
async function checkIn(token: string) {
  return asGuest().checkIn.manageCheckIn({
    token,
    arrivalTime: '16:30',
    adults: ['Ada Lovelace', 'Charles Babbage'],
    phone: '+34 600 000 000',
    idPhoto: photo,
    agreementName: 'Ada Lovelace',
  });
}

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await seededAdmin(db);
  propertyId = (await createProperty(db.em(), { title: 'Casa Azul', timeZone: 'Europe/Madrid' })).id;
  [photo = ''] = await imageDataUrls(1);
  await asAdmin().checkIn.updateSettings({ id: propertyId, ...SETTINGS });
});
afterAll(async () => {
  await db.drop();
});

describe("a home's check-in settings", () => {
  it('answers the defaults for a home never set, and what was saved', async () => {
    const other = (await createProperty(db.em(), { title: 'Unset home' })).id;
    expect(await asAdmin().checkIn.settings({ id: other })).toEqual({
      requireId: false,
      agreement: null,
      revealHoursBefore: 24,
      doorCodes: [],
      doorCodeLength: 6,
      reminderDaysBefore: 3,
    });
    expect(await asAdmin().checkIn.settings({ id: propertyId })).toEqual(SETTINGS);
  });

  it('refuses an agreement over its limit and a code length out of range, with the field named', async () => {
    const long = await failure(
      asAdmin().checkIn.updateSettings({
        id: propertyId,
        ...SETTINGS,
        agreement: 'x'.repeat(AGREEMENT_MAX + 1),
      }),
    );
    expect(long.code).toBe('BAD_REQUEST');
    expect(long.message).toContain(`at most ${AGREEMENT_MAX} characters`);
    const short = await failure(
      asAdmin().checkIn.updateSettings({ id: propertyId, ...SETTINGS, doorCodeLength: 2 }),
    );
    expect(short.message).toContain('Code length must be at least 4');
  });
});

describe('checking in online', () => {
  it('asks for the ID photo when the home requires it, and for the typed name when it has an agreement', async () => {
    const b = await book();
    const noPhoto = await failure(
      asGuest().checkIn.manageCheckIn({
        token: b.manageToken,
        arrivalTime: '16:30',
        adults: ['Ada Lovelace'],
        phone: '+34 600 000 000',
        agreementName: 'Ada Lovelace',
      }),
    );
    expect(noPhoto).toEqual({ code: 'BAD_REQUEST', message: 'Add a photo of your ID' });
    const unsigned = await failure(
      asGuest().checkIn.manageCheckIn({
        token: b.manageToken,
        arrivalTime: '16:30',
        adults: ['Ada Lovelace'],
        phone: '+34 600 000 000',
        idPhoto: photo,
      }),
    );
    expect(unsigned.message).toBe('Type your full name to accept the rental agreement');
  });

  it('keeps the filled agreement, the typed name, the time and the IP; the photo privately; only once', async () => {
    const b = await book();
    const before = await asGuest().bookings.manage({ token: b.manageToken });
    expect(before.onlineCheckIn.done).toBe(false);
    expect(before.onlineCheckIn.agreement).toContain(
      'I, Ada Lovelace, agree to the house rules of Casa Azul',
    );

    const after = await checkIn(b.manageToken);
    expect(after.onlineCheckIn).toMatchObject({
      done: true,
      arrivalTime: '16:30',
      adults: ['Ada Lovelace', 'Charles Babbage'],
      phone: '+34 600 000 000',
      idPhotoOnFile: true,
      signedName: 'Ada Lovelace',
    });
    const [row] = await db.sql<{ signed_ip: string; agreement_text: string; id_photo: string }>(
      'select signed_ip, agreement_text, id_photo from booking_check_ins where booking_id = $1',
      [b.id],
    );
    expect(row?.signed_ip).toBe('203.0.113.7');
    expect(row?.agreement_text).toBe(before.onlineCheckIn.agreement);
    expect(row?.id_photo).toMatch(/^private-[a-f0-9]{32}\.jpg$/);
    expect(await privateMediaStore(env).has(row?.id_photo ?? '')).toBe(true);

    // The home's text changing later never changes what was signed.
    await asAdmin().checkIn.updateSettings({ id: propertyId, ...SETTINGS, agreement: 'A new text.' });
    expect((await asGuest().bookings.manage({ token: b.manageToken })).onlineCheckIn.agreement).toBe(
      row?.agreement_text,
    );
    await asAdmin().checkIn.updateSettings({ id: propertyId, ...SETTINGS });

    expect(await failure(checkIn(b.manageToken))).toEqual({
      code: 'CONFLICT',
      message: 'You have already checked in online',
    });
    const detail = await asAdmin().bookings.detail({ id: b.id });
    expect(detail.onlineCheckIn).toMatchObject({
      done: true,
      signedIp: '203.0.113.7',
      idPhotoUrl: `/api/admin/bookings/${b.id}/id-photo`,
      agreementPdfUrl: `/api/admin/bookings/${b.id}/agreement.pdf`,
    });
    expect(detail.onlineCheckIn?.doorCode).toMatch(/^\d{6}$/);
  });

  it('refuses more adults than the booking is for', async () => {
    const b = await book();
    const e = await failure(
      asGuest().checkIn.manageCheckIn({
        token: b.manageToken,
        arrivalTime: '16:30',
        adults: ['A B', 'C D', 'E F'],
        phone: '+34 600 000 000',
        idPhoto: photo,
        agreementName: 'A B',
      }),
    );
    expect(e.message).toBe('Enter at most 2 adults: the booking is for 2');
  });
});

describe('the door code', () => {
  it('shows only once checked in online, paid in full and from its time, and logs the first showing', async () => {
    const b = await book();
    const from = doorCodeFrom(
      { checkIn: b.checkIn, timeZone: 'Europe/Madrid' },
      { revealHoursBefore: 24 },
      { checkInTime: null },
    );
    const late = new Date(from.getTime() + 60_000);
    const early = new Date(from.getTime() - 60_000);

    const fresh = await manageByToken(db.em(), b.manageToken, null, late);
    expect(fresh.onlineCheckIn.doorCode).toBeNull();
    expect(fresh.onlineCheckIn.doorCodeWaits).toEqual(['check_in', 'payment']);
    expect(fresh.onlineCheckIn.doorCodeNote).toMatch(
      /^Your door code appears here on \w{3} \d{1,2}, \d{4} at 3:00 PM GMT\+\d once you have checked in online and paid\.$/,
    );

    await checkIn(b.manageToken);
    expect((await manageByToken(db.em(), b.manageToken, null, late)).onlineCheckIn.doorCodeWaits).toEqual([
      'payment',
    ]);

    await payInFull(b.id);
    const tooEarly = await manageByToken(db.em(), b.manageToken, null, early);
    expect(tooEarly.onlineCheckIn.doorCode).toBeNull();
    expect(tooEarly.onlineCheckIn.doorCodeWaits).toEqual(['time']);
    expect(JSON.stringify(tooEarly)).not.toContain(
      (await asAdmin().bookings.detail({ id: b.id })).onlineCheckIn?.doorCode,
    );

    const shown = await manageByToken(db.em(), b.manageToken, null, late);
    const code = (await asAdmin().bookings.detail({ id: b.id })).onlineCheckIn?.doorCode;
    expect(shown.onlineCheckIn.doorCode).toBe(code);
    expect(shown.onlineCheckIn.doorCodeNote).toBeNull();
    await manageByToken(db.em(), b.manageToken, null, late);
    const reveals = await db.sql<{ changes: Record<string, { after: unknown }> }>(
      `select changes from activity_log where action = 'booking.door_code_reveal' and entity_id = $1`,
      [String(b.id)],
    );
    expect(reveals.map((r) => r.changes.revealedTo?.after)).toEqual(['guest on the trip page']);
    expect(reveals[0]?.changes.doorCode?.after).toBe(code);
    // The operator reads it in the booking's history, with the check-in.
    const history = (await asAdmin().bookings.detail({ id: b.id })).history.map((h) => h.detail);
    expect(history).toContain('Checked in online');
    expect(history).toContain(`Door code ${code} shown to the guest on the trip page`);
  });

  it('fills {{door_code}} in messages by the same rule, and logs each message that carries it', async () => {
    const b = await book();
    const from = doorCodeFrom(
      { checkIn: b.checkIn, timeZone: 'Europe/Madrid' },
      { revealHoursBefore: 24 },
      { checkInTime: null },
    );
    const late = new Date(from.getTime() + 60_000);
    const mb = await findMessageBooking(db.em(), b.id);
    if (!mb) throw new Error('no booking');
    const held = await renderTemplate(db.em(), 'Code: {{door_code}}', mb, late, { makeLinks: true });
    expect(held.text).toMatch(
      /^Code: Your door code appears on your trip page on .+ once you have checked in online and paid\.$/,
    );
    await checkIn(b.manageToken);
    await payInFull(b.id);
    const sent = await renderTemplate(db.em(), 'Code: {{door_code}}', mb, late, { makeLinks: true });
    const code = (await asAdmin().bookings.detail({ id: b.id })).onlineCheckIn?.doorCode ?? '';
    expect(sent.text).toBe(`Code: ${code}`);
    // A preview (no links made) is no reveal.
    await renderTemplate(db.em(), 'Code: {{door_code}}', mb, late, { makeLinks: false });
    const reveals = await db.sql<{ n: string }>(
      `select count(*) as n from activity_log where action = 'booking.door_code_reveal' and entity_id = $1`,
      [String(b.id)],
    );
    expect(Number(reveals[0]?.n)).toBe(1);
  });

  it("gives the home's listed codes in turn: the first never given, then the one given longest ago", () => {
    const settings = { doorCodes: ['1111', '2222', '3333'], doorCodeLength: 6 };
    const guide = { doorCode: null };
    expect(chooseDoorCode(settings, guide, new Map())).toBe('1111');
    expect(chooseDoorCode(settings, guide, new Map([['1111', '2026-01-01T00:00:00Z']]))).toBe('2222');
    const allGiven = new Map([
      ['1111', '2026-01-03T00:00:00Z'],
      ['2222', '2026-01-01T00:00:00Z'],
      ['3333', '2026-01-02T00:00:00Z'],
    ]);
    expect(chooseDoorCode(settings, guide, allGiven)).toBe('2222');
    expect(chooseDoorCode({ doorCodes: [], doorCodeLength: 6 }, { doorCode: '4711' }, new Map())).toBe(
      '4711',
    );
    expect(chooseDoorCode({ doorCodes: [], doorCodeLength: 5 }, guide, new Map(), () => 7)).toBe('77777');
  });

  it('hands a home with a list its codes stay by stay', async () => {
    const home = (await createProperty(db.em(), { title: 'Listed codes' })).id;
    await asAdmin().checkIn.updateSettings({ id: home, ...SETTINGS, doorCodes: ['2580', '1397'] });
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) {
      const checkInDay = addDays(todayIso(), 60 + i * 4);
      const b = await asGuest().bookings.create({
        propertyId: home,
        checkIn: checkInDay,
        checkOut: addDays(checkInDay, 2),
        guests: 1,
        contactInfo: { name: 'Lin Guest', email: 'lin@example.com', phone: '+1 555 0101', country: 'Spain' },
      });
      codes.push((await asAdmin().bookings.detail({ id: b.id })).onlineCheckIn?.doorCode ?? '');
    }
    expect(codes.slice(0, 2)).toEqual(['2580', '1397']);
    expect(['2580', '1397']).toContain(codes[2]);
  });
});

describe('the jobs', () => {
  it('deletes the ID photo the set number of days after check-out, and not before', async () => {
    const b = await book();
    await checkIn(b.manageToken);
    const [row] = await db.sql<{ id_photo: string }>(
      'select id_photo from booking_check_ins where booking_id = $1',
      [b.id],
    );
    const name = row?.id_photo ?? '';
    const store = privateMediaStore(env);
    const checkOut = addDays(b.checkIn, 3);
    const dayBefore = new Date(`${addDays(checkOut, ID_PHOTO_KEEP_DAYS - 1)}T12:00:00Z`);
    // Earlier stays' photos may go now; this one stays until its day.
    await deleteExpiredIdPhotos(db.em(), store, dayBefore);
    expect(await store.has(name)).toBe(true);
    const due = new Date(`${addDays(checkOut, ID_PHOTO_KEEP_DAYS)}T12:00:00Z`);
    expect(await deleteExpiredIdPhotos(db.em(), store, due)).toBeGreaterThanOrEqual(1);
    expect(await store.has(name)).toBe(false);
    const detail = await asAdmin().bookings.detail({ id: b.id });
    expect(detail.onlineCheckIn).toMatchObject({ idPhotoOnFile: false, idPhotoUrl: null });
    expect(detail.onlineCheckIn?.idPhotoDeletedAt).toBe(due.toISOString());
  });

  it("reminds each confirmed stay once, the home's days before arrival, with a manage link", async () => {
    const b = await book({ offset: 2 });
    const sent = await sendCheckInReminders(db.em());
    expect(sent).toBeGreaterThanOrEqual(1);
    const mails = await db.sql<{ text: string }>(
      `select text from emails where booking_id = $1 and template = 'check-in-reminder'`,
      [b.id],
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toMatch(/Check in online: https?:\/\/[^\s]+\/manage\/[a-z2-7]{32}/);
    await sendCheckInReminders(db.em());
    expect(
      await db.sql(`select 1 from emails where booking_id = $1 and template = 'check-in-reminder'`, [b.id]),
    ).toHaveLength(1);
    // A stay further ahead than the home's days is not reminded yet.
    const later = await book({ offset: 10 });
    await sendCheckInReminders(db.em());
    expect(
      await db.sql(`select 1 from emails where booking_id = $1 and template = 'check-in-reminder'`, [
        later.id,
      ]),
    ).toHaveLength(0);
  });
});
