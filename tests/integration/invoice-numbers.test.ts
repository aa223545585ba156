import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { issueDocuments } from '../../src/server/services/payments/documents.ts';
import { callerFor, createTestDatabase, type TTestDb } from '../support/db.ts';
import { createProperty } from '../support/fixtures.ts';

/**
 * Invoice numbers (docs/invoices.md#numbers): gapless per series, even when issues run at the same moment
 * or one rolls back, and the same number every time a booking's invoice is asked for again.
 */

let db: TTestDb;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

let offset = 30;
async function booking(propertyId: number) {
  const checkIn = addDays(todayIso(), offset);
  offset += 4;
  return callerFor(db, null).caller.bookings.create({
    propertyId,
    checkIn,
    checkOut: addDays(checkIn, 2),
    guests: 2,
    contactInfo: { name: 'Nina Number', email: 'nina@example.com', phone: '+1 555 0100', country: 'Spain' },
  });
}

const invoiceOf = async (id: number, now: Date) =>
  (await issueDocuments(db.em(), id, { invoice: true }, now)).find((d) => d.event === 'invoice')?.number;

describe('invoice numbers', () => {
  it('follow each other without gaps across concurrent issues and a rollback, once per booking', async () => {
    const home = await createProperty(db.em(), { title: 'Counted Cottage', price: 120 });
    const bookings = [];
    for (let i = 0; i < 7; i++) bookings.push(await booking(home.id));
    const now = new Date('2031-02-03T10:00:00Z');

    // One issue rolls back after taking a number: the number is given back with it.
    const first = bookings[0];
    if (!first) throw new Error('no booking');
    await expect(
      db.em().transactional(async (tx) => {
        await issueDocuments(tx, first.id, { invoice: true }, now);
        throw new Error('the issuing transaction fails');
      }),
    ).rejects.toThrow('the issuing transaction fails');

    const numbers = await Promise.all(bookings.map((b) => invoiceOf(b.id, now)));
    expect([...numbers].sort()).toEqual(
      Array.from({ length: 7 }, (_, i) => `INV-2031-${String(i + 1).padStart(6, '0')}`),
    );
    // Asked again, later, in another year: the same number.
    expect(await invoiceOf(first.id, new Date('2032-01-01T00:00:00Z'))).toBe(numbers[0]);
    // A new year starts its own series.
    const late = await booking(home.id);
    expect(await invoiceOf(late.id, new Date('2032-01-01T00:00:00Z'))).toBe('INV-2032-000001');
  });
});
