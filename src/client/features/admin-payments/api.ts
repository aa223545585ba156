import { trpc } from '../../lib/trpc.ts';

/** One page of payments received or due, always fetched again. */
export const paymentsPageQuery = (input: Parameters<typeof trpc.payments.list.queryOptions>[0]) =>
  trpc.payments.list.queryOptions(input, { staleTime: 0 });
