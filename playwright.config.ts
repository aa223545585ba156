import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import {
  E2E_DEMO_PORT,
  E2E_READY_PORT,
  E2E_STRIPE_PORT,
  E2E_STRIPE_WEBHOOK_SECRET,
  E2E_WORKERS,
  PREPARED_DATA_FOLDER,
  workerOrigin,
  workerPort,
} from './tests/e2e/support/servers.ts';
import { STAND_IN_SECRET_KEY } from './tests/support/stripe-stand-in.ts';

/**
 * Debian's Chromium where installed (no browser download here); Playwright's own elsewhere. The headless
 * shell first: it is the browser without the desktop one's UI layers, and on two cores it ran the same
 * specs in about two thirds of the time (bench/RESULTS.md).
 */
const debianChromium = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];
const executablePath = process.env.CHROMIUM_PATH ?? debianChromium.find((p) => fs.existsSync(p));

// Set once in the main process; workers inherit it, so every process agrees on the servers' data.
if (!process.env.E2E_DATA_ROOT) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'stayhub-e2e-'));
  process.env.E2E_DATA_ROOT = root;
  // The embedded PostgreSQL runs as its own user when we are root, and must reach its folder.
  fs.chmodSync(root, 0o755);
  // The main process removes it as it exits, after the web servers (and their databases) have stopped.
  process.once('exit', () => fs.rmSync(root, { recursive: true, force: true }));
}
const dataRoot = process.env.E2E_DATA_ROOT;

const serverEnv = (name: string, extra: Record<string, string> = {}) => ({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: path.join(dataRoot, name),
  ADMIN_USERNAME: 'admin',
  ADMIN_PASSWORD: 'admin123',
  CLIENT_DIR: process.env.CLIENT_OUT_DIR ?? 'dist/client',
  // The queue delivers emails (the admin's Emails page shows them delivered) and runs scheduled jobs.
  RUN_JOBS: 'true',
  // The specs book many stays from one address; the limit has its own API tests.
  GUEST_BOOKINGS_PER_HOUR: '0',
  ...(process.env.DATABASE_URL ? { DATABASE_URL: '' } : {}),
  ...extra,
});

/** Card payments go to a local stand-in for Stripe's servers (docs/payments.md#stripe). */
const stripeEnv = {
  STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: E2E_STRIPE_WEBHOOK_SECRET,
  STRIPE_API_HOST: '127.0.0.1',
  STRIPE_API_PORT: String(E2E_STRIPE_PORT),
  STRIPE_API_PROTOCOL: 'http',
};

/**
 * The workers' servers start from copies of one data folder that the product's own `db:seed` filled
 * (migrations, base data, the demo and its photos), instead of each doing all of it at its start.
 */
const prepare = { command: ['node', 'scripts/db.ts', 'seed'], env: serverEnv(PREPARED_DATA_FOLDER) };

/** Every process the tests need, started side by side by one webServer entry (support/servers-main.ts). */
const servers = [
  {
    name: 'stripe',
    command: ['node', 'tests/e2e/support/stripe-stand-in-main.ts'],
    env: { STAND_IN_PORT: String(E2E_STRIPE_PORT), STRIPE_WEBHOOK_SECRET: E2E_STRIPE_WEBHOOK_SECRET },
    readyUrl: `http://127.0.0.1:${E2E_STRIPE_PORT}/health`,
  },
  ...Array.from({ length: E2E_WORKERS }, (_, i) => ({
    name: i === 0 ? 'main' : `main-${i}`,
    command: ['node', 'src/server/main.ts'],
    env: serverEnv(i === 0 ? 'main' : `main-${i}`, { PORT: String(workerPort(i)), ...stripeEnv }),
    readyUrl: `http://127.0.0.1:${workerPort(i)}/api/config`,
    fromPrepared: true,
  })),
  {
    name: 'demo',
    command: ['node', 'src/server/main.ts'],
    // Its tests only open the admin area and make their own listing: no demo photos to render at start.
    env: serverEnv('demo', {
      PORT: String(E2E_DEMO_PORT),
      DEMO_DIRECT_ADMIN: 'true',
      SEED_DEMO_CONTENT: 'false',
    }),
    readyUrl: `http://127.0.0.1:${E2E_DEMO_PORT}/api/config`,
  },
];

export default defineConfig({
  testDir: 'tests/e2e',
  // Its own folder: Playwright empties it at start, and test-results/ also holds the vitest summary.
  outputDir: 'test-results/playwright',
  fullyParallel: true,
  workers: E2E_WORKERS,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : [['list']],
  use: {
    // Worker 0's server; the fixtures point every other worker at its own (tests/e2e/support/servers.ts).
    baseURL: workerOrigin(0),
    // Traces only when asked (E2E_TRACE=1): recording one snapshots the DOM at every action of every
    // test, passed or not, a sixth of the suite's CPU (bench/RESULTS.md, "Playwright's own cost"). A
    // failure still saves its screenshot and the page's accessibility snapshot.
    trace: process.env.E2E_TRACE === '1' ? { mode: 'retain-on-failure', screenshots: false } : 'off',
    screenshot: 'only-on-failure',
    // The browser asks for reduced motion, as many phones do: dialogs and menus open at once instead of
    // waiting out their transitions. E2E_MOTION=full runs the suite with the animations.
    reducedMotion: process.env.E2E_MOTION === 'full' ? 'no-preference' : 'reduce',
    ...devices['Desktop Chrome'],
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Third-party hosts do not resolve: the pages run as on an offline machine (fixtures.ts). Not a
        // page.route, which sends every request through Playwright and turns the browser's cache off.
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
        // No optimising JavaScript compilers: a test's page lives seconds, too short to repay them; without
        // them the pages took about a tenth less CPU (bench/RESULTS.md, "Playwright's own cost"), and still
        // do with the pages sharing a renderer process (below).
        '--js-flags=--no-opt --no-maglev',
        // A site's pages share one renderer process: each test's pages join the one the worker's browser
        // context keeps open, and reuse the scripts it compiled (tests/e2e/support/shared-context.ts).
        '--process-per-site',
      ],
    },
  },
  webServer: {
    command: 'node tests/e2e/support/servers-main.ts',
    url: `http://127.0.0.1:${E2E_READY_PORT}/`,
    env: {
      E2E_SERVERS: JSON.stringify(servers),
      E2E_PREPARE: JSON.stringify(prepare),
      E2E_READY_PORT: String(E2E_READY_PORT),
    },
    timeout: 150_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    // Playwright's default stop is SIGKILL, which never reaches the servers' shutdown, and their embedded
    // PostgreSQL (its own process group) kept running after every run. SIGTERM lets each stop its database.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
  },
});
