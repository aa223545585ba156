import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { ID_PHOTO_DATA_URL_MAX, ID_PHOTO_KEEP_DAYS } from '../../src/shared/schemas/check-in.ts';
import { deleteExpiredIdPhotos } from '../../src/server/services/bookings/check-in.ts';
import { privateMediaStore } from '../../src/server/services/media/private-store.ts';
import { SESSION_COOKIE } from '../../src/server/services/auth/sessions.ts';
import { TEST_ADMIN } from '../support/constants.ts';
import { createProperty, imageDataUrls } from '../support/fixtures.ts';
import { pdfText } from '../support/pdf-text.ts';
import { api, startTestServer, type TTestServer } from '../support/server.ts';

/**
 * Online check-in over REST, and the privacy of the ID photo (docs/privacy.md): only the operator (and a
 * manager of that home) reads it, through the admin endpoint; everyone else gets 404, /media never serves
 * it, and the deletion job removes it on its day.
 */

let srv: TTestServer;
let adminCookie: Record<string, string>;
let guestCookie: Record<string, string>;
let managerOfHome: Record<string, string>;
let managerElsewhere: Record<string, string>;
let home = 0;
let otherHome = 0;
let bookingId = 0;
let token = '';
let checkOut = '';
const AGREEMENT = 'I, {{guest_name}}, will leave {{home}} as I found it.';

function cookieOf(headers: Headers): Record<string, string> {
  const raw = headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!raw) throw new Error('no session cookie');
  return { cookie: raw.split(';')[0] ?? '' };
}

async function manager(email: string, propertyIds: number[]): Promise<Record<string, string>> {
  const invited = await api(
    srv.url,
    'POST',
    '/api/admin/staff/invitations',
    { email, role: 'manager', propertyIds },
    adminCookie,
  );
  expect(invited.status, JSON.stringify(invited.body)).toBe(200);
  const [row] = await srv.db.sql<{ text: string }>(
    `select text from emails where to_address = $1 and template = 'staff-invitation' order by id desc limit 1`,
    [email],
  );
  const invitation = /\/team\/join\/([a-z2-7]{32})/.exec(row?.text ?? '')?.[1] ?? '';
  const accepted = await api(srv.url, 'POST', `/api/staff/invitations/${invitation}/accept`, {
    username: email.split('@')[0],
    password: 'secret-pw',
  });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return cookieOf(accepted.headers);
}

