import './styles/first-screen.css';
// The app's code evaluates in stages, a task each, instead of one long task (boot/next-task.ts).
import './boot/after-react.ts';
import './boot/after-mantine.ts';
import './boot/after-libs.ts';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { nextTask } from './boot/next-task.ts';
import { firstPageCommitted } from './components/after-first-screen.tsx';
import { AppErrorBoundary } from './components/error-screen.tsx';
import { ToasterOnDemand } from './components/toaster-on-demand.tsx';
import { AuthDialogOnDemand } from './features/auth/auth-dialog-on-demand.tsx';
import { AuthProvider } from './lib/auth.tsx';
import { hydrateFirstScreen } from './lib/first-screen.ts';
import { DEFAULT_COLOR_SCHEME, themeStorage } from './lib/theme.tsx';
import { queryClient } from './lib/trpc.ts';
import { router } from './router.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

// The app's own code (its chunk: the route tree, the router) has just evaluated in this task: the page's
// data and the route's first load start in the next one.
await nextTask();
hydrateFirstScreen(queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// A transition: React renders the app in slices of a few milliseconds, yielding between them, instead of
// one task that holds a phone's main thread (and its taps) for the whole first render.
const render = () =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          colorSchemeManager={themeStorage}
          defaultColorScheme={DEFAULT_COLOR_SCHEME}
        >
          <FirstCommit />
          <AppErrorBoundary>
            <ToasterOnDemand />
            <QueryClientProvider client={queryClient}>
              <AuthProvider>
                <RouterProvider router={router} />
                <AuthDialogOnDemand />
              </AuthProvider>
            </QueryClientProvider>
          </AppErrorBoundary>
        </MantineProvider>
      </StrictMode>,
    ),
  );

/**
 * Stylesheets the server let load without holding the first screen's paint (`media="print"`, see
 * app-starter.ts): the app's first render waits until they have loaded.
 */
const laterStyles = [...document.querySelectorAll<HTMLLinkElement>('link[data-after-first-screen]')];

function appStyles(): Promise<unknown> {
  return Promise.all(
    laterStyles.map(
      (link) =>
        new Promise<void>((resolve) => {
          if (link.sheet) resolve();
          else {
            link.addEventListener('load', () => resolve(), { once: true });
            link.addEventListener('error', () => resolve(), { once: true });
          }
        }),
    ),
  );
}

/**
 * The app's first commit. It switches those stylesheets on, so the browser works out the page's style
 * once, for the app's elements (switched on as each loaded, they restyled the server's first screen in a
 * task of its own just before the commit restyled everything again), and tells AfterFirstScreen that
 * pages from now on are drawn whole.
 */
function FirstCommit() {
  useLayoutEffect(() => {
    for (const link of laterStyles) link.media = 'all';
    firstPageCommitted();
  }, []);
  return null;
}

// The server may have drawn the first screen into #root (docs/decisions.md#first-response), and React's first commit replaces
// it. Rendering before the route's code has arrived would replace it with an empty frame (the lazy route
// suspends) for as long as that takes: the first render waits until the router has resolved the page.
if (root.hasChildNodes()) void Promise.all([router.load(), appStyles()]).finally(render);
else render();
