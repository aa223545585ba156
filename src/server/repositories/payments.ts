import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { PAYMENT_SETTINGS_DEFAULTS, type TLedgerKind, type TPaymentMethod } from '#shared/payments.ts';
import type { TLedgerLine, TPaymentSettings } from '#shared/schemas/payments.ts';
import { PaymentPlan, type IPaymentPlan } from '../entities/payment-plan.entity.ts';
import { PaymentSettings } from '../entities/payment-settings.entity.ts';
import { inHomes, type THomeScope } from './home-scope.ts';
import { db, isoDate, isoTimestamp } from './db.ts';

/** Payments' tables (docs/payments.md): the schedule, each booking's snapshot, the ledger, Stripe's events. */

export async function readPaymentSettings(em: EntityManager): Promise<Required<TPaymentSettings>> {
  await em.createQueryBuilder(PaymentSettings).insert({ id: 1 }).onConflict('id').ignore().execute();
  const s = await em.findOneOrFail(PaymentSettings, 1, { refresh: true });
  return {
    depositPercent: s.depositPercent,
    balanceDaysBefore: s.balanceDaysBefore,
    offerCard: s.offerCard,
    offerBankTransfer: s.offerBankTransfer,
    bankInstructions: s.bankInstructions,
    offerPayOnArrival: s.offerPayOnArrival,
    depositDeadlineHours: s.depositDeadlineHours,
    depositDeadlineAction: s.depositDeadlineAction as TPaymentSettings['depositDeadlineAction'],
    depositHoldDaysBefore: s.depositHoldDaysBefore,
    depositReleaseDaysAfter: s.depositReleaseDaysAfter,
  };
}

/**
 * The schedule's terms a quote needs, read without writing: a site that has never saved its schedule has
 * the defaults, as the first booking's snapshot will. `methods` are offered in the snapshot's order.
 */
export async function readScheduleTerms(em: EntityManager): Promise<
  Pick<TPaymentSettings, 'depositPercent' | 'balanceDaysBefore'> & {
    methods: ('card' | 'bank_transfer' | 'pay_on_arrival')[];
  }
> {
  const r = await db(em)
    .selectFrom('payment_settings')
    .select([
      'deposit_percent',
      'balance_days_before',
      'offer_card',
      'offer_bank_transfer',
      'offer_pay_on_arrival',
    ])
    .where('id', '=', 1)
    .executeTakeFirst();
  const d = PAYMENT_SETTINGS_DEFAULTS;
  const offer = r
    ? { card: r.offer_card, bank: r.offer_bank_transfer, arrival: r.offer_pay_on_arrival }
    : { card: d.offerCard, bank: d.offerBankTransfer, arrival: d.offerPayOnArrival };
  return {
    depositPercent: r ? r.deposit_percent : d.depositPercent,
    balanceDaysBefore: r ? r.balance_days_before : d.balanceDaysBefore,
    methods: [
      ...(offer.card ? (['card'] as const) : []),
      ...(offer.bank ? (['bank_transfer'] as const) : []),
      ...(offer.arrival ? (['pay_on_arrival'] as const) : []),
    ],
  };
}

export async function writePaymentSettings(em: EntityManager, input: TPaymentSettings): Promise<void> {
  await readPaymentSettings(em);
  // The deposit's hold days left out are kept as they are.
  const set = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  await em.nativeUpdate(PaymentSettings, { id: 1 }, set);
}

