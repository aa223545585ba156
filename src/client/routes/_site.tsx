import { createFileRoute, Outlet } from '@tanstack/react-router';
import { NotFoundContent } from '../components/layout/not-found.tsx';
import { SiteLayout } from '../shell/site-layout.tsx';
import { SavedHomesProvider, SavedHomesSync } from '../lib/api/saved-homes.tsx';

/** The guest site's frame: header and footer around every page under `_site/`. */
export const Route = createFileRoute('/_site')({
  component: () => (
    <SiteLayout>
      <SavedHomesSync />
      <SavedHomesProvider>
        <Outlet />
      </SavedHomesProvider>
    </SiteLayout>
  ),
  // A notFound() thrown by a page under this layout renders inside the frame rather than around it.
  notFoundComponent: NotFoundContent,
  // One chunk for the frame and its not-found content: the router loads both at start, and a chunk of
  // its own for the latter cost the home page's JavaScript budget a request and a hundred bytes.
  codeSplitGroupings: [['component', 'notFoundComponent']],
});
