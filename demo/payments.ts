import { addDays, daysBetween } from '../src/shared/dates.ts';
import type { TDemoBooking } from './activity.ts';
import type { TRandom } from './random.ts';

/**
 * What the demo's guests paid, so the admin's Payments page tells a true story: every past and current stay
 * is paid by its schedule (deposit at booking, balance by its date), upcoming stays have their deposit (and
 * their balance once its date has passed), and a few completed stays are the demo's deliberate unpaid
 * examples (DEMO_UNPAID_EXAMPLES). Amounts are never planned here: they come from each booking's payment
 * plan, which the database writes from the booking's total (see `demoLedgerLines`).
 */

/** How a booking's money stands: paid by its schedule, its deposit only, or nothing yet. */
export type TDemoPaid = 'schedule' | 'deposit' | 'nothing';

export interface TDemoMoney {
  paid: TDemoPaid;
  method: 'card' | 'bank_transfer';
  /** When the deposit (or the whole, when due in full at booking) arrived. */
  depositAt: Date;
  /** The balance arrives this many days before its due date, at this minute of that day (UTC). */
  balanceDaysEarly: number;
  balanceMinute: number;
  /** Set on the deliberate unpaid examples: why the stay is unpaid, as the docs tell it. */
  unpaidExample?: string;
}

/**
 * The completed stays left unpaid on purpose, so the Outstanding view has something real to chase. Each is
 * the most recently ended completed stay that fits: the first booked far enough ahead to have had a balance
 * date (`bookedAhead` days), the second any other.
 */
export const DEMO_UNPAID_EXAMPLES = [
  { paid: 'deposit', bookedAhead: 45, reason: 'the deposit was paid, the balance never arrived' },
  { paid: 'nothing', bookedAhead: 0, reason: 'nothing was paid, not even the deposit' },
] as const satisfies readonly { paid: TDemoPaid; bookedAhead: number; reason: string }[];

/** Which bookings (by index) are the unpaid examples, each with its example. */
function pickUnpaidExamples(
  bookings: readonly TDemoBooking[],
  today: string,
): Map<number, (typeof DEMO_UNPAID_EXAMPLES)[number]> {
  const completed = bookings
    .map((b, i) => ({ b, i }))
    .filter(({ b }) => b.status === 'confirmed' && b.checkOut <= today)
    .sort((x, y) => (x.b.checkOut === y.b.checkOut ? x.i - y.i : x.b.checkOut > y.b.checkOut ? -1 : 1));
  const picked = new Map<number, (typeof DEMO_UNPAID_EXAMPLES)[number]>();
  for (const example of DEMO_UNPAID_EXAMPLES) {
    const found = completed.find(
      ({ b, i }) =>
        !picked.has(i) &&
        daysBetween(b.createdAt.toISOString().slice(0, 10), b.checkIn) >= example.bookedAhead,
    );
    if (found) picked.set(found.i, example);
  }
  return picked;
}

/** A deposit deadline the demo respects: a booking older than this has paid its deposit. */
const DEPOSIT_WITHIN_HOURS = 48;

const HOUR = 3_600_000;

export function planPayments(
  bookings: readonly TDemoBooking[],
  today: string,
  r: TRandom,
  now = new Date(),
): TDemoMoney[] {
  const examples = pickUnpaidExamples(bookings, today);
  return bookings.map((b, i) => {
    // The same number of draws for every booking, so one booking's plan never shifts another's.
    const card = r.chance(0.65);
    const cardMinutes = r.int(2, 40);
    const bankHours = r.int(16, 44);
    const balanceDaysEarly = r.int(0, 9);
    const balanceMinute = r.int(8 * 60, 20 * 60);
    const fresh = r.chance(0.5);
    const delay = card ? cardMinutes * 60_000 : bankHours * HOUR;
    const depositAt = new Date(Math.min(b.createdAt.getTime() + delay, now.getTime() - 60_000));
    const money: TDemoMoney = {
      paid: 'schedule',
      method: card ? 'card' : 'bank_transfer',
      depositAt,
      balanceDaysEarly,
      balanceMinute,
    };
    const example = examples.get(i);
    if (example)
      return { ...money, method: 'bank_transfer', paid: example.paid, unpaidExample: example.reason };
    // Cancelled before paying, or a request the operator has not accepted (no deposit is asked for yet).
    if (b.status === 'cancelled' || b.status === 'declined' || b.status === 'requested')
      return { ...money, paid: 'nothing' };
    // Booked inside the deposit's deadline: half of those guests have not paid yet, as in life.
    const booked = now.getTime() - b.createdAt.getTime();
    if (booked < DEPOSIT_WITHIN_HOURS * HOUR && fresh) return { ...money, paid: 'nothing' };
    return money;
  });
}

/** The part of a booking's payment plan the ledger lines are made from (amounts in minor units). */
export interface TDemoPlanAmounts {
  total: number;
  deposit: number;
  balanceDueOn: string | null;
}

export interface TDemoLedgerLine {
  part: 'deposit' | 'balance' | 'full';
  method: 'card' | 'bank_transfer';
  amount: number;
  occurredAt: Date;
}

/**
 * The payment lines of one booking from its plan: the deposit when it arrived, and the balance a few days
 * before its date once that date has come (by `today`). A plan due in full at booking is one line.
 */
export function demoLedgerLines(
  money: TDemoMoney,
  plan: TDemoPlanAmounts,
  today: string,
  now = new Date(),
): TDemoLedgerLine[] {
  if (money.paid === 'nothing' || plan.total <= 0) return [];
  const balance = plan.total - plan.deposit;
  if (balance <= 0 || plan.balanceDueOn === null)
    // Due in full at booking: a stay meant to have paid only its deposit has paid nothing.
    return money.paid === 'deposit'
      ? []
      : [{ part: 'full', method: money.method, amount: plan.total, occurredAt: money.depositAt }];
  const lines: TDemoLedgerLine[] = [];
  if (plan.deposit > 0)
    lines.push({ part: 'deposit', method: money.method, amount: plan.deposit, occurredAt: money.depositAt });
  if (money.paid === 'schedule' && daysBetween(today, plan.balanceDueOn) <= 0) {
    const day = addDays(plan.balanceDueOn, -money.balanceDaysEarly);
    const at = Date.parse(`${day}T00:00:00Z`) + money.balanceMinute * 60_000;
    // Never before the deposit, never after now.
    const occurredAt = new Date(
      Math.min(Math.max(at, money.depositAt.getTime() + HOUR), now.getTime() - 60_000),
    );
    lines.push({ part: 'balance', method: money.method, amount: balance, occurredAt });
  }
  return lines;
}
