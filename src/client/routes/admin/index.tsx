import { createFileRoute } from '@tanstack/react-router';
import { ConflictsAlert } from '../../features/admin-calendar/conflicts-alert.tsx';
import { Dashboard } from '../../features/admin-dashboard/dashboard.tsx';

export const Route = createFileRoute('/admin/')({
  component: function AdminDashboard() {
    return <Dashboard alerts={<ConflictsAlert />} />;
  },
});
