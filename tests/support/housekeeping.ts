import type { TSessionUser } from '../../src/server/services/auth/sessions.ts';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { callerFor, type TTestDb } from './db.ts';

/**
 * The housekeeping tests' two makers: a housekeeper of some homes, and a stay whose turnover task they
 * clean. Each caller comes from its own address (`net`, e.g. '10.44': sign-ups and bookings per address
 * are rate limited), and each stay takes the next free three days from `firstDay` days ahead.
 */
export function housekeepingMakers(
  db: () => TTestDb,
  asAdmin: () => ReturnType<typeof callerFor>['caller'],
  { net, firstDay, guest }: { net: string; firstDay: number; guest: { name: string; email: string } },
) {
  let seq = 0;
  let day = firstDay;
  const housekeeper = async (name: string, homes: number[]): Promise<TSessionUser> => {
    seq += 1;
    const user = await callerFor(db(), null, { ip: `${net}.0.${seq}` }).caller.auth.register({
      username: name,
      email: `${name}@example.com`,
      password: 'secret-pw',
    });
    await asAdmin().staff.add({ userId: user.id, role: 'housekeeper', propertyIds: homes });
    return { ...user, role: 'housekeeper' };
  };
  /** A stay at the home, and its turnover task's id. */
  const turnover = async (propertyId: number): Promise<number> => {
    seq += 1;
    const checkIn = addDays(todayIso(), day);
    day += 3;
    const b = await callerFor(db(), null, { ip: `${net}.1.${seq}` }).caller.bookings.create({
      propertyId,
      checkIn,
      checkOut: addDays(checkIn, 2),
      guests: 2,
      contactInfo: { ...guest, phone: '+1 555 0100', country: 'Spain' },
    });
    const [row] = await db().sql<{ id: number }>('select id from housekeeping_tasks where booking_id = $1', [
      b.id,
    ]);
    if (!row) throw new Error('no task');
    return row.id;
  };
  return { housekeeper, turnover };
}
