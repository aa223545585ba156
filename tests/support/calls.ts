import type { TBookingCreateInput } from '../../src/shared/schemas/booking.ts';

/** The error a call fails with, as { code, message }; fails the test when the call succeeds. */
export async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (err) {
    const e = err as { code: string; message: string };
    return { code: e.code, message: e.message };
  }
  throw new Error('expected the call to fail');
}

export const GUEST_CONTACT = {
  name: 'Ada Guest',
  email: 'ada@example.com',
  phone: '+1 555 0100',
  country: 'United States',
};

/** A 2-guest booking of a home between two dates, with a valid contact form. */
export function stayInput(propertyId: number, checkIn: string, checkOut: string): TBookingCreateInput {
  return { propertyId, checkIn, checkOut, guests: 2, contactInfo: GUEST_CONTACT };
}
