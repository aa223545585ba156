import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import {
  planBookingMessages,
  sendDueMessages,
  WITHHELD,
} from '../../src/server/services/messaging/automated.ts';
import { instantAtHome } from '../../src/server/services/messaging/schedule.ts';
import type { TSessionUser } from '../../src/server/services/auth/sessions.ts';
import { callerFor, createTestDatabase, seededAdmin, type TTestDb } from '../support/db.ts';
import { createProperty } from '../support/fixtures.ts';

/**
 * Automated messages on a controllable clock (docs/messaging.md#automated-messages): `now` is passed to the
 * sender, never a mocked Date. The home is in Tokyo, so its local times are 9 hours ahead of UTC.
 */
let db: TTestDb;
let admin: TSessionUser;
let propertyId: number;
const ZONE = 'Asia/Tokyo';
let windowStart = 10;

const contact = (email: string) => ({ name: 'Mei Guest', email, phone: '+81 3 0000 0000', country: 'Japan' });

async function book(email: string, daysAhead = windowStart) {
  const checkIn = addDays(todayIso(), daysAhead);
  windowStart += 5;
  const b = await callerFor(db, null).caller.bookings.create({
    propertyId,
    checkIn,
    checkOut: addDays(checkIn, 3),
    guests: 2,
    contactInfo: contact(email),
  });
  return { id: b.id, checkIn, checkOut: addDays(checkIn, 3) };
}

interface TRow {
  template: string;
  status: string;
  due_at: Date;
}
const scheduledOf = (bookingId: number) =>
  db.sql<TRow>(
    `select t.name as template, s.status, s.due_at from scheduled_messages s
       join message_templates t on t.id = s.template_id where s.booking_id = $1 order by t.name`,
    [bookingId],
  );
const automatedOf = (bookingId: number) =>
  db.sql<{ body: string }>(
    `select m.body from messages m join conversations c on c.id = m.conversation_id
      where c.booking_id = $1 and m.sender = 'automated' order by m.id`,
    [bookingId],
  );
const emailsTo = (email: string) =>
  db.sql<{ subject: string; text: string }>(
    `select subject, text from emails where to_address = $1 order by id`,
    [email],
  );

const minutes = (d: Date, n: number) => new Date(d.getTime() + n * 60_000);

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await seededAdmin(db);
  propertyId = (
    await createProperty(db.em(), {
      title: 'Shibuya studio',
      location: 'Tokyo, Japan',
      latitude: '35.6762',
      longitude: '139.6503',
    })
  ).id;
  const caller = callerFor(db, admin).caller;
  await caller.messaging.updateHomeGuide({
    id: propertyId,
    checkInTime: '15:00',
    checkOutTime: '10:00',
    checkInInstructions: 'Key box by the door.',
    doorCode: '4711',
    wifiName: 'shibuya',
    wifiPassword: 'pa55word',
    houseRules: 'No shoes inside.',
    privateFromDays: 3,
  });
  await caller.messaging.createTemplate({
    name: 'Before arrival',
    trigger: 'days_before_check_in',
    offsetDays: 3,
    sendTime: '15:00',
    body: 'Hello {{guest_name}}, {{home}} awaits you on {{check_in_date}} from {{check_in_time}}. Door code: {{door_code}}. Wi-Fi {{wifi_name}} / {{wifi_password}}.',
  });
  await caller.messaging.createTemplate({
    name: 'Check-in day',
    trigger: 'check_in_day',
    sendTime: '08:00',
    body: 'Welcome today, {{guest_name}}! {{check_in_instructions}}',
  });
});
afterAll(async () => {
  await db.drop();
});

