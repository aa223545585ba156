import { expect, test } from './fixtures.ts';

/** A phone's first screen has the search, which takes the whole party, pets too (docs/features.md#pets). */
test.describe('the search knows the party on a phone', () => {
  test.use({ viewport: { width: 375, height: 700 } });

  test('the search is on the first screen, takes pets, and finds only homes that allow them', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const compact = page.getByTestId('compact-search');
    // Without scrolling.
    await expect(compact).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await compact.click();
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialog.getByRole('tab', { name: 'Who' }).click();
    await dialog.getByRole('button', { name: 'More children' }).click();
    await dialog.getByRole('button', { name: 'More pets' }).click();
    await expect(dialog.getByTestId('guest-count')).toHaveText('2 guests, 1 pet');
    await dialog.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(
      (url) => url.searchParams.get('pets') === '1' && url.searchParams.get('children') === '1',
    );
    await expect(page.getByTestId('filter-chip-guests')).toHaveText('2 guests, 1 pet');
    await expect(compact).toContainText('2 guests, 1 pet');

    const cards = page.getByTestId('property-card');
    await expect(cards.first()).toBeVisible();
    const hrefs = await cards
      .locator('a[href^="/property/"]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    const ids = [...new Set(hrefs.map((h) => Number(/\/property\/(\d+)/.exec(h)?.[1])))];
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) {
      const home = (await (await request.get(`/api/properties/${id}`)).json()) as {
        amenities: string[];
        maxGuests: number;
      };
      expect({ id, pets: home.amenities.includes('Pets allowed'), fits: home.maxGuests >= 2 }).toEqual({
        id,
        pets: true,
        fits: true,
      });
    }
  });
});
