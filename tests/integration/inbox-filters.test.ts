import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inbox } from '../../src/server/services/messaging/inbox.ts';
import { ZInboxInput } from '../../src/shared/schemas/messaging.ts';
import { createTestDatabase, type TTestDb } from '../support/db.ts';
import { createProperty } from '../support/fixtures.ts';

/** The inbox's filters against the stays behind its threads, each with the count of its whole list. */
let tdb: TTestDb;
const threads: Record<string, number> = {};

beforeAll(async () => {
  tdb = await createTestDatabase();
  const em = tdb.em();
  const home = await createProperty(em, { title: 'Inbox home' });
  await em.flush();
  // Days from today: arriving in 3, staying since yesterday, cancelled arriving in 2, arriving in 20.
  const stays: [string, number, number, string][] = [
    ['arriving', 3, 5, 'confirmed'],
    ['staying', -1, 2, 'confirmed'],
    ['cancelled', 2, 4, 'cancelled'],
    ['later', 20, 22, 'pending'],
  ];
  for (const [i, [name, from, to, status]] of stays.entries()) {
    const [b] = await tdb.sql<{ id: number }>(
      `insert into bookings (property_id, check_in, check_out, guests, total_price, status, nightly_price, nights,
                             tax_rate, tax_amount, confirmation_number, contact_info)
       values ($1, current_date + $2::int, current_date + $3::int, 2, 20000, $4, 10000, $3::int - $2::int, 0, 0, $5,
               jsonb_build_object('name', $6::text, 'email', 'inbox@example.com')) returning id`,
      [home.id, from, to, status, `BIC${700000 + i}`, `Guest ${name}`],
    );
    const [c] = await tdb.sql<{ id: number }>(
      `insert into conversations (booking_id, property_id, guest_name, guest_email, last_message_at)
       values ($1, $2, $3, 'inbox@example.com', now() - ($4::int || ' minutes')::interval) returning id`,
      [b?.id, home.id, `Guest ${name}`, i],
    );
    threads[name] = c!.id;
  }
  const [q] = await tdb.sql<{ id: number }>(
    `insert into conversations (booking_id, property_id, guest_name, guest_email, last_message_at)
     values (null, $1, 'Asker', 'asker@example.com', now() - interval '1 hour') returning id`,
    [home.id],
  );
  threads.question = q!.id;
  // An unread guest message on the question only.
  await tdb.sql(
    `insert into messages (conversation_id, sender, author_name, body) values ($1, 'guest', 'Asker', 'Is there parking?')`,
    [threads.question],
  );
});
afterAll(() => tdb.drop());

describe('the inbox filters', () => {
  it.each([
    ['all', ['arriving', 'staying', 'cancelled', 'later', 'question']],
    ['arriving', ['arriving']],
    ['staying', ['staying']],
    ['inquiries', ['question']],
    ['unread', ['question']],
  ] as const)('%s lists its threads newest first, and counts them', async (filter, names) => {
    const page = await inbox(tdb.em(), ZInboxInput.parse({ filter }));
    expect(page.items.map((t) => t.id)).toEqual(names.map((n) => threads[n]));
    expect(page.total).toBe(names.length);
    // The question's thread shows its last message as the preview wherever it is listed.
    const question = page.items.find((t) => t.id === threads.question);
    if ((names as readonly string[]).includes('question'))
      expect(question?.preview).toBe('Is there parking?');
    else expect(question).toBeUndefined();
  });
});
