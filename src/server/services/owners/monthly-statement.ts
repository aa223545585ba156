import type { EntityManager } from '@mikro-orm/postgresql';
import { toCsv } from '#shared/csv.ts';
import { todayIso } from '#shared/dates.ts';
import {
  EXPENSE_CATEGORY_LABELS,
  type TAdjustmentReason,
  type TStatement,
  type TStatementStay,
} from '#shared/schemas/owners.ts';
import { AppError } from '../../errors.ts';
import { db } from '../../repositories/db.ts';
import { inHomes, type TStaffScope } from '../../repositories/home-scope.ts';
import {
  allocateStatementNumber,
  bookingsByIds,
  expensesOf,
  insertStatement,
  isPublished,
  lockOwner,
  payoutsOf,
  publishedMonths,
  publishedStatement,
  statedBookings,
  unstatedStays,
  type TMonthSpan,
  type TStatedRow,
  type TStatementBookingRow,
} from '../../repositories/owner-statements.ts';
import { recordActivity, type TActor } from '../activity/activity.ts';
import { emailOwnerStatement } from '../email/owner-emails.ts';
import { amountsDelta, hasAmounts, stayAmounts, type TStayAmounts } from './statement-amounts.ts';
import { lineLabel, statementToWire, statementTotals, type TStatementRecord } from './statement-record.ts';
import { OWNER_NOT_FOUND, ownerRow } from './statements.ts';

/** A month's statement: a draft computed from the books, or the document published for it (docs/owner-statements.md). */

export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** From the first day of `first` to the first day after `last`. */
export function monthSpan(first: string, last = first): TMonthSpan {
  return { from: `${first}-01`, to: `${nextMonth(last)}-01` };
}

export const statementPublishedMessage = (month: string, number: string) =>
  `The statement for ${month} is published (${number}); its figures are locked`;

type TOwner = NonNullable<Awaited<ReturnType<typeof ownerRow>>>;

/** The owner the caller asks for: an owner reads only their own, anyone else's is the same 404 as an unknown one. */
export async function readableOwner(em: EntityManager, id: number, staff: TStaffScope, callerId: number) {
  if (staff.role === 'owner' && id !== callerId) throw new AppError('NOT_FOUND', OWNER_NOT_FOUND);
  const owner = await ownerRow(em, id);
  if (!owner) throw new AppError('NOT_FOUND', OWNER_NOT_FOUND);
  return owner;
}

function factsOf(r: TStatementBookingRow) {
  return {
    status: r.status,
    room: r.room,
    fees: r.fees,
    gst: r.gst,
    touristTax: r.touristTax,
    cancellationFee: r.cancellationFee,
    kept: r.kept,
    paid: r.paid,
    refunded: r.refunded,
    adjustments: r.adjustments,
  };
}

function lineOf(
  r: TStatementBookingRow,
  amounts: TStayAmounts,
  commissionPercent: number,
  origin: { kind: 'stay' } | { kind: 'adjustment'; month: string; reason: TAdjustmentReason },
): TStatementStay {
  return {
    kind: origin.kind,
    bookingId: r.id,
    confirmationNumber: r.confirmationNumber,
    propertyId: r.propertyId,
    propertyTitle: r.propertyTitle,
    guests: r.guests,
    checkIn: r.checkIn,
    checkOut: r.checkOut,
    nights: r.nights,
    originalMonth: origin.kind === 'adjustment' ? origin.month : null,
    reason: origin.kind === 'adjustment' ? origin.reason : null,
    commissionPercent,
    ...amounts,
  };
}

/** Why a stated booking's figures moved: it was cancelled, something was refunded, or its stay changed. */
function reasonOf(r: TStatementBookingRow, delta: TStayAmounts): TAdjustmentReason {
  if (r.status !== 'confirmed') return 'cancellation';
  if (delta.gross === 0 && delta.refunds !== 0) return 'refund';
  return 'change';
}

/**
 * An open month's statement, from the books as they are now: the stays that check out in it and were
 * never stated, and, as adjustments, what changed since on the bookings of the published months just
 * before it (refunds, cancellations, changes), with stays that checked out in those months after they
 * were published. A change to a published month's booking so lands in the first open month after it.
 */
