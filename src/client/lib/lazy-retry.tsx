import {
  createElement,
  lazy,
  type ComponentProps,
  type ComponentType,
  type LazyExoticComponent,
} from 'react';

/** Lazy components whose load failed, each with the way to start it afresh. */
const failed = new Set<() => void>();

/**
 * React.lazy, but a failed load is not final: React keeps a lazy component's rejection for good, so a
 * chunk that failed once (the connection dropped) would fail every later render too, and the error
 * screen's "Try again" could never bring it back. The failure still reaches the error boundary as it
 * is; `retryFailedLoads` (the error screen's Try again) makes the next render import it afresh.
 *
 * `preload()`, from a route's loader (so navigation keeps the old page until the code is in), makes the
 * component render the loaded one at once, where React.lazy would still suspend for a frame and show its
 * fallback: a blank flash. Call it before the component's first render only: a mounted lazy one would
 * change type, and remount.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React.lazy's own
export function lazyRetry<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): T & { preload: () => Promise<void> } {
  let loaded: T | undefined;
  const fresh = (): LazyExoticComponent<T> =>
    lazy(() =>
      load().catch((err: unknown) => {
        failed.add(() => (current = fresh()));
        throw err;
      }),
    );
  let current = fresh();
  const Retrying = (props: ComponentProps<T>) => createElement(loaded ?? current, props);
  return Object.assign(Retrying as unknown as T, {
    preload: async () => {
      loaded = (await load()).default;
    },
  });
}

/** Lets every lazy component that failed to load try again on its next render. */
export function retryFailedLoads(): void {
  for (const renew of failed) renew();
  failed.clear();
}
