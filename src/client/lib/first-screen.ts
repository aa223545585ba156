import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { trpc } from './trpc.ts';

/**
 * The server puts the first screen's data into the page (DECISIONS 24): [tRPC query key, data] pairs.
 * Seeding the cache with them before the first render spares the round trip before the first paint.
 */
export function hydrateFirstScreen(queryClient: QueryClient): void {
  const el = document.getElementById('__stayhub_data');
  if (!el?.textContent) return;
  try {
    const entries = JSON.parse(el.textContent) as [QueryKey, unknown][];
    for (const [key, data] of entries) queryClient.setQueryData(key, data);
  } catch {
    // A broken payload only costs the round trip it meant to save.
  }
  el.remove();
}

const STATIC_TITLES: Record<string, string> = {
  '/about': 'About us',
  '/careers': 'Careers',
  '/contact': 'Contact',
  '/help': 'Help centre',
  '/privacy': 'Privacy policy',
  '/terms': 'Terms of service',
  '/saved': 'Saved homes',
  '/bookings': 'My bookings',
  '/account': 'Account',
};

/** Keeps document.title in step with client-side navigation, in the server's wording. */
export function syncDocumentTitle(router: AnyRouter, queryClient: QueryClient): void {
  const site = 'StayHub';
  const titleFor = (pathname: string): string => {
    const property = /^\/property\/(\d+)/.exec(pathname);
    if (property) {
      const data = queryClient.getQueryData(trpc.properties.byId.queryKey({ id: Number(property[1]) }));
      return data ? `${data.title} — ${site}` : `${site} — holiday homes`;
    }
    if (pathname.startsWith('/admin')) return `Admin — ${site}`;
    const named = STATIC_TITLES[pathname.replace(/\/$/, '')];
    return named ? `${named} — ${site}` : `${site} — holiday homes`;
  };
  router.subscribe('onResolved', ({ toLocation }) => {
    const next = titleFor(toLocation.pathname);
    // The 404 screen keeps the server's title (its path matched no route).
    if (
      router.state.matches.some(
        (m) => (m as { globalNotFound?: boolean }).globalNotFound === true || m.status === 'notFound',
      )
    )
      return;
    if (document.title !== next) document.title = next;
  });
}
