import { formatMoney } from '#shared/money.ts';
import { queryClient, trpc } from '../../../lib/trpc.ts';

export const dashboardQuery = () => trpc.admin.dashboard.queryOptions();

/** Asked for by the route's loader, so the figures travel while the page's code loads and first renders. */
export const prefetchDashboard = () => void queryClient.prefetchQuery(dashboardQuery());

/** The dashboard's figures are in the site's own currency, whole dollars, whatever the visitor picked. */
export const usd = { format: (n: number) => formatMoney(n, 'USD', { whole: true }) };
