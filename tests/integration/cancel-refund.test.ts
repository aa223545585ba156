import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import type { TSessionUser } from '../../src/server/services/auth/sessions.ts';
import { callerFor, createTestDatabase, seededAdmin, type TTestDb } from '../support/db.ts';
import { createProperty } from '../support/fixtures.ts';

/**
 * What the admin's cancel dialog says will be refunded is the payments answer's `cancelRefund`, from the
 * money facts: the same figure the ledger owes once the booking is cancelled, adjustments included.
 */
let db: TTestDb;
let admin: TSessionUser;
let propertyId: number;

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await seededAdmin(db);
  propertyId = (await createProperty(db.em(), { title: 'Refund cottage', price: 200 })).id;
});
afterAll(async () => {
  await db.drop();
});

describe("the operator's cancel: what it will refund", () => {
  it('is stated before the cancel, adjustments included, and is what the ledger owes after it', async () => {
    const asAdmin = callerFor(db, admin).caller;
    const checkIn = addDays(todayIso(), 30);
    const b = await callerFor(db, null).caller.bookings.create({
      propertyId,
      checkIn,
      checkOut: addDays(checkIn, 3),
      guests: 2,
      contactInfo: {
        name: 'Rene Refund',
        email: 'rene@example.com',
        phone: '+1 555 0100',
        country: 'France',
      },
    });
    await asAdmin.payments.record({ id: b.id, amount: 30_000, method: 'bank_transfer' });
    // An extra charge after booking: the operator's cancel keeps it, so it is not refunded.
    await asAdmin.payments.adjust({ id: b.id, amount: 5_000, reason: 'Late check-out' });

    const before = await asAdmin.payments.booking({ id: b.id });
    expect(before.cancelRefund).toEqual({ refund: 25_000, toCard: 0, byOperator: 25_000 });
    expect(before.refundOnCancel).toBe(25_000);

    await asAdmin.bookings.bulkStatus({ ids: [b.id], status: 'cancelled' });
    const after = await asAdmin.payments.booking({ id: b.id });
    expect(after.totals.refundDue).toBe(before.cancelRefund?.refund);
    // A cancelled booking cannot be cancelled again: nothing is stated.
    expect(after.cancelRefund).toBeNull();
    expect(after.refundOnCancel).toBeNull();
  });
});