async function draftRecord(
  em: EntityManager,
  owner: TOwner,
  month: string,
  staff: TStaffScope,
): Promise<TStatementRecord> {
  const homes = await db(em)
    .selectFrom('home_owners as o')
    .innerJoin('properties as p', 'p.id', 'o.property_id')
    .select(['p.id', 'p.title', 'o.commission_percent as commissionPercent'])
    .where('o.user_id', '=', owner.id)
    .where(inHomes('o.property_id', staff.homes))
    .orderBy('p.title')
    .orderBy('p.id')
    .execute();
  const published = new Set((await publishedMonths(em, owner.id)).map((p) => p.month));
  // The published months just before this one, whose later changes land here.
  let runStart = month;
  while (published.has(previousMonth(runStart))) runStart = previousMonth(runStart);

  const stays: TStatementStay[] = [];
  const adjustments: TStatementStay[] = [];
  for (const r of await unstatedStays(em, owner.id, monthSpan(runStart, month), staff.homes)) {
    const percent = r.commissionPercent ?? 0;
    const amounts = stayAmounts(factsOf(r), percent);
    if (!hasAmounts(amounts)) continue;
    const checkedOut = r.checkOut.slice(0, 7);
    if (checkedOut === month) stays.push(lineOf(r, amounts, percent, { kind: 'stay' }));
    else
      adjustments.push(
        lineOf(r, amounts, percent, { kind: 'adjustment', month: checkedOut, reason: 'late' }),
      );
  }
  const stated: TStatedRow[] = runStart < month ? await statedBookings(em, owner.id, runStart, month) : [];
  const current = new Map(
    (
      await bookingsByIds(
        em,
        stated.map((s) => s.bookingId),
        staff.homes,
      )
    ).map((r) => [r.id, r]),
  );
  for (const s of stated) {
    const r = current.get(s.bookingId);
    if (!r) continue;
    const delta = amountsDelta(stayAmounts(factsOf(r), s.commissionPercent), s);
    if (!hasAmounts(delta)) continue;
    adjustments.push(
      lineOf(r, delta, s.commissionPercent, {
        kind: 'adjustment',
        month: s.month,
        reason: reasonOf(r, delta),
      }),
    );
  }
  adjustments.sort(
    (a, b) => (a.originalMonth ?? '').localeCompare(b.originalMonth ?? '') || a.bookingId - b.bookingId,
  );

  const span = monthSpan(month);
  const expenses = (await expensesOf(em, owner.id, span, staff.homes)).map((e) => ({ ...e }));
  // Payouts are the owner's as a whole, not a home's: a manager of some homes does not see them.
  const payouts = staff.role === 'manager' ? [] : await payoutsOf(em, owner.id, span);
  return {
    owner: { id: owner.id, name: owner.name ?? owner.username, email: owner.email },
    month,
    currency: 'USD',
    homes: homes.map((h) => ({ id: h.id, title: h.title, commissionPercent: h.commissionPercent })),
    stays,
    adjustments,
    expenses,
    payouts,
    totals: statementTotals(stays, adjustments, expenses, payouts),
  };
}

/** A published document as a manager may read it: the lines and expenses of their homes, no payouts. */
function withinHomes(r: TStatementRecord, staff: TStaffScope): TStatementRecord {
  if (staff.role !== 'manager' || staff.homes === null) return r;
  const mine = new Set(staff.homes);
  const stays = r.stays.filter((l) => mine.has(l.propertyId));
  const adjustments = r.adjustments.filter((l) => mine.has(l.propertyId));
  const expenses = r.expenses.filter((e) => mine.has(e.propertyId));
  return {
    ...r,
    homes: r.homes.filter((h) => mine.has(h.id)),
    stays,
    adjustments,
    expenses,
    payouts: [],
    totals: statementTotals(stays, adjustments, expenses, []),
  };
}

/** The owner's statement for a month: the published document once there is one, else the draft. */
export async function ownerStatement(
  em: EntityManager,
  input: { id: number; month: string },
  staff: TStaffScope,
  callerId: number,
): Promise<TStatement> {
  const owner = await readableOwner(em, input.id, staff, callerId);
  const published = await publishedStatement(em, owner.id, input.month);
  if (published)
    return statementToWire(withinHomes(published.document, staff), {
      number: published.number,
      publishedAt: published.publishedAt,
    });
  return statementToWire(await draftRecord(em, owner, input.month, staff), null);
}

/**
 * Publishes the month: numbers it from the year's counter and stores its document, locked from then on,
 * in one transaction with the owner's e-mail and the activity entry. A month is published once.
 */
export async function publishStatement(
  em: EntityManager,
  input: { id: number; month: string },
  actor: TActor,
): Promise<{ ok: true; number: string; emailedTo: string }> {
  return em.transactional(async (tx) => {
    const owner = await ownerRow(tx, input.id);
    if (!owner) throw new AppError('NOT_FOUND', OWNER_NOT_FOUND);
    await lockOwner(tx, owner.id, 'publish');
    const existing = await publishedStatement(tx, owner.id, input.month);
    if (existing) throw new AppError('CONFLICT', statementPublishedMessage(input.month, existing.number));
    const record = await draftRecord(tx, owner, input.month, { role: 'owner-operator', homes: null });
    const number = await allocateStatementNumber(tx);
    const bookingIds = [...new Set([...record.stays, ...record.adjustments].map((l) => l.bookingId))];
    const { publishedAt } = await insertStatement(tx, {
      ownerId: owner.id,
      month: input.month,
      number,
      document: record,
      bookingIds,
      publishedBy: actor.id,
    });
    const statement = statementToWire(record, { number, publishedAt });
    await emailOwnerStatement(tx, statement);
    await recordActivity(tx, actor, {
      action: 'statement.publish',
      entityType: 'user',
      entityId: owner.id,
      after: { month: input.month, number, ownerNet: statement.totals.ownerNet, stays: record.totals.stays },
    });
    return { ok: true as const, number, emailedTo: owner.email };
  });
}

