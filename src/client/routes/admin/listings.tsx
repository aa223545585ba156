import { createFileRoute } from '@tanstack/react-router';
import { ListingsPage } from '../../features/admin-listings/listings-page.tsx';
import { adminLinkSearch, useDirectAdmin } from '../../lib/direct-admin.ts';

export const Route = createFileRoute('/admin/listings')({
  loader: ({ context }) => {
    // Start the list early; the page shows its skeleton rows until it arrives.
    void context.queryClient.prefetchQuery(context.trpc.properties.list.queryOptions());
  },
  component: function AdminListings() {
    const directAdmin = useDirectAdmin();
    const navigate = Route.useNavigate();
    return (
      <ListingsPage
        directAdmin={directAdmin}
        onDone={() =>
          void navigate({ to: '/admin/listings', search: adminLinkSearch(directAdmin), replace: true })
        }
      />
    );
  },
});
