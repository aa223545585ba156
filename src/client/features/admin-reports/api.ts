import { addDays, todayIso } from '#shared/dates.ts';
import { queryClient, trpc } from '../../lib/trpc.ts';

/** The range's figures for one home or all. */
export const reportQuery = (input: Parameters<typeof trpc.reports.summary.queryOptions>[0]) =>
  trpc.reports.summary.queryOptions(input);

/** The range the page opens on: the last 30 days, today included. */
export const firstReportRange = () => ({ from: addDays(todayIso(), -29), to: todayIso() });

/** The page's first figures, asked for by the route's loader while the page's code loads. */
export const prefetchReport = () => void queryClient.prefetchQuery(reportQuery(firstReportRange()));

/** Housekeepers' pay by month. */
export const housekeepingPayQuery = (
  input: Parameters<typeof trpc.reports.housekeepingPay.queryOptions>[0],
) => trpc.reports.housekeepingPay.queryOptions(input);

/** The homes matching what the operator typed, for the home filter. */
export const homeChoicesQuery = (q: string) =>
  trpc.properties.adminPage.queryOptions({ q: q.trim() || undefined, pageSize: 50 });
