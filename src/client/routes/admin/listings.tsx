import { createFileRoute } from '@tanstack/react-router';
import { ListingsPage } from '../../features/admin-listings/listings-page.tsx';
import { adminLinkSearch, useDirectAdmin } from '../../lib/direct-admin.ts';

interface TListingsSearch {
  status?: 'archived';
}

export const Route = createFileRoute('/admin/listings')({
  validateSearch: (search: Record<string, unknown>): TListingsSearch =>
    search.status === 'archived' ? { status: 'archived' } : {},
  loader: ({ context }) => {
    // Start the list early; the page shows its skeleton rows until it arrives.
    void context.queryClient.prefetchQuery(context.trpc.properties.list.queryOptions());
  },
  component: function AdminListings() {
    const directAdmin = useDirectAdmin();
    const { status } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <ListingsPage
        directAdmin={directAdmin}
        archived={status === 'archived'}
        onArchivedChange={(archived) =>
          void navigate({ search: (prev) => ({ ...prev, status: archived ? 'archived' : undefined }) })
        }
        onDone={() =>
          void navigate({
            to: '/admin/listings',
            search: { ...adminLinkSearch(directAdmin), ...(status ? { status } : {}) },
            replace: true,
          })
        }
      />
    );
  },
});
