import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { TEST_ADMIN } from '../support/constants.ts';
import { createProperty } from '../support/fixtures.ts';
import { api, startMailingTestServer, type TTestServer } from '../support/server.ts';
import { SmtpSink } from '../support/smtp-sink.ts';

/**
 * Guest messaging over REST with real email (docs/messaging.md): the app's server with its queue workers
 * and a real SMTP server started here.
 */
const sink = new SmtpSink();
let srv: TTestServer;
let propertyId: number;
let cookie: string;
let windowStart = 30;

const asAdmin = () => ({ cookie });

async function login(): Promise<string> {
  const res = await api(srv.url, 'POST', '/api/auth/login', TEST_ADMIN);
  expect(res.status).toBe(200);
  const session = /(?:^|,\s*)(stayhub_session=[^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (!session) throw new Error('login set no session cookie');
  return session;
}

async function book(email: string, name = 'Ada Guest') {
  const checkIn = addDays(todayIso(), windowStart);
  windowStart += 4;
  const res = await api(srv.url, 'POST', '/api/bookings', {
    propertyId,
    checkIn,
    checkOut: addDays(checkIn, 3),
    guests: 2,
    contactInfo: { name, email, phone: '+1 555 0100', country: 'Spain' },
  });
  expect(res.status).toBe(200);
  return res.body as { id: number; confirmationNumber: string; manageToken: string };
}

/** Mails the sink got with this subject, once every email with it in the outbox has been sent. */
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
  propertyId = (await createProperty(srv.db.em(), { title: 'Harbour loft', price: 100 })).id;
  cookie = await login();
});
afterAll(async () => {
  await srv.close();
  await sink.stop();
});

