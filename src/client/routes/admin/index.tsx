import { createFileRoute } from '@tanstack/react-router';
import { ConflictsAlert } from '../../features/admin-calendar/conflicts-alert.tsx';
import { prefetchDashboard } from '../../features/admin-dashboard/api/dashboard.ts';
import { Dashboard } from '../../features/admin-dashboard/dashboard.tsx';

export const Route = createFileRoute('/admin/')({
  // Not awaited: the figures are asked for while the page's code loads, and the page draws its frame at once.
  loader: prefetchDashboard,
  // The loader in a chunk of its own: the route tree (in every page's first script) names neither it nor
  // the page.
  codeSplitGroupings: [['loader'], ['component']],
  component: function AdminDashboard() {
    return <Dashboard alerts={<ConflictsAlert />} />;
  },
});
