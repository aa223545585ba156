import { trpc } from '../trpc.ts';

/** Owners matching what the operator typed, for the owner pickers. */
export const ownerChoicesQuery = (q: string | undefined) =>
  trpc.owners.list.queryOptions({ q, pageSize: 50 });