describe('a booking conversation', () => {
  it('guest and operator exchange messages, each side e-mailed once with the text and its link', async () => {
    const b = await book('ada@example.com');
    const text = 'Can we arrive at 11?\n<b>Thanks</b> & see you';
    const sent = await api(srv.url, 'POST', `/api/bookings/manage/${b.manageToken}/messages`, { body: text });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ sender: 'guest', authorName: 'Ada Guest', body: text, readAt: null });

    const [toOperator, ...moreToOperator] = await delivered('New message from Ada Guest: Harbour loft', 1);
    expect(moreToOperator).toEqual([]);
    expect(toOperator?.to).toEqual(['notifications@stayhub.example']);
    expect(toOperator?.body).toContain('> Can we arrive at 11?');
    // The HTML part shows the text as text: escaped, never markup.
    const [textPart, htmlPart] = (toOperator?.body ?? '').split(/Content-Type: text\/html/i);
    expect(textPart).toContain('> <b>Thanks</b> & see you');
    expect(htmlPart).toContain('&lt;b&gt;Thanks&lt;/b&gt; &amp; see you');
    expect(htmlPart).not.toContain('<b>Thanks</b>');
    const inboxLink = /http:\/\/[^\s"<]+\/admin\/inbox\?c=(\d+)/.exec(toOperator?.body ?? '');
    expect(inboxLink).not.toBeNull();
    const conversationId = Number(inboxLink?.[1]);

    const opened = await api(srv.url, 'POST', `/api/admin/bookings/${b.id}/conversation`, {}, asAdmin());
    expect(opened.body).toEqual({ conversationId });
    const thread = await api(
      srv.url,
      'GET',
      `/api/admin/conversations/${conversationId}/messages`,
      undefined,
      asAdmin(),
    );
    expect(thread.status).toBe(200);
    expect(thread.body).toMatchObject({
      guestName: 'Ada Guest',
      guestEmail: 'ada@example.com',
      home: { id: propertyId, title: 'Harbour loft' },
      booking: { id: b.id, confirmationNumber: b.confirmationNumber, status: 'confirmed' },
      hasMore: false,
    });
    expect(thread.body.messages.map((m: { body: string }) => m.body)).toEqual([text]);

    const reply = await api(
      srv.url,
      'POST',
      `/api/admin/conversations/${conversationId}/messages`,
      { body: 'Yes, 11 is fine.' },
      asAdmin(),
    );
    expect(reply.status).toBe(200);
    expect(reply.body.sender).toBe('operator');
    const [toGuest, ...moreToGuest] = await delivered('New message about Harbour loft', 1);
    expect(moreToGuest).toEqual([]);
    expect(toGuest?.to).toEqual(['ada@example.com']);
    expect(toGuest?.body).toContain('Yes, 11 is fine.');
    // The guest's link is a manage link that opens the same conversation.
    const token = /\/manage\/([a-z2-7]{32})#messages/.exec(toGuest?.body ?? '')?.[1];
    expect(token).toBeDefined();
    const guestView = await api(srv.url, 'GET', `/api/bookings/manage/${token}/messages`);
    expect(guestView.status).toBe(200);
    expect(guestView.body.home).toEqual({ id: propertyId, title: 'Harbour loft' });
    expect(guestView.body.messages.map((m: { sender: string }) => m.sender)).toEqual(['guest', 'operator']);
    // The operator read the guest's message when opening the thread.
    expect(guestView.body.messages[0].readAt).not.toBeNull();

    // The guest has read the reply now; the operator's view says so.
    const again = await api(
      srv.url,
      'GET',
      `/api/admin/conversations/${conversationId}/messages`,
      undefined,
      asAdmin(),
    );
    expect(again.body.messages[1].readAt).not.toBeNull();
  });

  it('one guest never reads or writes another guest’s thread; a wrong token is 404', async () => {
    const first = await book('first@example.com', 'First Guest');
    const second = await book('second@example.com', 'Second Guest');
    await api(srv.url, 'POST', `/api/bookings/manage/${first.manageToken}/messages`, {
      body: 'Private to first',
    });
    const seen = await api(srv.url, 'GET', `/api/bookings/manage/${second.manageToken}/messages`);
    expect(seen.status).toBe(200);
    expect(seen.body.messages).toEqual([]);
    // The last character changed to another one (appending a fixed letter kept the token whole when it already ended in it).
    const last = first.manageToken.slice(-1);
    const altered = `${first.manageToken.slice(0, -1)}${last === 'a' ? 'b' : 'a'}`;
    for (const bad of ['a'.repeat(32), 'not-a-token', altered]) {
      const res = await api(srv.url, 'GET', `/api/bookings/manage/${bad}/messages`);
      expect(res.status).toBe(404);
      const post = await api(srv.url, 'POST', `/api/bookings/manage/${bad}/messages`, { body: 'hi' });
      expect(post.status).toBe(404);
    }
    // A guest cannot reach the admin's view of a thread.
    const adminView = await api(srv.url, 'GET', `/api/admin/conversations/1/messages`);
    expect(adminView.status).toBe(401);
  });

  it('refuses an empty message, one too long, or one with control characters, naming the field', async () => {
    const b = await book('shape@example.com');
    const path = `/api/bookings/manage/${b.manageToken}/messages`;
    const cases: [unknown, string][] = [
      ['   ', 'Message cannot be empty'],
      ['x'.repeat(5001), 'Message must be at most 5000 characters'],
      ['bell\u0007', 'Message contains a character that is not allowed'],
      ['tab\there', 'Message contains a character that is not allowed'],
    ];
    for (const [body, message] of cases) {
      const res = await api(srv.url, 'POST', path, { body });
      expect(res.status, String(body).slice(0, 20)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    const ok = await api(srv.url, 'POST', path, { body: `line one\nline two\r\n${'y'.repeat(4970)}` });
    expect(ok.status).toBe(200);
    const count = await srv.db.sql(
      `select 1 from messages m join conversations c on c.id = m.conversation_id where c.booking_id = $1`,
      [b.id],
    );
    expect(count).toHaveLength(1);
  });
});

describe('questions before booking', () => {
  const ask = (body: Record<string, unknown>, ip: string, id = propertyId) =>
    api(srv.url, 'POST', `/api/properties/${id}/inquiries`, body, { 'x-forwarded-for': ip });

  it('a question starts a thread the guest follows by the e-mailed link, and it joins the booking they make', async () => {
    const res = await ask(
      {
        name: 'Quinn Asker',
        email: 'Quinn@Example.com',
        message: 'Is there parking?',
        checkIn: '2027-03-01',
        checkOut: '2027-03-05',
        guests: 3,
      },
      '10.1.0.1',
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toContain('e-mailed you a private link');
    // The answer carries no link: only the owner of the address can read the thread.
    expect(JSON.stringify(res.body)).not.toMatch(/[a-z2-7]{32}/);

    const [toGuest] = await delivered('Your question about Harbour loft', 1);
    expect(toGuest?.to.map((a) => a.toLowerCase())).toEqual(['quinn@example.com']);
    const token = /\/messages\/([a-z2-7]{32})/.exec(toGuest?.body ?? '')?.[1] ?? '';
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    const [toOperator] = await delivered('New question about Harbour loft from Quinn Asker', 1);
    expect(toOperator?.body).toContain('Is there parking?');
    const conversationId = Number(/\/admin\/inbox\?c=(\d+)/.exec(toOperator?.body ?? '')?.[1]);

    // Only the hash of the link is stored.
    const links = await srv.db.sql<{ id: string }>(
      `select id from conversation_links where conversation_id = $1`,
      [conversationId],
    );
    expect(links).toHaveLength(1);
    expect(links[0]?.id).not.toBe(token);

    const guestView = await api(srv.url, 'GET', `/api/inquiries/${token}/messages`);
    expect(guestView.status).toBe(200);
    expect(guestView.body.messages.map((m: { body: string }) => m.body)).toEqual(['Is there parking?']);
    expect((await api(srv.url, 'GET', `/api/inquiries/${'b'.repeat(32)}/messages`)).status).toBe(404);

    const adminView = await api(
      srv.url,
      'GET',
      `/api/admin/conversations/${conversationId}/messages`,
      undefined,
      asAdmin(),
    );
    expect(adminView.body).toMatchObject({
      booking: null,
      inquiry: { checkIn: '2027-03-01', checkOut: '2027-03-05', guests: 3 },
    });
    await api(
      srv.url,
      'POST',
      `/api/admin/conversations/${conversationId}/messages`,
      { body: 'Yes, one space.' },
      asAdmin(),
    );
    const [answer] = await delivered('New message about Harbour loft', 2).then((all) =>
      all.filter((m) => m.to.some((a) => a.toLowerCase() === 'quinn@example.com')),
    );
    expect(answer?.body).toContain('Yes, one space.');
    const again = await api(srv.url, 'POST', `/api/inquiries/${token}/messages`, {
      body: 'Great, booking now.',
    });
    expect(again.status).toBe(200);

    // The same guest (any case of the e-mail) books the home: the thread becomes the booking's.
    const b = await book('quinn@example.com', 'Quinn Asker');
    const joined = await srv.db.sql<{ booking_id: number }>(
      `select booking_id from conversations where id = $1`,
      [conversationId],
    );
    expect(joined[0]?.booking_id).toBe(b.id);
    const onManage = await api(srv.url, 'GET', `/api/bookings/manage/${b.manageToken}/messages`);
    expect(onManage.body.messages.map((m: { body: string }) => m.body)).toEqual([
      'Is there parking?',
      'Yes, one space.',
      'Great, booking now.',
    ]);
    const withBooking = await api(
      srv.url,
      'GET',
      `/api/admin/conversations/${conversationId}/messages`,
      undefined,
      asAdmin(),
    );
    expect(withBooking.body.booking).toMatchObject({ id: b.id, confirmationNumber: b.confirmationNumber });
    // Another guest's booking of the same home does not take it.
    const other = await book('someone@example.com', 'Someone Else');
    const theirs = await api(srv.url, 'GET', `/api/bookings/manage/${other.manageToken}/messages`);
    expect(theirs.body.messages).toEqual([]);
  });

  it('refuses bad questions with a 400 naming the field, and unknown homes with 404', async () => {
    const base = { name: 'Val', email: 'val@example.com', message: 'Hello?' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, message: '' }, 'Message cannot be empty'],
      [{ ...base, message: 'a\u0000b' }, 'Message contains a character that is not allowed'],
      [{ ...base, email: 'nope' }, 'email'],
      [{ ...base, name: '' }, 'Name cannot be empty'],
      [{ ...base, checkIn: '2027-02-10', checkOut: '2027-02-01' }, 'Check-out must be after check-in'],
      [{ ...base, guests: 0 }, 'Guests must be at least 1'],
    ];
    for (const [body, message] of cases) {
      const res = await ask(body, '10.2.0.1');
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body).toLowerCase()).toContain(message.toLowerCase());
    }
    expect((await ask(base, '10.2.0.2', 999_999)).status).toBe(404);
  });

  it('limits questions per e-mail and per client address', async () => {
    const q = (email: string, ip: string) => ask({ name: 'Rita', email, message: 'Pets allowed?' }, ip);
    for (let i = 0; i < 3; i++) expect((await q('rita@example.com', `10.3.0.${i + 1}`)).status).toBe(200);
    const overEmail = await q('RITA@example.com', '10.3.0.9');
    expect(overEmail.status).toBe(429);
    expect(Number(overEmail.headers.get('retry-after'))).toBeGreaterThan(0);

    for (let i = 0; i < 5; i++) expect((await q(`ip${i}@example.com`, '10.4.0.1')).status).toBe(200);
    const overIp = await q('fresh@example.com', '10.4.0.1');
    expect(overIp.status).toBe(429);
    // Nothing was written for the refused ones.
    const stored = await srv.db.sql(
      `select 1 from conversations where lower(guest_email) in ('rita@example.com', 'fresh@example.com')`,
    );
    expect(stored).toHaveLength(3);
  });

  it("limits a guest's messages per thread, storing and sending nothing over it", async () => {
    const b = await book('chatty@example.com', 'Chatty Guest');
    const post = (body: string) =>
      api(srv.url, 'POST', `/api/bookings/manage/${b.manageToken}/messages`, { body });
    for (let i = 1; i <= 20; i++) expect((await post(`Message ${i}`)).status).toBe(200);
    const over = await post('Message 21');
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/^Too many requests\. Please try again in \d+ minutes\.$/);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    const stored = await srv.db.sql<{ n: number }>(
      `select count(*)::int as n from messages m join conversations c on c.id = m.conversation_id
        where c.booking_id = $1 and m.sender = 'guest'`,
      [b.id],
    );
    expect(stored[0]?.n).toBe(20);
    // Another guest's thread has its own count.
    const other = await book('quiet@example.com', 'Quiet Guest');
    const res = await api(srv.url, 'POST', `/api/bookings/manage/${other.manageToken}/messages`, {
      body: 'Hi',
    });
    expect(res.status).toBe(200);
  });
});

