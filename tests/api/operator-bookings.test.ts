import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { toMinor } from '../../src/shared/money.ts';
import { TEST_ADMIN } from '../support/constants.ts';
import { createProperty } from '../support/fixtures.ts';
import { api, startMailingTestServer, type TTestServer } from '../support/server.ts';
import { SmtpSink } from '../support/smtp-sink.ts';

/**
 * Bookings the operator enters and changes, and guests' change requests, over REST with real email
 * (docs/booking-operations.md#operator-bookings).
 */
const sink = new SmtpSink();
let srv: TTestServer;
let cookie: string;
let windowStart = 20;
const asAdmin = () => ({ cookie });

function nextStay(nights = 3) {
  const checkIn = addDays(todayIso(), windowStart);
  windowStart += nights + 3;
  return { checkIn, checkOut: addDays(checkIn, nights) };
}

async function guestBooking(propertyId: number, stay = nextStay(), email = 'mia@example.com') {
  const res = await api(srv.url, 'POST', '/api/bookings', {
    propertyId,
    ...stay,
    guests: 2,
    contactInfo: { name: 'Mia Guest', email, phone: '+1 555 0100', country: 'Spain' },
  });
  expect(res.status).toBe(200);
  return res.body as { id: number; confirmationNumber: string; manageToken: string; totalPrice: number };
}

/** Mails the sink got with this subject, once every outbox email with it was sent. */
async function delivered(subject: string, count: number) {
  await vi.waitFor(
    async () => {
      const rows = await srv.db.sql<{ status: string }>(`select status from emails where subject = $1`, [
        subject,
      ]);
      expect(rows).toHaveLength(count);
      expect(rows.every((r) => r.status === 'sent')).toBe(true);
      expect(sink.received.filter((m) => m.header('Subject') === subject)).toHaveLength(count);
    },
    { timeout: 30_000, interval: 200 },
  );
  return sink.received.filter((m) => m.header('Subject') === subject);
}

beforeAll(async () => {
  await sink.start();
  srv = await startMailingTestServer(sink.url);
  const res = await api(srv.url, 'POST', '/api/auth/login', TEST_ADMIN);
  cookie = /stayhub_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0] ?? '';
  expect(cookie).not.toBe('');
});
afterAll(async () => {
  await srv.close();
  await sink.stop();
});

