import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ListingsPage } from '../../features/admin-listings/listings-page.tsx';
import { parseListingsSearch, type TListingsSearch } from '../../features/admin-listings/search.ts';
import { adminLinkSearch, useDirectAdmin } from '../../lib/direct-admin.ts';

export const Route = createFileRoute('/admin/listings')({
  validateSearch: (search: Record<string, unknown>) => parseListingsSearch(search),
  component: function AdminListings() {
    const directAdmin = useDirectAdmin();
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    const onSearch = useCallback(
      (patch: Partial<TListingsSearch>, resetPage = true) =>
        void navigate({
          search: (prev) => ({ ...prev, ...(resetPage ? { page: undefined } : {}), ...patch }),
        }),
      [navigate],
    );
    return (
      <ListingsPage
        directAdmin={directAdmin}
        search={search}
        onSearch={onSearch}
        onDone={() =>
          void navigate({
            to: '/admin/listings',
            search: (prev) => ({ ...prev, ...adminLinkSearch(directAdmin) }),
            replace: true,
          })
        }
      />
    );
  },
});
