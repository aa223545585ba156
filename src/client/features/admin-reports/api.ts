import { useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc.ts';

/** The range's figures for one home or all. */
export const reportQuery = (input: Parameters<typeof trpc.reports.summary.queryOptions>[0]) =>
  trpc.reports.summary.queryOptions(input);

/**
 * The first figures asked for as the page starts to render, as the dashboard's (usePrefetchDashboard).
 */
export function usePrefetchReport(input: { from: string; to: string }) {
  const client = useQueryClient();
  const options = reportQuery(input);
  if (!client.getQueryState(options.queryKey)) void client.prefetchQuery({ ...options, retry: false });
}

/** Housekeepers' pay by month. */
export const housekeepingPayQuery = (
  input: Parameters<typeof trpc.reports.housekeepingPay.queryOptions>[0],
) => trpc.reports.housekeepingPay.queryOptions(input);

/** The homes matching what the operator typed, for the home filter. */
export const homeChoicesQuery = (q: string) =>
  trpc.properties.adminPage.queryOptions({ q: q.trim() || undefined, pageSize: 50 });
