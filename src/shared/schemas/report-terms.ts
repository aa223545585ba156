/**
 * The reports' words and bounds that the reports page reads on its first render (docs/staff.md#reports).
 * Free of zod: importing the report schemas for them would build every report schema first.
 */

import { addDays, todayIso } from '../dates.ts';

/** The nights the reports open on: the last 30, today's included. */
export function defaultReportRange(now: Date = new Date()): { from: string; to: string } {
  const to = todayIso(now);
  return { from: addDays(to, -29), to };
}

/**
 * Where a stay came from: `direct` our website, the operator's own sources (phone, walk-in, an owner's
 * stay), and `imported` the events of other channels' calendars.
 */
export const REPORT_SOURCES = ['direct', 'phone', 'walk_in', 'owner', 'imported'] as const;
export type TReportSource = (typeof REPORT_SOURCES)[number];
export const REPORT_SOURCE_LABELS: Record<TReportSource, string> = {
  direct: 'Direct (website)',
  phone: 'Phone',
  walk_in: 'Walk-in',
  owner: "Owner's stay",
  imported: 'Imported calendars',
};

/** Housekeepers' pay is reported for at most this many months at once. */
export const PAY_REPORT_MONTHS_MAX = 36;

/** How many months `from` to `to` (yyyy-MM) covers, both included. */
export function monthsBetween(from: string, to: string): number {
  const [fy = 0, fm = 0] = from.split('-').map(Number);
  const [ty = 0, tm = 0] = to.split('-').map(Number);
  return (ty - fy) * 12 + (tm - fm) + 1;
}