describe('POST /api/admin/bookings', () => {
  it("enters a phone booking at the quote's price, confirmed, and e-mails the guest a manage link", async () => {
    const home = await createProperty(srv.db.em(), { title: 'Phone cottage', price: 100 });
    const stay = nextStay(3);
    const quote = await api(
      srv.url,
      'GET',
      `/api/bookings/quote?propertyId=${home.id}&checkIn=${stay.checkIn}&checkOut=${stay.checkOut}&guests=2`,
    );
    const made = await api(
      srv.url,
      'POST',
      '/api/admin/bookings',
      {
        propertyId: home.id,
        ...stay,
        guests: 2,
        source: 'phone',
        sourceDetail: 'Called on Monday',
        guest: { name: 'Paul Phone', email: 'paul@example.com', phone: '+44 20 7946 0000' },
      },
      asAdmin(),
    );
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({
      propertyId: home.id,
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      guests: 2,
      status: 'confirmed',
      totalPrice: quote.body.total,
      contactInfo: { name: 'Paul Phone', email: 'paul@example.com' },
    });
    const [row] = await srv.db.sql<{ source: string; source_detail: string }>(
      'select source, source_detail from bookings where id = $1',
      [made.body.id],
    );
    expect(row).toEqual({ source: 'phone', source_detail: 'Called on Monday' });

    const [mail] = await delivered(`Booking confirmed: Phone cottage (${made.body.confirmationNumber})`, 1);
    expect(mail?.to).toEqual(['paul@example.com']);
    const link = /http:\/\/[^\s"<]+\/manage\/([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1];
    expect(link).toBeTruthy();
    const managed = await api(srv.url, 'GET', `/api/bookings/manage/${link}`);
    expect(managed.body).toMatchObject({ id: made.body.id, status: 'confirmed' });

    // Its dates are held like any booking's: a guest cannot book over them.
    const clash = await api(srv.url, 'POST', '/api/bookings', {
      propertyId: home.id,
      ...stay,
      guests: 1,
      contactInfo: { name: 'Late Comer', email: 'late@example.com', phone: '+1 555 0101', country: 'Peru' },
    });
    expect(clash.status).toBe(409);
  });

  it('refuses an override without a reason (400), and keeps one with its reason as a line', async () => {
    const home = await createProperty(srv.db.em(), { title: 'Owner villa', price: 200 });
    const stay = nextStay(2);
    const body = { propertyId: home.id, ...stay, guests: 1, source: 'owner', guest: { name: 'Olga Owner' } };
    const refused = await api(srv.url, 'POST', '/api/admin/bookings', { ...body, totalPrice: 0 }, asAdmin());
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('A price override needs a reason');

    const made = await api(
      srv.url,
      'POST',
      '/api/admin/bookings',
      { ...body, totalPrice: 0, overrideReason: 'The owner stays for free' },
      asAdmin(),
    );
    expect(made.status).toBe(200);
    expect(made.body.totalPrice).toBe(0);
    const detail = await api(srv.url, 'GET', `/api/bookings/${made.body.id}/detail`, undefined, asAdmin());
    const lines = detail.body.price.lines as { kind: string; label: string; amount: number }[];
    expect(lines.at(-1)).toMatchObject({
      kind: 'priceOverride',
      label: 'Price set by the operator (The owner stays for free)',
    });
    expect(
      (detail.body.price.nightPrices as number[]).reduce((s, n) => s + n, 0) +
        lines.reduce((s, l) => s + l.amount, 0),
    ).toBe(0);
    // No e-mail was given: none is written.
    const emails = await srv.db.sql('select id from emails where booking_id = $1', [made.body.id]);
    expect(emails).toEqual([]);
  });
});

describe('PATCH /api/admin/bookings/{id}', () => {
  it('moves a confirmed booking to free dates, re-quoted and e-mailed, and answers 409 naming the booking onto taken ones', async () => {
    const home = await createProperty(srv.db.em(), { title: 'Moving flat', price: 100 });
    const template = await api(
      srv.url,
      'POST',
      '/api/admin/message-templates',
      { name: 'Arrival day', trigger: 'check_in_day', sendTime: '09:00', body: 'Welcome, {{guest_name}}!' },
      asAdmin(),
    );
    expect(template.status).toBe(200);
    const b = await guestBooking(home.id, nextStay(3), 'move@example.com');
    const other = await guestBooking(home.id, nextStay(3), 'other@example.com');
    expect(
      (await api(srv.url, 'PUT', `/api/bookings/${b.id}/status`, { status: 'confirmed' }, asAdmin())).status,
    ).toBe(200);
    const free = nextStay(4);

    const preview = await api(
      srv.url,
      'PATCH',
      `/api/admin/bookings/${b.id}`,
      { ...free, dryRun: true },
      asAdmin(),
    );
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ applied: false, previousTotal: b.totalPrice });
    expect(preview.body.difference).toBeGreaterThan(0);
    const unchanged = await api(srv.url, 'GET', `/api/bookings/${b.id}/detail`, undefined, asAdmin());
    expect(unchanged.body.checkIn).not.toBe(free.checkIn);

    const moved = await api(srv.url, 'PATCH', `/api/admin/bookings/${b.id}`, free, asAdmin());
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      applied: true,
      booking: { id: b.id, checkIn: free.checkIn, checkOut: free.checkOut, status: 'confirmed' },
      previousTotal: b.totalPrice,
      total: preview.body.total,
      difference: preview.body.difference,
    });
    // The payments ledger shows the new total as what is due (cents).
    const pay = await api(srv.url, 'GET', `/api/admin/bookings/${b.id}/payments`, undefined, asAdmin());
    expect(pay.body.schedule.total).toBe(toMinor(moved.body.total));
    expect(pay.body.totals.balanceDue).toBe(toMinor(moved.body.total));
    expect(moved.body.balanceDue).toBe(toMinor(moved.body.total));

    const detail = await api(srv.url, 'GET', `/api/bookings/${b.id}/detail`, undefined, asAdmin());
    const change = (detail.body.history as { action: string; detail?: string }[]).find(
      (h) => h.action === 'booking.change',
    );
    expect(change?.detail).toMatch(/^Changed: Dates .+ → .+ · Total \$[\d,.]+ → \$[\d,.]+$/);
    // The old dates are free again; the new ones held.
    const avail = await api(srv.url, 'GET', `/api/properties/${home.id}/availability`);
    expect(avail.body).toContainEqual({ checkIn: free.checkIn, checkOut: free.checkOut });

    await delivered(`Booking changed: Moving flat (${b.confirmationNumber})`, 1);
    // Its scheduled message moved with it: due on the new check-in day.
    const [scheduled] = await srv.db.sql<{ day: string }>(
      `select to_char(due_at at time zone 'UTC', 'YYYY-MM-DD') as day from scheduled_messages
        where booking_id = $1 and template_id = $2 and status = 'scheduled'`,
      [b.id, template.body.id],
    );
    expect(scheduled?.day).toBe(free.checkIn);

    const [otherRow] = await srv.db.sql<{ check_in: string; check_out: string }>(
      `select to_char(check_in, 'YYYY-MM-DD') as check_in, to_char(check_out, 'YYYY-MM-DD') as check_out from bookings where id = $1`,
      [other.id],
    );
    const onto = await api(
      srv.url,
      'PATCH',
      `/api/admin/bookings/${b.id}`,
      { checkIn: otherRow?.check_in, checkOut: otherRow?.check_out },
      asAdmin(),
    );
    expect(onto.status).toBe(409);
    expect(onto.body.message).toContain(`booking ${other.confirmationNumber}`);
    const still = await api(srv.url, 'GET', `/api/bookings/${b.id}/detail`, undefined, asAdmin());
    expect(still.body).toMatchObject({ checkIn: free.checkIn, checkOut: free.checkOut });
  });
});

