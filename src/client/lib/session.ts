import { queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SESSION_QUERY_KEY } from '#shared/constants.ts';
import type { TUser } from '#shared/schemas/auth.ts';
import { errorStatus } from './trpc.ts';

export { SESSION_QUERY_KEY };

/**
 * The session restore (docs/product.md#guest-interactions): `GET /api/auth/me` once on load. A non-OK answer leaves the
 * visitor signed out. It goes over REST on purpose: the tRPC link adds the demo-mode flag on admin
 * pages, and the menu must show who is really signed in, not the demo admin. A page loaded without a
 * session cookie already says the visitor is signed out (its first-screen data seeds this query with
 * null), so only a browser with a session asks.
 */
/** A structural check rather than the zod schema: this runs on every page's first load, zod does not. */
function isUser(v: unknown): v is TUser {
  if (!v || typeof v !== 'object') return false;
  const u = v as Record<string, unknown>;
  return (
    typeof u.id === 'number' &&
    typeof u.username === 'string' &&
    typeof u.email === 'string' &&
    (u.name === null || typeof u.name === 'string') &&
    typeof u.isAdmin === 'boolean'
  );
}

export async function fetchSessionUser(fetchImpl: typeof fetch = fetch): Promise<TUser | null> {
  try {
    const res = await fetchImpl('/api/auth/me', {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    if (!res.ok) {
      if (res.status !== 401) console.warn(`Session check failed: ${res.status}`);
      return null;
    }
    const body: unknown = await res.json();
    if (!isUser(body)) {
      console.warn('Session check answered an unexpected body');
      return null;
    }
    return body;
  } catch (err) {
    console.warn('Session check failed', err);
    return null;
  }
}

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: SESSION_QUERY_KEY,
    queryFn: () => fetchSessionUser(),
    // Login, registration and logout write the answer themselves; nothing else changes it.
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}

/** Who is signed in, for code outside React (route guards); asks the server only the first time. */
export function ensureSessionUser(queryClient: QueryClient): Promise<TUser | null> {
  return queryClient.ensureQueryData(sessionQueryOptions());
}

/**
 * A session can end on the server (expiry, logout elsewhere): the first 401 any call meets signs the
 * visitor out here too, so the menu and the admin guard stop trusting a stale answer.
 */
export function useSignOutOn401(user: TUser | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!user) return;
    const onError = (error: unknown) => {
      if (errorStatus(error) === 401) queryClient.setQueryData(SESSION_QUERY_KEY, null);
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'error') onError(e.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'error') onError(e.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [user, queryClient]);
}
