import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { AuthProvider } from '../lib/auth.tsx';
import { seedQueries, type TPageData } from '../lib/first-screen.ts';
import { DEFAULT_COLOR_SCHEME } from '../lib/theme.tsx';
import { createQueryClient, trpc } from '../lib/trpc.ts';
import { routeTree } from '../routeTree.gen.ts';
import { cssVariablesResolver, theme } from '../theme.ts';

/*
 * The server's entry into the app (built by `vite build` as its own bundle, vite.config.ts; loaded by
 * src/server/http/server-render.ts): a page's first screen rendered by the app's own route tree and
 * components, from the data the server put into the page (docs/decisions.md#first-response). Only the
 * first screen: components leave out what is below the fold on every layout where `import.meta.env.SSR`
 * says so, true in this bundle and false in the browser's, whose build drops those branches.
 */

/**
 * The markup the app renders first for `url` (path and query), with `data` in its query cache. Nothing
 * is fetched: a query the page did not carry stays pending and draws its skeleton, as in the browser.
 */
export async function renderFirstScreen(url: string, data: TPageData): Promise<string> {
  const queryClient = createQueryClient();
  // Prefetches of data the page does not carry fail at once here (no origin to call): no retry timer.
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  seedQueries(queryClient, data);
  // The app's route tree on the page's address, with a cache of its own: no visitor's data reaches
  // another's page. No scroll restoration: its script in the markup is one the page's CSP refuses.
  const router = createRouter({
    routeTree,
    context: { queryClient, trpc },
    history: createMemoryHistory({ initialEntries: [url] }),
    scrollRestoration: false,
  });
  await router.load();
  try {
    const markup = renderToString(
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme={DEFAULT_COLOR_SCHEME}
      >
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            <RouterProvider router={router} />
          </AuthProvider>
        </QueryClientProvider>
      </MantineProvider>,
    );
    // React writes a preload for each eagerly loaded image ahead of the markup: the page's head already
    // preloads the one photo that should be fetched at once.
    return markup.replace(/<link rel="preload" as="image"[^>]*>/g, '');
  } finally {
    queryClient.clear();
  }
}
