import { expect } from 'vitest';
import { TEST_ADMIN } from '../support/constants.ts';
import { api } from '../support/server.ts';

/** Shared by the payments API suites: log in, book, and check that a ledger's totals reconcile. */

export async function adminCookie(base: string): Promise<{ cookie: string }> {
  const res = await api(base, 'POST', '/api/auth/login', TEST_ADMIN);
  expect(res.status).toBe(200);
  const session = /stayhub_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0];
  if (!session) throw new Error('login set no session cookie');
  return { cookie: session };
}

export const contactInfo = {
  name: 'Pia Payer',
  email: 'pia@example.com',
  phone: '+1 555 0199',
  country: 'United States',
};

export async function book(base: string, propertyId: number, checkIn: string, checkOut: string) {
  const res = await api(base, 'POST', '/api/bookings', {
    propertyId,
    checkIn,
    checkOut,
    guests: 2,
    contactInfo,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: number; totalPrice: number; manageToken: string; confirmationNumber: string };
}

interface TLedger {
  lines: { kind: 'payment' | 'refund'; amount: number }[];
  charges: { amount: number }[];
  totals: {
    charged: number;
    paid: number;
    refunded: number;
    net: number;
    retained: number;
    balanceDue: number;
    refundDue: number;
  };
  schedule: { total: number; deposit: number; balance: number };
}

/** Every state's totals agree with the lines and with each other. */
export function expectReconciled(ledger: TLedger): void {
  const paid = ledger.lines.filter((l) => l.kind === 'payment').reduce((s, l) => s + l.amount, 0);
  const refunded = ledger.lines.filter((l) => l.kind === 'refund').reduce((s, l) => s + l.amount, 0);
  const t = ledger.totals;
  expect(t.paid).toBe(paid);
  expect(t.refunded).toBe(refunded);
  expect(t.net).toBe(paid - refunded);
  expect(t.net + t.balanceDue - t.refundDue).toBe(t.retained);
  expect(ledger.schedule.deposit + ledger.schedule.balance).toBe(ledger.schedule.total);
  // What the booking charges, line by line, adds up to what the ledger says it charges.
  expect(ledger.charges.reduce((s, l) => s + l.amount, 0)).toBe(t.charged);
  for (const v of Object.values(t)) if (typeof v === 'number') expect(Number.isInteger(v)).toBe(true);
}
