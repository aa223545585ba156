import { formatMoney } from '#shared/money.ts';
import { usePrefetchQuery } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc.ts';

export const dashboardQuery = () => trpc.admin.dashboard.queryOptions();

/**
 * Asks for the figures as the page starts to render. `useQuery` would ask only once the whole page has
 * rendered and committed (a transition, sliced over a busy main thread); called before it, this lets the
 * figures travel meanwhile.
 */
export const usePrefetchDashboard = () => usePrefetchQuery(dashboardQuery());

/** The dashboard's figures are in the site's own currency, whole dollars, whatever the visitor picked. */
export const usd = { format: (n: number) => formatMoney(n, 'USD', { whole: true }) };
