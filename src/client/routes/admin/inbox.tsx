import { createFileRoute } from '@tanstack/react-router';
import { InboxPage, parseInboxSearch } from '../../features/admin-inbox/inbox-page.tsx';

export const Route = createFileRoute('/admin/inbox')({
  validateSearch: (search: Record<string, unknown>) => parseInboxSearch(search),
  component: function AdminInbox() {
    return <InboxPage search={Route.useSearch()} />;
  },
});
