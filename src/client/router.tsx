import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { ErrorScreen } from './components/error-screen.tsx';
import { queryClient, trpc, type TTrpc } from './lib/trpc.ts';
import { routeTree } from './routeTree.gen.ts';

export interface TRouterContext {
  queryClient: QueryClient;
  trpc: TTrpc;
}

export const router = createRouter({
  routeTree,
  context: { queryClient, trpc },
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  // A page whose code or render failed (a chunk lost to a dropped connection): retry in place, keeping
  // the header, instead of the router's bare error text.
  defaultErrorComponent: ({ reset }) => (
    <ErrorScreen
      onRetry={() => {
        reset();
        void router.invalidate();
      }}
    />
  ),
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
