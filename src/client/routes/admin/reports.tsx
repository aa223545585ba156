import { createFileRoute } from '@tanstack/react-router';
import { prefetchReport } from '../../features/admin-reports/api.ts';
import { ReportsPage } from '../../features/admin-reports/reports-page.tsx';

export const Route = createFileRoute('/admin/reports')({
  // As the dashboard's (admin/index.tsx): the first figures travel while the page's code loads.
  loader: prefetchReport,
  codeSplitGroupings: [['loader'], ['component']],
  component: ReportsPage,
});