/** The owner's months of a year (this year: up to the current month), each a draft or its published number. */
export async function listStatements(
  em: EntityManager,
  input: { id: number; year?: number | undefined },
  staff: TStaffScope,
  callerId: number,
) {
  const owner = await readableOwner(em, input.id, staff, callerId);
  const today = todayIso().slice(0, 7);
  const year = input.year ?? Number(today.slice(0, 4));
  const published = new Map((await publishedMonths(em, owner.id)).map((p) => [p.month, p]));
  const rows = staff.role === 'manager' ? null : await publishedTotals(em, owner.id, year);
  const items = [];
  for (let m = 12; m >= 1; m--) {
    const month = `${year}-${String(m).padStart(2, '0')}`;
    const p = published.get(month);
    if (!p && month > today) continue;
    const net = rows?.get(month);
    items.push({
      month,
      status: p ? ('published' as const) : ('draft' as const),
      number: p?.number ?? null,
      publishedAt: p?.publishedAt ?? null,
      ownerNet: p && net !== undefined ? net : null,
    });
  }
  return { year, items };
}

/** Each published month's owner's net in the year, in currency units. */
async function publishedTotals(em: EntityManager, ownerId: number, year: number) {
  const rows = await db(em)
    .selectFrom('owner_statements')
    .select(['month', 'document'])
    .where('owner_id', '=', ownerId)
    .where('month', 'like', `${year}-%`)
    .execute();
  return new Map(rows.map((r) => [r.month, statementToWire(r.document, null).totals.ownerNet]));
}

/** Whether `month` of the owner's statements still takes entries; throws the locked answer when not. */
export async function assertMonthOpen(em: EntityManager, ownerId: number, month: string): Promise<void> {
  await lockOwner(em, ownerId, 'entry');
  if (!(await isPublished(em, ownerId, month))) return;
  const p = await publishedStatement(em, ownerId, month);
  throw new AppError('CONFLICT', statementPublishedMessage(month, p?.number ?? ''));
}

export const STATEMENT_CSV_HEADER = [
  'Line',
  'Confirmation',
  'Home',
  'Guests',
  'Check-in',
  'Check-out',
  'Nights',
  'Gross',
  'Rent',
  'Fees',
  'Taxes',
  'Refunds',
  'Commission %',
  'Commission',
  'Net',
] as const;

const units = (n: number) => n.toFixed(2);

/**
 * The statement as CSV, in currency units: one row per stay and adjustment, their total, then each
 * expense and payout and the owner's net and balance in the Net column.
 */
export function statementCsv(s: TStatement): string {
  const t = s.totals;
  const blank = (n: number) => Array.from({ length: n }, () => '');
  return toCsv(STATEMENT_CSV_HEADER, [
    ...[...s.stays, ...s.adjustments].map((x) => [
      lineLabel(x),
      x.confirmationNumber,
      x.propertyTitle,
      x.guests ?? '',
      x.checkIn,
      x.checkOut,
      x.kind === 'stay' ? x.nights : '',
      units(x.gross),
      units(x.rent),
      units(x.fees),
      units(x.taxes),
      units(x.refunds),
      x.commissionPercent,
      units(x.commission),
      units(x.net),
    ]),
    [
      'Total',
      '',
      '',
      '',
      '',
      '',
      t.nights,
      units(t.gross),
      units(t.rent),
      units(t.fees),
      units(t.taxes),
      units(t.refunds),
      '',
      units(t.commission),
      units(t.net),
    ],
    ...s.expenses.map((e) => [
      `Expense: ${EXPENSE_CATEGORY_LABELS[e.category]}`,
      '',
      e.propertyTitle,
      e.description,
      e.date,
      ...blank(9),
      units(-e.amount),
    ]),
    ["Owner's net", ...blank(13), units(t.ownerNet)],
    ...s.payouts.map((p) => ['Payout', p.reference, '', '', p.date, ...blank(9), units(-p.amount)]),
    ['Balance', ...blank(13), units(t.balance)],
    ['Statement', s.number ?? 'Draft', ...blank(12), ''],
  ]);
}
