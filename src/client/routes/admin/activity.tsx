import { createFileRoute } from '@tanstack/react-router';
import { ActivityPage } from '../../features/admin-activity/activity-page.tsx';
import { parseActivitySearch } from '../../features/admin-activity/search.ts';

export const Route = createFileRoute('/admin/activity')({
  validateSearch: (search: Record<string, unknown>) => parseActivitySearch(search),
  component: function AdminActivity() {
    return <ActivityPage search={Route.useSearch()} />;
  },
});
