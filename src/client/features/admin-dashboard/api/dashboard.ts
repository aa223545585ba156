import { formatMoney } from '#shared/money.ts';
import { trpc } from '../../../lib/trpc.ts';

export const dashboardQuery = () => trpc.admin.dashboard.queryOptions();

/** The dashboard's figures are in the site's own currency, whole dollars, whatever the visitor picked. */
export const usd = { format: (n: number) => formatMoney(n, 'USD', { whole: true }) };