describe('PATCH /api/admin/bookings/{id}: the party', () => {
  it('changes adults, children, infants and pets together, re-quoted: the snapshot keeps every fee line', async () => {
    const home = await createProperty(srv.db.em(), { title: 'Family farmhouse', price: 100, maxGuests: 6 });
    const pricing = await api(
      srv.url,
      'PUT',
      `/api/properties/${home.id}/pricing`,
      { cleaningFee: 40, extraGuestFee: 15, extraGuestsAbove: 2, petFee: 25, petsAllowed: true },
      asAdmin(),
    );
    expect(pricing.status).toBe(200);
    const b = await guestBooking(home.id, nextStay(2), 'family@example.com');
    const booked = await api(srv.url, 'GET', `/api/bookings/${b.id}/detail`, undefined, asAdmin());
    expect((booked.body.price.lines as { kind: string }[]).map((l) => l.kind)).toEqual([
      'cleaningFee',
      'gst',
    ]);

    // 3 adults and a child (2 over the 2 included), an infant (never counted) and a pet.
    const party = { guests: 3, children: 1, infants: 1, pets: 1 };
    const preview = await api(
      srv.url,
      'PATCH',
      `/api/admin/bookings/${b.id}`,
      { ...party, dryRun: true },
      asAdmin(),
    );
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ applied: false, nights: 2, subtotal: 200 });
    expect(preview.body.lines).toEqual([
      { kind: 'cleaningFee', label: 'Cleaning fee', amount: 40 },
      { kind: 'extraGuestFee', label: 'Extra guest fee (2 guests × 2 nights)', amount: 60 },
      { kind: 'petFee', label: 'Pet fee', amount: 25 },
      { kind: 'gst', label: expect.stringMatching(/^GST/), amount: expect.any(Number) },
    ]);
    // Added in cents: dollars with cents do not add exactly as binary fractions.
    const lineSum = (lines: { amount: number }[]) => lines.reduce((sum, l) => sum + toMinor(l.amount), 0);
    expect(toMinor(preview.body.subtotal) + lineSum(preview.body.lines)).toBe(toMinor(preview.body.total));
    expect(toMinor(preview.body.difference)).toBe(toMinor(preview.body.total) - toMinor(b.totalPrice));

    const changed = await api(srv.url, 'PATCH', `/api/admin/bookings/${b.id}`, party, asAdmin());
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      applied: true,
      total: preview.body.total,
      lines: preview.body.lines,
    });
    const detail = await api(srv.url, 'GET', `/api/bookings/${b.id}/detail`, undefined, asAdmin());
    // `guests` keeps the people counted: adults and children.
    expect(detail.body).toMatchObject({
      guests: 4,
      children: 1,
      infants: 1,
      pets: 1,
      totalPrice: changed.body.total,
    });
    expect(detail.body.price.lines).toEqual(preview.body.lines);

    // Back to two adults: the extra-guest and pet fees go, the child and infant too.
    const back = await api(
      srv.url,
      'PATCH',
      `/api/admin/bookings/${b.id}`,
      { guests: 2, children: 0, infants: 0, pets: 0 },
      asAdmin(),
    );
    expect(back.status).toBe(200);
    expect((back.body.lines as { kind: string }[]).map((l) => l.kind)).toEqual(['cleaningFee', 'gst']);
    expect(back.body.total).toBe(b.totalPrice);

    // A home that takes no pets refuses one, in the booking's own words.
    await api(srv.url, 'PUT', `/api/properties/${home.id}/pricing`, { petsAllowed: false }, asAdmin());
    const refused = await api(srv.url, 'PATCH', `/api/admin/bookings/${b.id}`, { pets: 1 }, asAdmin());
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('This home does not allow pets');
  });
});

