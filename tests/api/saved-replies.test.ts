import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatIsoDate, todayIso } from '../../src/shared/dates.ts';
import { unfilledVariableMessage } from '../../src/shared/schemas/messaging.ts';
import { createProperty } from '../support/fixtures.ts';
import { api, startTestServer, type TTestServer } from '../support/server.ts';
import { adminCookie } from './payments-helpers.ts';

/**
 * Saved replies in the inbox (docs/messaging.md#saved-replies), over REST and tRPC: inserted, a reply is
 * filled from the conversation's booking or question; a reply still holding a `{{…}}` is never sent.
 */
let srv: TTestServer;
let admin: { cookie: string };
let propertyId: number;

async function savedReply(name: string, body: string): Promise<number> {
  const res = await api(
    srv.url,
    'POST',
    '/api/admin/message-templates',
    { name, trigger: 'manual', body },
    admin,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id as number;
}

const messagesOf = (conversationId: number) =>
  srv.db.sql<{ body: string }>(`select body from messages where conversation_id = $1`, [conversationId]);

beforeAll(async () => {
  srv = await startTestServer();
  admin = await adminCookie(srv.url);
  propertyId = (await createProperty(srv.db.em(), { title: 'Harbour loft', location: 'Porto, Portugal' })).id;
});
afterAll(async () => {
  await srv.close();
});

describe('saved replies', () => {
  it("fill from a booking's conversation; a reply with a variable left is refused on both transports", async () => {
    const checkIn = addDays(todayIso(), 30);
    const booked = await api(srv.url, 'POST', '/api/bookings', {
      propertyId,
      checkIn,
      checkOut: addDays(checkIn, 2),
      guests: 2,
      contactInfo: {
        name: 'Inês Guest',
        email: 'ines@example.com',
        phone: '+351 22 000 0000',
        country: 'Portugal',
      },
    });
    expect(booked.status).toBe(200);
    const thread = await api(
      srv.url,
      'POST',
      `/api/admin/bookings/${booked.body.id}/conversation`,
      {},
      admin,
    );
    const conversationId = thread.body.conversationId as number;
    const hello = await savedReply(
      'Hello',
      'Hi {{guest_name}}, see you at {{home}} on {{check_in_date}}. {{unknown}}',
    );

    const filled = await api(
      srv.url,
      'GET',
      `/api/admin/conversations/${conversationId}/saved-replies/${hello}`,
      undefined,
      admin,
    );
    expect(filled.status).toBe(200);
    expect(filled.body).toEqual({
      text: `Hi Inês Guest, see you at Harbour loft on ${formatIsoDate(checkIn, true)}. {{unknown}}`,
    });

    // The reply as filled still has {{unknown}}: refused, nothing stored.
    const refused = await api(
      srv.url,
      'POST',
      `/api/admin/conversations/${conversationId}/messages`,
      { body: filled.body.text },
      admin,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(unfilledVariableMessage('{{unknown}}'));
    const viaTrpc = await api(
      srv.url,
      'POST',
      '/trpc/messaging.reply',
      { json: { id: conversationId, body: 'Hi {{ guest_name }}' } },
      admin,
    );
    expect(viaTrpc.status).toBe(400);
    expect(JSON.stringify(viaTrpc.body)).toContain(unfilledVariableMessage('{{ guest_name }}'));
    expect(await messagesOf(conversationId)).toEqual([]);

    const sent = await api(
      srv.url,
      'POST',
      `/api/admin/conversations/${conversationId}/messages`,
      { body: filled.body.text.replace(' {{unknown}}', '') },
      admin,
    );
    expect(sent.status).toBe(200);
    expect(await messagesOf(conversationId)).toEqual([
      { body: `Hi Inês Guest, see you at Harbour loft on ${formatIsoDate(checkIn, true)}.` },
    ]);
  });

  it("fill from a question's dates; what a question cannot tell stays for the operator to edit", async () => {
    const checkIn = addDays(todayIso(), 60);
    const asked = await api(srv.url, 'POST', `/api/properties/${propertyId}/inquiries`, {
      name: 'Quim Question',
      email: 'quim@example.com',
      message: 'Is there parking?',
      checkIn,
      checkOut: addDays(checkIn, 3),
    });
    expect(asked.status).toBe(200);
    const [conversation] = await srv.db.sql<{ id: number }>(
      `select id from conversations where guest_email = 'quim@example.com'`,
    );
    const reply = await savedReply(
      'Question',
      'Hi {{guest_name}}, {{home}} is free from {{check_in_date}} to {{check_out_date}}. Book here: {{manage_link}}',
    );
    const filled = await api(
      srv.url,
      'GET',
      `/api/admin/conversations/${conversation?.id}/saved-replies/${reply}`,
      undefined,
      admin,
    );
    expect(filled.body.text).toBe(
      `Hi Quim Question, Harbour loft is free from ${formatIsoDate(checkIn, true)} to ${formatIsoDate(addDays(checkIn, 3), true)}. Book here: {{manage_link}}`,
    );
  });

  it('only a saved reply of an existing conversation is filled; only for the admin', async () => {
    const automated = await api(srv.url, 'GET', '/api/admin/message-templates', undefined, admin);
    const timed = (automated.body.items as { id: number; trigger: string }[]).find(
      (t) => t.trigger !== 'manual',
    );
    const [conversation] = await srv.db.sql<{ id: number }>(`select id from conversations limit 1`);
    const notSaved = await api(
      srv.url,
      'GET',
      `/api/admin/conversations/${conversation?.id}/saved-replies/${timed?.id}`,
      undefined,
      admin,
    );
    expect(notSaved.status).toBe(404);
    expect(notSaved.body.message).toBe('Saved reply not found');
    const noThread = await api(
      srv.url,
      'GET',
      `/api/admin/conversations/424242/saved-replies/1`,
      undefined,
      admin,
    );
    expect(noThread.status).toBe(404);
    expect(noThread.body.message).toBe('Conversation not found');
    const anonymous = await api(
      srv.url,
      'GET',
      `/api/admin/conversations/${conversation?.id}/saved-replies/1`,
    );
    expect(anonymous.status).toBe(401);
  });
});
