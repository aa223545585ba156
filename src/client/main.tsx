import './styles/first-screen.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppErrorBoundary } from './components/error-screen.tsx';
import { ToasterOnDemand } from './components/toaster-on-demand.tsx';
import { AuthDialogOnDemand } from './features/auth/auth-dialog-on-demand.tsx';
import { AuthProvider } from './lib/auth.tsx';
import { hydrateFirstScreen, syncDocumentTitle } from './lib/first-screen.ts';
import { DEFAULT_COLOR_SCHEME, themeStorage } from './lib/theme.tsx';
import { queryClient } from './lib/trpc.ts';
import { router } from './router.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

hydrateFirstScreen(queryClient);
syncDocumentTitle(router, queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const render = () =>
  createRoot(root).render(
    <StrictMode>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        colorSchemeManager={themeStorage}
        defaultColorScheme={DEFAULT_COLOR_SCHEME}
      >
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
  );

// The server may have drawn the first screen into #root (DECISIONS 24), and React's first commit replaces
// it. Rendering before the route's code has arrived would replace it with an empty frame (the lazy route
// suspends) for as long as that takes: the first render waits until the router has resolved the page.
if (root.hasChildNodes()) void router.load().finally(render);
else render();
