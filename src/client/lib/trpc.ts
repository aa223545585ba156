import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, splitLink, TRPCClientError } from '@trpc/client';
import type { inferRouterOutputs } from '@trpc/server';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import superjson from 'superjson';
import type { AppRouter } from '../../server/router.ts';
import { TRPC_MAX_BATCH } from '#shared/constants.ts';

/** True when the page address carries directAdmin=true; calls then carry the same flag (docs/decisions.md#demo-admin). */
export function isDirectAdminUrl(): boolean {
  return (
    typeof window !== 'undefined' && new URLSearchParams(window.location.search).get('directAdmin') === 'true'
  );
}

const directAdminHeaders = () => (isDirectAdminUrl() ? { 'x-direct-admin': 'true' } : {});
// The query cache decides what is fresh; a refetch after a change must reach the server, not be
// answered from the browser's HTTP cache with a public answer from before the change.
const noCacheFetch: typeof fetch = (url, init) =>
  fetch(url, { ...init, credentials: 'same-origin', cache: 'no-cache' });

/** A call's own Idempotency-Key, passed as `trpc: { context: { idempotencyKey } }` (docs/resilience.md#idempotency). */
const idempotencyKeyOf = (context: Record<string, unknown>): string | undefined =>
  typeof context.idempotencyKey === 'string' ? context.idempotencyKey : undefined;

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    // A call with an Idempotency-Key goes alone (a batch of one: the batch link's code is already on the
    // page, a plain link's would add to the first load): the header is the request's, not one call's.
    splitLink({
      condition: (op) => idempotencyKeyOf(op.context) !== undefined,
      true: httpBatchLink({
        url: '/trpc',
        transformer: superjson,
        maxItems: 1,
        headers: ({ opList }) => ({
          ...directAdminHeaders(),
          'Idempotency-Key': idempotencyKeyOf(opList[0]?.context ?? {}) ?? '',
        }),
        fetch: noCacheFetch,
      }),
      false: httpBatchLink({
        url: '/trpc',
        transformer: superjson,
        maxItems: TRPC_MAX_BATCH,
        headers: directAdminHeaders,
        fetch: noCacheFetch,
      }),
    }),
  ],
});

/** The spec's cache defaults (docs/product.md#request-behaviour): fresh 2 min, kept 5 min, one retry, no focus refetch. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 2 * 60_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          const status =
            error instanceof TRPCClientError
              ? (error.data as { httpStatus?: number } | undefined)?.httpStatus
              : undefined;
          if (status !== undefined && status >= 400 && status < 500) return false;
          return failureCount < 1;
        },
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      },
      // A failed write is shown where it was made (its form), never by replacing the page.
      mutations: { retry: false, throwOnError: false },
    },
  });
}

export const queryClient = createQueryClient();
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
export type TTrpc = typeof trpc;
/** Each procedure's answer, by its path: the type of an api module's `onDone` callbacks. */
export type TRouterOutputs = inferRouterOutputs<AppRouter>;

/**
 * A call that never reached the server, in plain words. The spec prefixes such failures with
 * 'Network error: '; what follows is what the guest can do, not the browser's 'Failed to fetch'. Kept
 * here rather than in shared/messages.ts: importing that module would put all of it in the first load.
 */
const NETWORK_ERROR_MESSAGE =
  "Network error: We couldn't reach StayHub. Check your connection and try again.";

/** The server's readable message for a failed call; a call that never reached it says so (docs/product.md#guest-messages). */
export function errorMessage(error: unknown, fallback: string): string {
  // fetch rejects with a TypeError ('Failed to fetch') when the network or the server is unreachable.
  if (error instanceof TRPCClientError && error.cause instanceof TypeError) return NETWORK_ERROR_MESSAGE;
  if (error instanceof TRPCClientError && error.message) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** The error table's code of a failed tRPC call (`NOT_FOUND`, `UNAUTHORIZED`, ...), when known. */
export function errorCode(error: unknown): string | undefined {
  if (error instanceof TRPCClientError) return (error.data as { code?: string } | undefined)?.code;
  return undefined;
}

/** HTTP status of a failed tRPC call, when known. */
export function errorStatus(error: unknown): number | undefined {
  if (error instanceof TRPCClientError)
    return (error.data as { httpStatus?: number } | undefined)?.httpStatus;
  return undefined;
}
