import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { ErrorScreen } from './components/error-screen.tsx';
import { trpc, type TTrpc } from './lib/trpc.ts';
import { routeTree } from './routeTree.gen.ts';

export interface TRouterContext {
  queryClient: QueryClient;
  trpc: TTrpc;
}

/**
 * The app's router on a query cache and a history: the browser's own below, and one per request for the
 * server's first screen (first-screen/server-entry.tsx), which must share no cache between visitors.
 */
export function createAppRouter(cache: QueryClient, history?: RouterHistory) {
  const created = createRouter({
    routeTree,
    context: { queryClient: cache, trpc },
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    // Not on the server's router: it would write its restoring script into the markup, which the page's
    // Content-Security-Policy refuses to run.
    scrollRestoration: !history,
    // A page whose code or render failed (a chunk lost to a dropped connection): retry in place, keeping
    // the header, instead of the router's bare error text.
    defaultErrorComponent: ({ reset }) => (
      <ErrorScreen
        onRetry={() => {
          reset();
          void created.invalidate();
        }}
      />
    ),
  });
  return created;
}
