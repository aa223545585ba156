/** [the client's query key, the answer], as the page's `__stayhub_data` carries them. */
export type TPageEntry = [unknown, unknown];

/** A tRPC query's key as `@trpc/tanstack-react-query` writes it (`trpc.a.b.queryOptions(input)`). */
export const queryKey = (path: string, input?: unknown): unknown => [
  path.split('.'),
  input === undefined ? { type: 'query' } : { input, type: 'query' },
];