/** A booking's snapshot with the booking facts the ledger's totals need. */
export async function findPlan(em: EntityManager, bookingId: number) {
  const r = await db(em)
    .selectFrom('payment_plans as pp')
    .innerJoin('bookings as b', 'b.id', 'pp.booking_id')
    .select([
      'pp.booking_id',
      'pp.currency',
      'pp.total_amount',
      'pp.deposit_amount',
      'pp.deposit_percent',
      'pp.balance_amount',
      isoDate<string | null>('pp.balance_due_on').as('balance_due_on'),
      'pp.methods',
      'pp.bank_instructions',
      isoTimestamp<string | null>('pp.deposit_deadline_at').as('deposit_deadline_at'),
      'pp.deadline_action',
      isoTimestamp<string | null>('pp.flagged_at').as('flagged_at'),
      'pp.stripe_customer',
      'pp.stripe_payment_method',
      isoTimestamp<string | null>('pp.balance_charge_failed_at').as('balance_charge_failed_at'),
      'pp.balance_charge_error',
      'b.status',
      'b.cancellation_fee',
      'b.confirmation_number',
      'b.contact_info',
      isoDate('b.check_in').as('check_in'),
      'b.night_prices',
      'b.price_lines',
      'b.tax_rate',
      'b.tax_amount',
    ])
    .where('pp.booking_id', '=', bookingId)
    .executeTakeFirst();
  return r ?? null;
}
export type TPlanRow = NonNullable<Awaited<ReturnType<typeof findPlan>>>;

/**
 * Bookings whose balance notice (`reminder` or `final`) falls due by `on` and has not gone, with a balance
 * to pay and a live stay not begun by `today` (dates `yyyy-MM-dd`); a batch at a time.
 */
export async function plansDueForNotice(
  em: EntityManager,
  notice: 'reminder' | 'final',
  on: string,
  today: string,
): Promise<number[]> {
  const rows = await db(em)
    .selectFrom('payment_plans as pp')
    .innerJoin('bookings as b', 'b.id', 'pp.booking_id')
    .select('pp.booking_id')
    .where('pp.balance_amount', '>', 0)
    .where('pp.balance_due_on', '<=', sql<string>`${on}::date`)
    .where(notice === 'reminder' ? 'pp.reminder_sent_at' : 'pp.final_notice_sent_at', 'is', null)
    .where('b.status', 'in', ['pending', 'confirmed'])
    .where('b.check_in', '>', sql<string>`${today}::date`)
    .orderBy('pp.booking_id')
    .limit(500)
    .execute();
  return rows.map((r) => r.booking_id);
}

/** Live bookings whose deposit deadline has passed by `now` and that were not flagged yet; a batch at a time. */
export async function plansPastDepositDeadline(em: EntityManager, now: Date): Promise<number[]> {
  const rows = await db(em)
    .selectFrom('payment_plans as pp')
    .innerJoin('bookings as b', 'b.id', 'pp.booking_id')
    .select('pp.booking_id')
    .where('pp.deposit_deadline_at', '<=', now)
    .where('pp.flagged_at', 'is', null)
    .where('b.status', 'in', ['pending', 'confirmed'])
    .orderBy('pp.booking_id')
    .limit(500)
    .execute();
  return rows.map((r) => r.booking_id);
}

/** Marks what the payment jobs did on a booking's plan (a notice sent, a deadline flagged or cleared). */
export async function markPlan(
  tx: EntityManager,
  bookingId: number,
  set: Partial<
    Pick<
      IPaymentPlan,
      | 'reminderSentAt'
      | 'finalNoticeSentAt'
      | 'flaggedAt'
      | 'depositDeadlineAt'
      | 'stripeCustomer'
      | 'stripePaymentMethod'
      | 'balanceChargeAt'
      | 'balanceChargeFailedAt'
      | 'balanceChargeError'
    >
  >,
): Promise<void> {
  await tx.nativeUpdate(PaymentPlan, { booking: bookingId }, set);
}

/** Locks the booking's plan row for the rest of the transaction: ledger writes of one booking go in turn. */
export async function lockPlan(tx: EntityManager, bookingId: number): Promise<boolean> {
  const row = await db(tx)
    .selectFrom('payment_plans')
    .select('booking_id')
    .where('booking_id', '=', bookingId)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

export async function listLines(em: EntityManager, bookingId: number): Promise<TLedgerLine[]> {
  const rows = await db(em)
    .selectFrom('ledger_lines')
    .select([
      'id',
      'kind',
      'method',
      'amount',
      'currency',
      'reference',
      'reason',
      isoTimestamp('occurred_at').as('occurred_at'),
      'recorded_by_name',
    ])
    .where('booking_id', '=', bookingId)
    .orderBy('occurred_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as TLedgerKind,
    method: r.method as TPaymentMethod,
    amount: r.amount,
    currency: r.currency,
    reference: r.reference ?? null,
    reason: r.reason ?? null,
    occurredAt: r.occurred_at,
    recordedByName: r.recorded_by_name,
  }));
}

