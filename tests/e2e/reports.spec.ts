import { addDays, todayIso } from '../../src/shared/dates.ts';
import { expect, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';

test('the reports show room revenue, ADR, RevPAR and the pass-through apart, operator-entered bookings as their own source, and the booking pace as a chart and a table', async ({
  asAdmin: page,
}) => {
  const from = addDays(todayIso(), 200);
  const to = addDays(from, 45);
  const homes = (await (await page.request.get('/api/properties')).json()) as { id: number }[];
  let booked = false;
  // A home free on those far dates: the first whose phone booking is accepted.
  for (const h of homes.slice(0, 10)) {
    const res = await page.request.post('/api/admin/bookings', {
      data: {
        propertyId: h.id,
        checkIn: addDays(from, 3),
        checkOut: addDays(from, 6),
        guests: 2,
        source: 'phone',
        guest: { name: 'Paula Phone' },
      },
    });
    if (res.ok()) {
      booked = true;
      break;
    }
  }
  expect(booked).toBe(true);

  await page.goto('/admin/reports');
  await page.getByLabel('To', { exact: true }).fill(to);
  await page.getByLabel('From', { exact: true }).fill(from);
  const sources = page.getByRole('table').filter({ hasText: 'Imported calendars' });
  const phone = sources.getByRole('row').filter({ hasText: 'Phone' });
  await expect(phone.getByRole('cell').nth(1)).not.toHaveText('0');
  await expect(phone.getByRole('cell').nth(3)).not.toHaveText('$0.00');
  await expect(sources.getByRole('row').filter({ hasText: 'Direct (website)' })).toHaveCount(1);
  // Imported stays are sold nights with no price: the channel mix says so instead of showing $0.
  await expect(sources.getByRole('row').filter({ hasText: 'Imported calendars' })).toContainText(
    'No revenue (not priced)',
  );
  for (const label of ['occupancy', 'adr', 'revpar', 'room-revenue', 'other-revenue', 'gst', 'tourist-tax'])
    await expect(page.getByTestId(`report-${label}`)).toHaveText(/\d/);
  await expect(page.getByTestId('report-room-revenue')).not.toHaveText('$0.00');
  const pace = page.getByTestId('report-pace');
  await expect(pace).toContainText('Booking pace');
  await expect(pace.locator('.recharts-surface').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download Pace as CSV' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'reports with pace');
});

test('while a chart’s code is still on its way, its loading sign is a named status, with no axe violations', async ({
  asAdmin: page,
}) => {
  // Hold the chart's code until the page has been checked: the loading signs are what a slow phone shows.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/report-chart-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/admin/reports');
  const loading = page.getByRole('status', { name: 'Loading the chart' });
  await expect(loading.first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'reports while a chart loads');
  release();
  await expect(page.getByTestId('report-pace').locator('.recharts-surface').first()).toBeVisible();
  await expect(loading).toHaveCount(0);
});