beforeAll(async () => {
  srv = await startTestServer();
  const login = await api(srv.url, 'POST', '/api/auth/login', TEST_ADMIN);
  expect(login.status).toBe(200);
  adminCookie = cookieOf(login.headers);
  home = (await createProperty(srv.db.em(), { title: 'Private Cabin' })).id;
  otherHome = (await createProperty(srv.db.em(), { title: 'Other Cabin' })).id;
  const saved = await api(
    srv.url,
    'PUT',
    `/api/properties/${home}/check-in-settings`,
    {
      requireId: true,
      agreement: AGREEMENT,
      revealHoursBefore: 24,
      doorCodes: [],
      doorCodeLength: 5,
      reminderDaysBefore: 3,
    },
    adminCookie,
  );
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  managerOfHome = await manager('cabin-manager@example.com', [home]);
  managerElsewhere = await manager('other-manager@example.com', [otherHome]);
  const registered = await api(srv.url, 'POST', '/api/auth/register', {
    username: 'nosy-guest',
    email: 'nosy@example.com',
    password: 'secret-pw',
  });
  expect(registered.status).toBe(200);
  guestCookie = cookieOf(registered.headers);

  const checkIn = addDays(todayIso(), 12);
  checkOut = addDays(checkIn, 2);
  const booked = await api(srv.url, 'POST', '/api/bookings', {
    propertyId: home,
    checkIn,
    checkOut,
    guests: 2,
    contactInfo: { name: 'Grace Hopper', email: 'grace@example.com', phone: '+1 555 0100', country: 'Spain' },
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(200);
  bookingId = booked.body.id as number;
  token = booked.body.manageToken as string;
});
afterAll(async () => {
  await srv.close();
});

describe('checking in over REST', () => {
  it('refuses an ID photo over its limit with a readable 400, before anything is stored', async () => {
    const res = await api(srv.url, 'POST', `/api/bookings/manage/${token}/check-in`, {
      arrivalTime: '17:00',
      adults: ['Grace Hopper'],
      phone: '+1 555 0100',
      idPhoto: `data:image/jpeg;base64,${'A'.repeat(ID_PHOTO_DATA_URL_MAX)}`,
      agreementName: 'Grace Hopper',
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('The ID photo must be at most 3 MB');
  });

  it('checks in with the ID photo and the typed name; both sides download the same signed PDF', async () => {
    const [photo] = await imageDataUrls(1, { width: 320, height: 200 });
    const res = await api(srv.url, 'POST', `/api/bookings/manage/${token}/check-in`, {
      arrivalTime: '17:00',
      adults: ['Grace Hopper', 'Alan Turing'],
      phone: '+1 555 0100',
      idPhoto: photo,
      agreementName: 'Grace Hopper',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.onlineCheckIn).toMatchObject({
      done: true,
      idPhotoOnFile: true,
      signedName: 'Grace Hopper',
    });

    for (const [path, headers] of [
      [`/api/bookings/manage/${token}/agreement.pdf`, {}],
      [`/api/admin/bookings/${bookingId}/agreement.pdf`, adminCookie],
    ] as const) {
      const pdf = await fetch(`${srv.url}${path}`, { headers });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
      expect(text).toContain('I, Grace Hopper, will leave Private Cabin as I found it.');
      expect(text).toContain('Name typed: Grace Hopper');
    }
  });
});

describe('the ID photo', () => {
  const photoPath = () => `/api/admin/bookings/${bookingId}/id-photo`;

  it('is served to the operator and a manager of the home, as a JPEG never cached', async () => {
    for (const cookie of [adminCookie, managerOfHome]) {
      const res = await fetch(`${srv.url}${photoPath()}`, { headers: cookie });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(0, 2).toString('hex')).toBe('ffd8');
    }
  });

  it('answers 404 to a manager of another home, a guest and an anonymous caller', async () => {
    for (const headers of [managerElsewhere, guestCookie, {}]) {
      const res = await api(srv.url, 'GET', photoPath(), undefined, headers);
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('permission');
    }
    // Nor over tRPC, where file procedures are refused whole.
    const trpc = await fetch(
      `${srv.url}/trpc/checkIn.adminIdPhoto?input=${encodeURIComponent(JSON.stringify({ id: bookingId }))}`,
    );
    expect(trpc.status).toBe(404);
  });

  it('is never reachable under /media', async () => {
    const [row] = await srv.db.sql<{ id_photo: string }>(
      'select id_photo from booking_check_ins where booking_id = $1',
      [bookingId],
    );
    const name = row?.id_photo ?? '';
    expect(name).not.toBe('');
    expect((await fetch(`${srv.url}/media/${name}`)).status).toBe(404);
    expect((await fetch(`${srv.url}/media/private%2F${name}`)).status).toBe(404);
  });

  it('is deleted by the job on its day after check-out, and then answers 404 to the operator too', async () => {
    const store = privateMediaStore(srv.env);
    const dayBefore = new Date(`${addDays(checkOut, ID_PHOTO_KEEP_DAYS - 1)}T00:30:00Z`);
    expect(await deleteExpiredIdPhotos(srv.db.em(), store, dayBefore)).toBe(0);
    expect((await fetch(`${srv.url}${photoPath()}`, { headers: adminCookie })).status).toBe(200);
    const due = new Date(`${addDays(checkOut, ID_PHOTO_KEEP_DAYS)}T12:00:00Z`);
    expect(await deleteExpiredIdPhotos(srv.db.em(), store, due)).toBe(1);
    expect((await fetch(`${srv.url}${photoPath()}`, { headers: adminCookie })).status).toBe(404);
    const detail = await api(srv.url, 'GET', `/api/bookings/${bookingId}/detail`, undefined, adminCookie);
    expect(detail.body.onlineCheckIn).toMatchObject({ idPhotoOnFile: false, idPhotoUrl: null });
    expect(detail.body.onlineCheckIn.idPhotoDeletedAt).toBe(due.toISOString());
  });
});