describe('automated messages on a controllable clock', () => {
  it("a booking 10 days ahead gets 'N days before' and check-in day messages at the home's local times, once each", async () => {
    const b = await book('mei@example.com', 10);
    await callerFor(db, admin).caller.bookings.updateStatus({ id: b.id, status: 'confirmed' });
    const before = instantAtHome(addDays(b.checkIn, -3), '15:00', ZONE);
    const arrival = instantAtHome(b.checkIn, '08:00', ZONE);
    // 15:00 in Tokyo is 06:00 UTC; 08:00 is 23:00 UTC the day before.
    expect(before.toISOString()).toBe(`${addDays(b.checkIn, -3)}T06:00:00.000Z`);
    expect(arrival.toISOString()).toBe(`${addDays(b.checkIn, -1)}T23:00:00.000Z`);
    expect((await scheduledOf(b.id)).map((r) => [r.template, r.status, r.due_at.toISOString()])).toEqual([
      ['Before arrival', 'scheduled', before.toISOString()],
      ['Check-in day', 'scheduled', arrival.toISOString()],
    ]);

    // A minute early: nothing.
    expect(await sendDueMessages(db.em(), minutes(before, -1))).toBe(0);
    expect(await automatedOf(b.id)).toEqual([]);
    // On time: the first one, with the private details (confirmed, and past the home's set point).
    expect(await sendDueMessages(db.em(), minutes(before, 1))).toBe(1);
    const [first] = await automatedOf(b.id);
    expect(first?.body).toContain('Hello Mei Guest, Shibuya studio awaits you');
    // The stay's door code has its own rule (online check-in and payment first, docs/check-in.md).
    expect(first?.body).toMatch(
      /from 15:00\. Door code: Your door code appears on your trip page on .+ once you have checked in online and paid\.\. Wi-Fi shibuya \/ pa55word\./,
    );
    // Sent once: later sweeps send nothing more for it.
    expect(await sendDueMessages(db.em(), minutes(before, 120))).toBe(0);
    expect(await sendDueMessages(db.em(), minutes(arrival, -1))).toBe(0);
    expect(await sendDueMessages(db.em(), minutes(arrival, 0))).toBe(1);
    expect(await sendDueMessages(db.em(), minutes(arrival, 60 * 24 * 30))).toBe(0);
    expect((await automatedOf(b.id)).map((m) => m.body)).toEqual([
      first?.body,
      'Welcome today, Mei Guest! Key box by the door.',
    ]);
    expect((await scheduledOf(b.id)).map((r) => r.status)).toEqual(['sent', 'sent']);
    // Each went to the guest by e-mail, once.
    const mails = await emailsTo('mei@example.com');
    expect(mails.filter((m) => m.subject === 'New message about Shibuya studio')).toHaveLength(2);
  });

  it('private details are withheld from a message sent before the set point', async () => {
    const b = await book('early@example.com', 40);
    await callerFor(db, admin).caller.bookings.updateStatus({ id: b.id, status: 'confirmed' });
    const preview = await callerFor(db, admin).caller.messaging.previewTemplate({
      bookingId: b.id,
      trigger: 'days_before_check_in',
      offsetDays: 10,
      sendTime: '09:00',
      body: 'Code {{door_code}}, Wi-Fi {{wifi_password}}, rules: {{house_rules}}',
    });
    expect(preview.text).toMatch(
      /^Code Your door code appears on your trip page on .+ once you have checked in online and paid\., Wi-Fi \(sent to you closer to your arrival\), rules: No shoes inside\.$/,
    );
    expect(preview.text).toContain(`Wi-Fi ${WITHHELD}`);
    expect(preview.privateDetailsIncluded).toBe(false);
    expect(preview.sendAt).toBe(instantAtHome(addDays(b.checkIn, -10), '09:00', ZONE).toISOString());
    // The admin reads it on the home's clock, not UTC.
    expect(preview.timeZone).toBe(ZONE);
    // The guest's own API never shows them.
    const guestView = JSON.stringify(await callerFor(db, null).caller.properties.byId({ id: propertyId }));
    expect(guestView).not.toContain('4711');
    expect(guestView).not.toContain('pa55word');
  });

  it('a name that is not a template variable stays as written, prototype names included', async () => {
    const b = await book('proto@example.com', 140);
    const preview = await callerFor(db, admin).caller.messaging.previewTemplate({
      bookingId: b.id,
      trigger: 'days_before_check_in',
      offsetDays: 10,
      sendTime: '09:00',
      body: 'A {{constructor}} B {{__proto__}} C {{home}}',
    });
    expect(preview.text).toBe('A {{constructor}} B {{__proto__}} C Shibuya studio');
  });

  it('{{balance_due}} is what the ledger says is still owed', async () => {
    const checkIn = addDays(todayIso(), windowStart);
    windowStart += 5;
    const b = await callerFor(db, null).caller.bookings.create({
      propertyId,
      checkIn,
      checkOut: addDays(checkIn, 3),
      guests: 2,
      contactInfo: contact('balance@example.com'),
    });
    const asAdmin = callerFor(db, admin).caller;
    const preview = async () =>
      (
        await asAdmin.messaging.previewTemplate({
          bookingId: b.id,
          trigger: 'booking_created',
          offsetDays: 0,
          sendTime: '09:00',
          body: 'Due: {{balance_due}}',
        })
      ).text;
    const dollars = (n: number) => `Due: $${n.toFixed(2)}`;
    expect(await preview()).toBe(dollars(b.totalPrice));
    // Ledger amounts are in cents.
    await asAdmin.payments.record({ id: b.id, amount: 5000, method: 'cash' });
    expect(await preview()).toBe(dollars(b.totalPrice - 50));
  });

  it('a cancelled booking gets none of its timed messages', async () => {
    const b = await book('gone@example.com', 60);
    expect((await scheduledOf(b.id)).map((r) => r.status)).toEqual(['scheduled', 'scheduled']);
    await callerFor(db, admin).caller.bookings.updateStatus({ id: b.id, status: 'cancelled' });
    expect((await scheduledOf(b.id)).map((r) => r.status)).toEqual(['cancelled', 'cancelled']);
    await sendDueMessages(db.em(), new Date(Date.parse(`${addDays(b.checkOut, 5)}T00:00:00Z`)));
    expect(await automatedOf(b.id)).toEqual([]);
  });

  it('a date change moves the messages to the new dates', async () => {
    const b = await book('moved@example.com', 80);
    const oldBefore = instantAtHome(addDays(b.checkIn, -3), '15:00', ZONE);
    const newCheckIn = addDays(b.checkIn, 2);
    // The dates change (as a booking change writes them); the plan follows.
    await db.sql(`update bookings set check_in = $2, check_out = $3 where id = $1`, [
      b.id,
      newCheckIn,
      addDays(newCheckIn, 3),
    ]);
    await planBookingMessages(db.em(), b.id, minutes(oldBefore, -60 * 24 * 30));
    const newBefore = instantAtHome(addDays(newCheckIn, -3), '15:00', ZONE);
    const newArrival = instantAtHome(newCheckIn, '08:00', ZONE);
    expect((await scheduledOf(b.id)).map((r) => r.due_at.toISOString())).toEqual([
      newBefore.toISOString(),
      newArrival.toISOString(),
    ]);
    await sendDueMessages(db.em(), minutes(oldBefore, 1));
    expect(await automatedOf(b.id)).toHaveLength(0);
    await sendDueMessages(db.em(), minutes(newBefore, 1));
    expect(await automatedOf(b.id)).toHaveLength(1);
  });

  it('a stay moved later without a re-plan is not sent early: the sender puts it off to its new time', async () => {
    const b = await book('late@example.com', 100);
    const oldBefore = instantAtHome(addDays(b.checkIn, -3), '15:00', ZONE);
    const newCheckIn = addDays(b.checkIn, 1);
    await db.sql(`update bookings set check_in = $2, check_out = $3 where id = $1`, [
      b.id,
      newCheckIn,
      addDays(newCheckIn, 3),
    ]);
    await sendDueMessages(db.em(), minutes(oldBefore, 1));
    expect(await automatedOf(b.id)).toHaveLength(0);
    const newBefore = instantAtHome(addDays(newCheckIn, -3), '15:00', ZONE);
    expect((await scheduledOf(b.id))[0]?.due_at.toISOString()).toBe(newBefore.toISOString());
    await sendDueMessages(db.em(), minutes(newBefore, 1));
    expect(await automatedOf(b.id)).toHaveLength(1);
  });

  it('event templates send once on booking, confirmation and cancellation; the drawer lists them', async () => {
    const caller = callerFor(db, admin).caller;
    await caller.messaging.createTemplate({
      name: 'Thanks',
      trigger: 'booking_created',
      body: 'Thanks {{guest_name}}!',
    });
    await caller.messaging.createTemplate({
      name: 'Confirmed',
      trigger: 'booking_confirmed',
      body: 'See you at {{address}}.',
    });
    await caller.messaging.createTemplate({
      name: 'Sorry',
      trigger: 'booking_cancelled',
      body: 'Cancelled: {{home}}.',
    });
    const b = await book('events@example.com', 120);
    const soon = () => new Date(Date.now() + 1000);
    await sendDueMessages(db.em(), soon());
    await caller.bookings.updateStatus({ id: b.id, status: 'confirmed' });
    await sendDueMessages(db.em(), soon());
    // Confirmed again later: its message was already sent, and is not sent twice.
    await caller.bookings.updateStatus({ id: b.id, status: 'pending' });
    await caller.bookings.updateStatus({ id: b.id, status: 'confirmed' });
    await sendDueMessages(db.em(), soon());
    await caller.bookings.updateStatus({ id: b.id, status: 'cancelled' });
    await sendDueMessages(db.em(), soon());
    expect((await automatedOf(b.id)).map((m) => m.body)).toEqual([
      'Thanks Mei Guest!',
      'See you at Tokyo, Japan.',
      'Cancelled: Shibuya studio.',
    ]);
    const listed = await caller.messaging.scheduled({ id: b.id });
    expect(listed.items.map((i) => [i.templateName, i.status])).toEqual(
      expect.arrayContaining([
        ['Thanks', 'sent'],
        ['Confirmed', 'sent'],
        ['Sorry', 'sent'],
        ['Before arrival', 'cancelled'],
        ['Check-in day', 'cancelled'],
      ]),
    );
  });
});
