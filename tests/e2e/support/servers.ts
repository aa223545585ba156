/**
 * The e2e servers' ports, shared by playwright.config.ts (which starts them) and the fixtures (which
 * point each worker at its own). Every process reads the same E2E_PORT and E2E_WORKERS.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);

/** The demo-mode server (DEMO_DIRECT_ADMIN=true), shared by all workers: its tests only read, or clean up. */
export const E2E_DEMO_PORT = E2E_PORT + 1;
export const DEMO_ORIGIN = `http://127.0.0.1:${E2E_DEMO_PORT}`;

/**
 * How many workers, each with a server and a database of its own, since the tests change settings,
 * create bookings and count rows: two workers on one database would race. Within a worker the tests
 * run one at a time, against data only they change. Two by default: one worker keeps about one of the
 * two cores busy, and the second took the suite from about 14 to about 9 minutes on the 2-core machine
 * (bench/RESULTS.md, "Two Playwright workers"). E2E_WORKERS=1 runs them one by one.
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);

/** Worker 0 uses E2E_PORT; worker n ≥ 1 uses E2E_PORT + 1 + n, past the demo server's E2E_PORT + 1. */
export function workerPort(parallelIndex: number): number {
  return parallelIndex === 0 ? E2E_PORT : E2E_PORT + 1 + parallelIndex;
}

export const workerOrigin = (parallelIndex: number) => `http://127.0.0.1:${workerPort(parallelIndex)}`;

/** The local Stripe stand-in the web servers call (tests/support/stripe-stand-in.ts), and its webhook secret. */
export const E2E_STRIPE_PORT = E2E_PORT + 50;
export const E2E_STRIPE_WEBHOOK_SECRET = 'whsec_e2e_stand_in';

/** The port on which tests/e2e/support/servers-main.ts says every server is ready. */
export const E2E_READY_PORT = E2E_PORT + 51;

/**
 * The folder, under E2E_DATA_ROOT, that `db:seed` fills once for the run (migrated, seeded, the demo's
 * photos rendered) and that the servers start from copies of (support/servers-main.ts).
 */
export const PREPARED_DATA_FOLDER = 'prepared';
