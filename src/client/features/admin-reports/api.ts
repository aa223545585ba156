import { trpc } from '../../lib/trpc.ts';

/** The range's figures for one home or all. */
export const reportQuery = (input: Parameters<typeof trpc.reports.summary.queryOptions>[0]) =>
  trpc.reports.summary.queryOptions(input);

/** Housekeepers' pay by month. */
export const housekeepingPayQuery = (
  input: Parameters<typeof trpc.reports.housekeepingPay.queryOptions>[0],
) => trpc.reports.housekeepingPay.queryOptions(input);

/** The homes matching what the operator typed, for the home filter. */
export const homeChoicesQuery = (q: string) =>
  trpc.properties.adminPage.queryOptions({ q: q.trim() || undefined, pageSize: 50 });