export interface TNewLine {
  bookingId: number;
  kind: TLedgerKind;
  method: TPaymentMethod;
  amount: number;
  currency: string;
  reference?: string | null;
  reason?: string | null;
  occurredAt: Date;
  recordedById: number | null;
  recordedByName: string;
  dedupeKey?: string | null;
  stripePaymentIntent?: string | null;
}

/** Inserts a line; answers its id, or null when a line with the same dedupe key is already there. */
export async function insertLine(em: EntityManager, line: TNewLine): Promise<number | null> {
  const r = await db(em)
    .insertInto('ledger_lines')
    .values({
      booking_id: line.bookingId,
      kind: line.kind,
      method: line.method,
      amount: line.amount,
      currency: line.currency,
      reference: line.reference ?? null,
      reason: line.reason ?? null,
      occurred_at: line.occurredAt,
      recorded_by_id: line.recordedById,
      recorded_by_name: line.recordedByName,
      dedupe_key: line.dedupeKey ?? null,
      stripe_payment_intent: line.stripePaymentIntent ?? null,
    })
    .onConflict((oc) =>
      oc.columns(['booking_id', 'dedupe_key']).where('dedupe_key', 'is not', null).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return r?.id ?? null;
}

export async function lineWithKey(em: EntityManager, bookingId: number, key: string): Promise<boolean> {
  const r = await db(em)
    .selectFrom('ledger_lines')
    .select('id')
    .where('booking_id', '=', bookingId)
    .where('dedupe_key', '=', key)
    .executeTakeFirst();
  return r !== undefined;
}

/** Card payments of a booking with what is left to refund of each, newest first. */
export async function refundableCardPayments(
  em: EntityManager,
  bookingId: number,
): Promise<{ paymentIntent: string; left: number }[]> {
  const rows = await db(em)
    .selectFrom('ledger_lines')
    .select([
      'stripe_payment_intent',
      sql<number>`sum(case when kind = 'payment' then amount else -amount end)::int`.as('left'),
      sql<string>`max(occurred_at)`.as('last'),
    ])
    .where('booking_id', '=', bookingId)
    .where('method', '=', 'card')
    .where('stripe_payment_intent', 'is not', null)
    .groupBy('stripe_payment_intent')
    .orderBy('last', 'desc')
    .execute();
  return rows
    .filter((r) => r.left > 0 && r.stripe_payment_intent)
    .map((r) => ({ paymentIntent: r.stripe_payment_intent as string, left: r.left }));
}

/** Records a Stripe event id; false when it was recorded before (a replay). */
export async function recordStripeEvent(em: EntityManager, id: string, type: string): Promise<boolean> {
  const r = await db(em)
    .insertInto('stripe_events')
    .values({ id, type })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return r !== undefined;
}

export interface TPaymentListRow {
  booking_id: number;
  confirmation_number: string;
  guest_name: string | null;
  property_title: string;
  check_in: string;
  booking_status: string;
  amount: number;
  due: string | null;
  /** The day of `due` at the home, in its own time zone (`yyyy-MM-dd`), as the exports write it. */
  day: string | null;
  currency: string;
  method: string | null;
  reference: string | null;
  net: number;
  adjusted: number;
  total_amount: number;
  deposit_amount: number;
  cancellation_fee: number | null;
  total_count: number;
}

/** Nothing is owed on these: a cancelled or declined booking, and a request not yet accepted (docs/booking-operations.md#payments). */
const NOT_DUE = sql`('cancelled', 'declined', 'requested')`;

/** What a payments row says of its booking, in every view. */
const bookingColumns = [
  'b.confirmation_number',
  sql<string | null>`b.contact_info->>'name'`.as('guest_name'),
  'p.title as property_title',
  isoDate('b.check_in').as('check_in'),
  'b.status as booking_status',
] as const;

/**
 * One page of the admin's payments: `outstanding` (live bookings with something still to pay), `overdue`
 * (of those, a deposit past its deadline or a balance past its date), `refunds_due` (bookings that hold
 * more than they keep), or `received` (payment lines, by method and date range).
 */
export async function listPayments(
  em: EntityManager,
  q: { view: string; method?: string; from?: string; to?: string; page: number; pageSize: number; now: Date },
  homes: THomeScope = null,
): Promise<TPaymentListRow[]> {
  const offset = (q.page - 1) * q.pageSize;
  if (q.view === 'received') {
    const d = db(em);
    // The filters on the ledger alone, so the page can walk its date index and stop at the page's end,
    // and the count read no other table: with every payment joined first (count(*) over ()), 130,000
    // lines took seconds (bench/admin.ts).
    const lines = d
      .selectFrom('ledger_lines as l')
      .where('l.kind', '=', 'payment')
      .$if(q.method !== undefined, (w) => w.where('l.method', '=', q.method ?? ''))
      .$if(q.from !== undefined, (w) => w.where('l.occurred_at', '>=', sql<Date>`${q.from}::timestamptz`))
      .$if(q.to !== undefined, (w) =>
        w.where('l.occurred_at', '<', sql<Date>`${q.to}::timestamptz + interval '1 day'`),
      )
      .$if(homes !== null, (w) =>
        w.where(
          'l.booking_id',
          'in',
          d.selectFrom('bookings as b').select('b.id').where(inHomes('b.property_id', homes)),
        ),
      );
    const [rows, counted] = await Promise.all([
      lines
        .innerJoin('bookings as b', 'b.id', 'l.booking_id')
        .innerJoin('properties as p', 'p.id', 'b.property_id')
        .select([
          'l.booking_id',
          ...bookingColumns,
          'l.amount',
          isoTimestamp<string | null>('l.occurred_at').as('due'),
          sql<string | null>`to_char(l.occurred_at at time zone p.time_zone, 'YYYY-MM-DD')`.as('day'),
          'l.currency',
          sql<string | null>`l.method`.as('method'),
          'l.reference',
          sql<number>`0`.as('net'),
          sql<number>`0`.as('adjusted'),
          sql<number>`0`.as('total_amount'),
          sql<number>`0`.as('deposit_amount'),
          sql<number | null>`null`.as('cancellation_fee'),
        ])
        .orderBy('l.occurred_at', 'desc')
        .orderBy('l.id', 'desc')
        .limit(q.pageSize)
        .offset(offset)
        .execute(),
      lines.select(sql<number>`count(*)::int`.as('n')).executeTakeFirst(),
    ]);
    return rows.map((r) => ({ ...r, total_count: counted?.n ?? 0 }));
  }
  // The plan keeps its booking's facts and what it owes (migration plan-owed), and a partial index holds
  // the owing plans in the page's order: the page walks it and stops at its end, and the count reads it
  // alone. Joining every plan to its booking for its status took most of a second at 100,000 homes.
  const owed = q.view === 'refunds_due' ? sql<number>`pp.refund_owed` : sql<number>`pp.balance_owed`;
  const today = q.now.toISOString().slice(0, 10);
  const owing = db(em)
    .selectFrom('payment_plans as pp')
    .where(owed, '>', 0)
    .$if(q.view !== 'refunds_due', (w) => w.where(sql<boolean>`pp.booking_status not in ${NOT_DUE}`))
    .$if(q.view === 'overdue', (w) =>
      w.where(
        sql<boolean>`((pp.net < pp.deposit_amount and pp.deposit_deadline_at < ${q.now}::timestamptz)
          or pp.balance_due_on < ${today}::date)`,
      ),
    )
    .where(inHomes('pp.property_id', homes));
  // A deposit deadline is an instant: the day written is the one it falls on at the home, not in UTC.
  const dueDay = sql<string | null>`case when pp.net < pp.deposit_amount
      then to_char(pp.deposit_deadline_at at time zone p.time_zone, 'YYYY-MM-DD')
      else to_char(pp.balance_due_on, 'YYYY-MM-DD') end`;
  const [rows, counted] = await Promise.all([
    owing
      .innerJoin('bookings as b', 'b.id', 'pp.booking_id')
      .innerJoin('properties as p', 'p.id', 'b.property_id')
      .select([
        'pp.booking_id',
        ...bookingColumns,
        owed.as('amount'),
        dueDay.as('due'),
        dueDay.as('day'),
        'pp.currency',
        sql<string | null>`null`.as('method'),
        sql<string | null>`null`.as('reference'),
        sql<number>`pp.net`.as('net'),
        sql<number>`pp.adjusted`.as('adjusted'),
        'pp.total_amount',
        'pp.deposit_amount',
        'b.cancellation_fee',
      ])
      .orderBy(sql`pp.due_on`)
      .orderBy('pp.booking_id')
      .limit(q.pageSize)
      .offset(offset)
      .execute(),
    owing.select(sql<number>`count(*)::int`.as('n')).executeTakeFirst(),
  ]);
  return rows.map((r) => ({ ...r, total_count: counted?.n ?? 0 }));
}

/** Received and refunded in a date range (all time without one), and everything still outstanding. */
export async function paymentTotals(
  em: EntityManager,
  q: { from?: string; to?: string },
  homes: THomeScope = null,
): Promise<{ received: number; refunded: number; outstanding: number }> {
  const d = db(em);
  const range = await d
    .selectFrom('ledger_lines')
    .select([
      // bigint: a year's takings pass an int's $21.4 million; pg hands bigints over as strings.
      sql<string>`coalesce(sum(amount) filter (where kind = 'payment'), 0)::bigint`.as('received'),
      sql<string>`coalesce(sum(amount) filter (where kind = 'refund'), 0)::bigint`.as('refunded'),
    ])
    .$if(q.from !== undefined, (w) => w.where('occurred_at', '>=', sql<Date>`${q.from}::timestamptz`))
    .$if(q.to !== undefined, (w) =>
      w.where('occurred_at', '<', sql<Date>`${q.to}::timestamptz + interval '1 day'`),
    )
    .$if(homes !== null, (w) =>
      w.where(
        'booking_id',
        'in',
        d.selectFrom('bookings as b').select('b.id').where(inHomes('b.property_id', homes)),
      ),
    )
    .executeTakeFirst();
  const out = await d
    .selectFrom('payment_plans as pp')
    .select(sql<string>`coalesce(sum(pp.balance_owed), 0)::bigint`.as('outstanding'))
    .where(sql<boolean>`pp.balance_owed > 0 and pp.booking_status not in ${NOT_DUE}`)
    .where(inHomes('pp.property_id', homes))
    .executeTakeFirst();
  return {
    received: Number(range?.received ?? 0),
    refunded: Number(range?.refunded ?? 0),
    outstanding: Number(out?.outstanding ?? 0),
  };
}

/** The plan facts and ledger lines the guest's payment words need, for a few bookings at once (My bookings). */
export async function guestPaymentRows(em: EntityManager, bookingIds: readonly number[]) {
  if (bookingIds.length === 0) return { plans: [], lines: [] };
  const [plans, lines] = await Promise.all([
    db(em)
      .selectFrom('payment_plans as pp')
      .innerJoin('bookings as b', 'b.id', 'pp.booking_id')
      .select([
        'pp.booking_id',
        'pp.total_amount',
        'pp.deposit_amount',
        isoDate<string | null>('pp.balance_due_on').as('balance_due_on'),
        'b.status',
        'b.cancellation_fee',
      ])
      .where('pp.booking_id', 'in', [...bookingIds])
      .execute(),
    db(em)
      .selectFrom('ledger_lines')
      .select(['booking_id', 'kind', 'amount'])
      .where('booking_id', 'in', [...bookingIds])
      .execute(),
  ]);
  return { plans, lines: lines.map((l) => ({ ...l, kind: l.kind as TLedgerKind })) };
}
