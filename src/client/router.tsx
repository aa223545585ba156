import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
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
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
