import { createFileRoute } from '@tanstack/react-router';
import { InboxPage } from '../../features/admin-inbox/inbox-page.tsx';
import { parseInboxSearch } from '../../features/admin-inbox/inbox-search.ts';

export const Route = createFileRoute('/admin/inbox')({
  validateSearch: (search: Record<string, unknown>) => parseInboxSearch(search),
  component: function AdminInbox() {
    return <InboxPage search={Route.useSearch()} />;
  },
});