describe('the inbox', () => {
  it('lists threads by last message with unread counts, filtered and paged', async () => {
    const b = await book('inbox@example.com', 'Ines Inbox');
    await api(srv.url, 'POST', `/api/bookings/manage/${b.manageToken}/messages`, { body: 'First' });
    await api(srv.url, 'POST', `/api/bookings/manage/${b.manageToken}/messages`, { body: 'Second' });
    const all = await api(srv.url, 'GET', '/api/admin/inbox?pageSize=2', undefined, asAdmin());
    expect(all.status).toBe(200);
    expect(all.body.items).toHaveLength(2);
    expect(all.body.total).toBeGreaterThan(2);
    expect(all.body.items[0]).toMatchObject({
      guestName: 'Ines Inbox',
      home: 'Harbour loft',
      preview: 'Second',
      unread: 2,
      booking: { id: b.id, status: 'confirmed' },
    });
    const page2 = await api(srv.url, 'GET', '/api/admin/inbox?pageSize=2&page=2', undefined, asAdmin());
    expect(page2.body.items.map((t: { id: number }) => t.id)).not.toContain(all.body.items[0].id);

    const unread = await api(
      srv.url,
      'GET',
      '/api/admin/inbox?filter=unread&pageSize=50',
      undefined,
      asAdmin(),
    );
    expect(unread.body.items.every((t: { unread: number }) => t.unread > 0)).toBe(true);
    const before = unread.body.unreadTotal;
    expect((await api(srv.url, 'GET', '/api/admin/inbox/unread', undefined, asAdmin())).body).toEqual({
      unread: before,
    });
    // Opening the thread reads it.
    await api(
      srv.url,
      'GET',
      `/api/admin/conversations/${all.body.items[0].id}/messages`,
      undefined,
      asAdmin(),
    );
    const after = await api(
      srv.url,
      'GET',
      '/api/admin/inbox?filter=unread&pageSize=50',
      undefined,
      asAdmin(),
    );
    expect(after.body.unreadTotal).toBe(before - 2);
    expect(after.body.items.map((t: { id: number }) => t.id)).not.toContain(all.body.items[0].id);

    const inquiries = await api(
      srv.url,
      'GET',
      '/api/admin/inbox?filter=inquiries&pageSize=50',
      undefined,
      asAdmin(),
    );
    expect(inquiries.body.items.length).toBeGreaterThan(0);
    expect(inquiries.body.items.every((t: { booking: unknown }) => t.booking === null)).toBe(true);
    // Bookings here are 30+ days ahead: none arriving within 7 days, none staying.
    for (const filter of ['arriving', 'staying']) {
      const res = await api(srv.url, 'GET', `/api/admin/inbox?filter=${filter}`, undefined, asAdmin());
      expect(res.body.items).toEqual([]);
    }
    expect((await api(srv.url, 'GET', '/api/admin/inbox?filter=nope', undefined, asAdmin())).status).toBe(
      400,
    );
    expect((await api(srv.url, 'GET', '/api/admin/inbox')).status).toBe(401);
  });
});
