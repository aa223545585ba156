import { expect, test } from './fixtures.ts';

test('the home page lists seeded properties as cards', async ({ page }) => {
  await page.goto('/');
  const cards = page.getByTestId('property-card');
  await expect(cards.first()).toBeVisible();
  // The first row is drawn first, the rest right after it.
  await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(12);
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/nope');
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});
