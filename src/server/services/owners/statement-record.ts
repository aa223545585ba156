import { toMajor } from '#shared/money.ts';
import type {
  TStatement,
  TStatementExpense,
  TStatementPayout,
  TStatementStay,
  TStatementTotals,
} from '#shared/schemas/owners.ts';
import { AMOUNT_KEYS } from './statement-amounts.ts';

/**
 * A statement's document with every amount in minor units: what a draft is computed into and what
 * publishing stores, unchanged ever after (docs/owner-statements.md#publishing).
 */
export type TStatementRecord = Omit<TStatement, 'status' | 'number' | 'publishedAt'>;

/** The totals of a statement's lines, expenses and payouts: sums only, so they always reconcile. */
export function statementTotals(
  stays: readonly TStatementStay[],
  adjustments: readonly TStatementStay[],
  expenses: readonly TStatementExpense[],
  payouts: readonly TStatementPayout[],
): TStatementTotals {
  const lines = [...stays, ...adjustments];
  const sum = <T>(rows: readonly T[], pick: (r: T) => number) => rows.reduce((s, r) => s + pick(r), 0);
  const net = sum(lines, (l) => l.net);
  const expensesTotal = sum(expenses, (e) => e.amount);
  const payoutsTotal = sum(payouts, (p) => p.amount);
  return {
    stays: stays.length,
    nights: sum(stays, (s) => s.nights),
    gross: sum(lines, (l) => l.gross),
    rent: sum(lines, (l) => l.rent),
    fees: sum(lines, (l) => l.fees),
    taxes: sum(lines, (l) => l.taxes),
    refunds: sum(lines, (l) => l.refunds),
    commission: sum(lines, (l) => l.commission),
    net,
    adjustments: sum(adjustments, (l) => l.net),
    expenses: expensesTotal,
    ownerNet: net - expensesTotal,
    payouts: payoutsTotal,
    balance: net - expensesTotal - payoutsTotal,
  };
}

const TOTAL_AMOUNT_KEYS = [
  ...AMOUNT_KEYS,
  'adjustments',
  'expenses',
  'ownerNet',
  'payouts',
  'balance',
] as const satisfies readonly (keyof TStatementTotals)[];

function lineToMajor(l: TStatementStay): TStatementStay {
  const out = { ...l };
  for (const k of AMOUNT_KEYS) out[k] = toMajor(l[k]);
  return out;
}

/** The record as the API answers it: amounts in currency units, with its status. */
export function statementToWire(
  r: TStatementRecord,
  state: { number: string; publishedAt: string } | null,
): TStatement {
  const totals = { ...r.totals };
  for (const k of TOTAL_AMOUNT_KEYS) totals[k] = toMajor(r.totals[k]);
  return {
    ...r,
    status: state ? 'published' : 'draft',
    number: state?.number ?? null,
    publishedAt: state?.publishedAt ?? null,
    stays: r.stays.map(lineToMajor),
    adjustments: r.adjustments.map(lineToMajor),
    expenses: r.expenses.map((e) => ({ ...e, amount: toMajor(e.amount) })),
    payouts: r.payouts.map((p) => ({ ...p, amount: toMajor(p.amount) })),
    totals,
  };
}

/** What a line is, in words: a stay, or an adjustment with its reason and month of origin. */
export function lineLabel(l: TStatementStay): string {
  if (l.kind === 'stay') return 'Stay';
  const reason = { refund: 'refund', cancellation: 'cancellation', change: 'change', late: 'late stay' }[
    l.reason ?? 'change'
  ];
  return `Adjustment: ${reason} (${l.originalMonth ?? ''})`;
}
