import { createFileRoute } from '@tanstack/react-router';
import { prefetchInbox } from '../../features/admin-inbox/api.ts';
import { InboxPage } from '../../features/admin-inbox/inbox-page.tsx';
import { parseInboxSearch } from '../../features/admin-inbox/inbox-search.ts';

export const Route = createFileRoute('/admin/inbox')({
  validateSearch: (search: Record<string, unknown>) => parseInboxSearch(search),
  loaderDeps: ({ search }) => ({ filter: search.filter, page: search.page }),
  // As the dashboard's (admin/index.tsx): the list travels while the page's code loads.
  loader: ({ deps }) => prefetchInbox(deps),
  codeSplitGroupings: [['loader'], ['component']],
  component: function AdminInbox() {
    return <InboxPage search={Route.useSearch()} />;
  },
});
