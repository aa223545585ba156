import { useQueryClient } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { documentTitle, matchPageRoute, NOT_FOUND_TITLE } from '#shared/route-manifest.ts';
import { useSiteConfig } from '../components/layout/use-site-config.ts';
import { propertyQuery } from '../features/property/api/listing.ts';

/**
 * Keeps document.title on the page shown, as the server titles a direct load: the page's name from the
 * route manifest (a property's own name once it is loaded), then the site's name from Settings.
 */
export function DocumentTitle() {
  const { settings, loaded } = useSiteConfig();
  // The page on screen: the location only once the router has resolved it.
  const pathname = useRouterState({ select: (s) => s.resolvedLocation?.pathname });
  const notFound = useRouterState({ select: (s) => s.matches.some((m) => m.status === 'notFound') });
  const match = pathname === undefined ? undefined : matchPageRoute(pathname);
  const propertyId = match?.route.path === '/property/$id' ? Number(match.params.id) : undefined;

  // Read from the cache the page fills, never fetched here.
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  const propertyName = useSyncExternalStore(subscribe, () => {
    if (propertyId === undefined) return undefined;
    const state = queryClient.getQueryState(propertyQuery(propertyId).queryKey);
    return state?.status === 'error' ? NOT_FOUND_TITLE : state?.data?.title;
  });

  const page = !match || notFound ? NOT_FOUND_TITLE : (propertyName ?? match.route.title);
  // Until Settings arrive the server's title stands: the default site name would flash in its place.
  const next = pathname !== undefined && loaded ? documentTitle(page, settings.siteName) : undefined;
  useEffect(() => {
    if (next !== undefined && document.title !== next) document.title = next;
  }, [next]);
  return null;
}
