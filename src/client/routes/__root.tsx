import { useQuery } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NotFoundContent } from '../components/layout/not-found.tsx';
import { DocumentTitle } from '../shell/document-title.tsx';
import { SiteLayout } from '../shell/site-layout.tsx';
import { siteConfigQuery } from '../lib/api/config.ts';
import { CurrencyProvider } from '../lib/currency.tsx';
import { ThemeProvider } from '../lib/theme.tsx';
import type { TRouterContext } from '../router.tsx';

function Root() {
  const { data: config } = useQuery(siteConfigQuery());
  return (
    <ThemeProvider>
      {/* The document's title is the server's own on the first response. */}
      {!import.meta.env.SSR && <DocumentTitle />}
      {/* The rate refresh follows the enableExchangeRates setting (docs/decisions.md#settings); Primary Currency is
          the default for visitors without a choice of their own. */}
      <CurrencyProvider
        enableRefresh={config?.settings.enableExchangeRates ?? false}
        defaultCurrency={config?.settings.currency}
      >
        <Outlet />
      </CurrencyProvider>
    </ThemeProvider>
  );
}

/** Unknown paths get the 404 inside the guest site's frame. */
function NotFound() {
  return (
    <SiteLayout>
      <NotFoundContent />
    </SiteLayout>
  );
}

export const Route = createRootRouteWithContext<TRouterContext>()({
  component: Root,
  notFoundComponent: NotFound,
});
