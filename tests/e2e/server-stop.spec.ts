import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ADMIN, expect, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { choosePay, fillContact, reserveToCheckout, skipRetryPauses } from './support/checkout.ts';
import { imageDataUrls } from '../support/fixtures.ts';
import { spawnServerIn, type TServerProcess } from '../support/server-process.ts';
import { PREPARED_DATA_FOLDER } from './support/servers.ts';

/**
 * The server process itself stops while the guest presses Confirm booking, and starts again later on
 * the same port and database (docs/checkout.md, "When the network fails"). Not an emulated network
 * failure: every request the page makes in between, its own code's chunks included, meets a closed
 * port, as it did when the server was stopped by hand.
 */

const isCreate = (url: URL) =>
  url.pathname.startsWith('/trpc/') &&
  url.pathname.slice('/trpc/'.length).split(',').includes('bookings.create');

// The client build the suite's own servers serve (playwright.config.ts), not always dist/client.
const ENV = {
  CLIENT_DIR: process.env.CLIENT_OUT_DIR ?? 'dist/client',
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_PASSWORD: ADMIN.password,
  LOG_LEVEL: 'silent',
  RUN_JOBS: 'false',
};

let server: TServerProcess | undefined;

test.afterEach(async () => {
  await server?.kill('SIGTERM');
  server = undefined;
});

// The browser reports every call it could not make while the server was stopped.
test.use({ allowConsole: [/Failed to load resource|ERR_CONNECTION_REFUSED|ERR_FAILED|Failed to fetch/] });

test('the server stops as the guest confirms: the page keeps the form and says so, and once it is back the same attempt books once', async ({
  page,
  playwright,
}) => {
  test.setTimeout(150_000);
  // Under the suite's data folder (playwright.config.ts), removed with it: a copy of the data the suite's
  // servers start from (a stopped PostgreSQL's folder copies whole), so its start skips initdb and the
  // migrations, as theirs do.
  const root = process.env.E2E_DATA_ROOT!;
  const own = fs.mkdtempSync(path.join(root, 'server-stop-'));
  // The embedded PostgreSQL runs as its own user when we are root, and must reach its folder.
  fs.chmodSync(own, 0o755);
  const folder = path.join(own, 'data');
  execFileSync('cp', ['-a', path.join(root, PREPARED_DATA_FOLDER), folder]);
  fs.rmSync(path.join(folder, 'postgres.log'), { force: true });
  server = await spawnServerIn(ENV, { dataDir: folder });
  const { port } = server;
  const admin = await playwright.request.newContext({ baseURL: server.url });
  let homeId: number;
  try {
    expect((await admin.post('/api/auth/login', { data: ADMIN })).ok()).toBe(true);
    const created = await admin.post('/api/properties', {
      data: {
        title: 'Harbour loft',
        description: 'A loft above the harbour.',
        location: 'Lisbon, Portugal',
        latitude: '38.7071',
        longitude: '-9.1355',
        price: 140,
        bedrooms: 1,
        bathrooms: 1,
        maxGuests: 3,
        propertyType: 'apartment',
        images: await imageDataUrls(5),
        cancellationPolicy: 'moderate',
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    homeId = ((await created.json()) as { id: number }).id;
  } finally {
    await admin.dispose();
  }

  const email = `stopped-${Date.now()}@example.com`;
  // Its own clock, so the pauses between sends can pass at once (skipRetryPauses).
  await page.clock.install();
  await page.goto(`${server.url}/property/${homeId}`);
  await expect(page.getByTestId('booking-card').getByTestId('total')).toBeVisible();
  const form = await reserveToCheckout(page);
  await choosePay(form, 'bank_transfer');
  await fillContact(form, { name: 'Stopped Server', email, message: 'Arriving by the night train' });

  // Confirm is pressed; the server process stops before the booking reaches it.
  const keys: string[] = [];
  await page.route(
    (url) => isCreate(url),
    async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (keys.length === 1) await server!.kill('SIGTERM');
      await route.continue();
    },
  );
  await form.getByRole('button', { name: 'Confirm booking' }).click();
  const away = form.getByRole('alert').filter({ hasText: "We can't reach StayHub right now" });
  await skipRetryPauses(page, away);
  expect(server.proc.exitCode).not.toBeNull();
  // The page is the checkout still, as typed; no error screen took it over.
  await expect(page.getByTestId('error-screen')).toHaveCount(0);
  await expect(form.getByLabel('Full name')).toHaveValue('Stopped Server');
  await expect(form.getByLabel('Message to the host')).toHaveValue('Arriving by the night train');
  await expectNoSeriousA11yViolations(page, 'checkout, server stopped', {
    include: '[data-testid="checkout-page"]',
  });
  await away.getByRole('button', { name: 'Try again' }).focus();
  await expect(away.getByRole('button', { name: 'Try again' })).toBeFocused();

  // The server starts again on its port with its database; the guest tries again from the same page.
  server = await spawnServerIn(ENV, { port, dataDir: folder });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Booking Confirmed!' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Booking failed')).toHaveCount(0);
  // Every send of this attempt carried one key, and the database holds one booking for the guest.
  expect(new Set(keys).size).toBe(1);
  const check = await playwright.request.newContext({ baseURL: server.url });
  try {
    expect((await check.post('/api/auth/login', { data: ADMIN })).ok()).toBe(true);
    const all = (await (await check.get('/api/bookings')).json()) as { contactInfo: { email: string } }[];
    expect(all.filter((b) => b.contactInfo.email === email)).toHaveLength(1);
  } finally {
    await check.dispose();
  }
});
