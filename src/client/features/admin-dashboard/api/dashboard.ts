import { formatMoney } from '#shared/money.ts';
import { useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc.ts';

export const dashboardQuery = () => trpc.admin.dashboard.queryOptions();

/**
 * Asks for the figures as the page starts to render. `useQuery` would ask only once the whole page has
 * rendered and committed (a transition, sliced over a busy main thread); called before it, this lets the
 * figures travel meanwhile. It is usePrefetchQuery's rule (only while nothing is cached), written out:
 * that hook's chunk and the helper it imports cost the home page's first script bytes it does not have.
 */
export function usePrefetchDashboard() {
  const client = useQueryClient();
  const options = dashboardQuery();
  if (!client.getQueryState(options.queryKey)) void client.prefetchQuery(options);
}

/** The dashboard's figures are in the site's own currency, whole dollars, whatever the visitor picked. */
export const usd = { format: (n: number) => formatMoney(n, 'USD', { whole: true }) };
