import { createFileRoute } from '@tanstack/react-router';
import { UsersPage } from '../../features/admin-users/users-page.tsx';
import { parseUsersSearch } from '../../features/admin-users/search.ts';

export const Route = createFileRoute('/admin/users')({
  validateSearch: (search: Record<string, unknown>) => parseUsersSearch(search),
  component: function AdminUsers() {
    return <UsersPage search={Route.useSearch()} />;
  },
});
