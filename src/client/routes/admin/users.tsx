import { createFileRoute } from '@tanstack/react-router';
import type { TUsersSearch } from '../../features/admin-users/api.ts';
import { UsersPage } from '../../features/admin-users/users-page.tsx';

export const Route = createFileRoute('/admin/users')({
  validateSearch: (search: Record<string, unknown>): TUsersSearch => {
    const page = Number(search.page);
    const q = typeof search.q === 'string' && search.q.trim() ? search.q.trim().slice(0, 100) : undefined;
    const role = search.role === 'admin' || search.role === 'guest' ? search.role : undefined;
    return {
      ...(Number.isInteger(page) && page > 1 ? { page } : {}),
      ...(q ? { q } : {}),
      ...(role ? { role } : {}),
    };
  },
  component: function AdminUsers() {
    return <UsersPage search={Route.useSearch()} />;
  },
});
