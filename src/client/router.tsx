import { createAppRouter } from './app-router.tsx';
import { queryClient } from './lib/trpc.ts';

export type { TRouterContext } from './app-router.tsx';

export const router = createAppRouter(queryClient);

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