describe('POST /api/bookings/manage/{token}/change-request', () => {
  it('the guest asks, the operator is e-mailed, accepts, and the guest hears of it', async () => {
    const home = await createProperty(srv.db.em(), { title: 'Request lodge', price: 90 });
    const b = await guestBooking(home.id, nextStay(2), 'ask@example.com');
    const wanted = nextStay(3);
    const asked = await api(srv.url, 'POST', `/api/bookings/manage/${b.manageToken}/change-request`, {
      ...wanted,
      guests: 3,
      message: 'Can we stay one more night?',
    });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ status: 'pending', ...wanted, guests: 3 });
    const [toOperator] = await delivered(`Change requested ${b.confirmationNumber}: Request lodge`, 1);
    expect(toOperator?.body).toContain('Can we stay one more night?');

    const again = await api(srv.url, 'POST', `/api/bookings/manage/${b.manageToken}/change-request`, {
      ...wanted,
      guests: 2,
    });
    expect(again.status).toBe(409);

    const listed = await api(
      srv.url,
      'GET',
      `/api/admin/bookings/${b.id}/change-requests`,
      undefined,
      asAdmin(),
    );
    expect(listed.body).toHaveLength(1);
    const accepted = await api(
      srv.url,
      'POST',
      `/api/admin/bookings/${b.id}/change-requests/${asked.body.id}/accept`,
      {},
      asAdmin(),
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body.booking).toMatchObject({ ...wanted, guests: 3 });
    const [toGuest] = await delivered(`Booking changed: Request lodge (${b.confirmationNumber})`, 1);
    expect(toGuest?.to).toEqual(['ask@example.com']);
    expect(toGuest?.body).toContain('we have accepted your change request');

    const seen = await api(srv.url, 'GET', `/api/bookings/manage/${b.manageToken}/change-request`);
    expect(seen.body.request).toMatchObject({ id: asked.body.id, status: 'accepted' });
    const twice = await api(
      srv.url,
      'POST',
      `/api/admin/bookings/${b.id}/change-requests/${asked.body.id}/decline`,
      {},
      asAdmin(),
    );
    expect(twice.status).toBe(409);
  });

  it('a declined request e-mails the guest, and requests are rate-limited per booking', async () => {
    const home = await createProperty(srv.db.em(), { title: 'Busy barn', price: 80 });
    const b = await guestBooking(home.id, nextStay(2), 'busy@example.com');
    const ask = () =>
      api(srv.url, 'POST', `/api/bookings/manage/${b.manageToken}/change-request`, {
        ...nextStay(2),
        guests: 2,
      });
    const first = await ask();
    expect(first.status).toBe(200);
    const declined = await api(
      srv.url,
      'POST',
      `/api/admin/bookings/${b.id}/change-requests/${first.body.id}/decline`,
      { reason: 'We are full that week' },
      asAdmin(),
    );
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ status: 'declined', declineReason: 'We are full that week' });
    const [mail] = await delivered(`Change request declined: Busy barn (${b.confirmationNumber})`, 1);
    expect(mail?.body).toContain('We are full that week');

    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(409);
    const over = await ask();
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBeTruthy();
  });
});
