import type { APIRequestContext } from '@playwright/test';
import type { TAdminReviewList } from '../../src/shared/schemas/admin-tables.ts';
import { expect, expectToast, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';

/** Manage Reviews' 'All homes' list (docs/features.md#admin-back-office) and the review dialogs' shared-schema messages. */

async function adminReviews(request: APIRequestContext, query: string): Promise<TAdminReviewList> {
  const res = await request.get(`/api/admin/reviews?${query}`);
  expect(res.ok(), `${query}: ${res.status()}`).toBe(true);
  return (await res.json()) as TAdminReviewList;
}

test('the list across all homes filters by rating and by home, in the URL, and survives a reload', async ({
  asAdmin: page,
}) => {
  // A rating and a home that has reviews of it, from the seeded data.
  const sample = await adminReviews(page.request, 'pageSize=100');
  const pick = sample.items.find((r) => r.rating < 5) ?? sample.items[0];
  if (!pick) throw new Error('the demo seed should have reviews');
  const byRating = await adminReviews(page.request, `rating=${pick.rating}`);
  const byBoth = await adminReviews(page.request, `rating=${pick.rating}&propertyId=${pick.propertyId}`);
  expect(byBoth.total).toBeGreaterThanOrEqual(1);
  const rows = page.getByTestId('review-row');
  const paging = page.getByTestId('reviews-paging');

  await page.goto('/admin/reviews');
  // The spec's per-home view is the default.
  await expect(page.getByText('Select a property to view its reviews')).toBeVisible();
  await page.getByText('All homes').click();
  await expect(page).toHaveURL(/view=all/);
  await expect(paging).toContainText(`of ${sample.total}`);
  await expect(rows).toHaveCount(Math.min(20, sample.total));
  await expectNoSeriousA11yViolations(page, 'reviews, all homes');

  const filters = page.getByTestId('all-reviews-filters');
  await filters.getByRole('combobox', { name: 'Rating' }).click();
  await page.getByRole('option', { name: pick.rating === 1 ? '1 Star' : `${pick.rating} Stars` }).click();
  await expect(page).toHaveURL(new RegExp(`rating=${pick.rating}`));
  await expect(paging).toContainText(byRating.total > 0 ? `of ${byRating.total}` : '0 reviews');
  await expect(rows.getByLabel(`${pick.rating} out of 5 stars`)).toHaveCount(await rows.count());

  await filters.getByRole('combobox', { name: 'Home' }).fill(`(#${pick.propertyId})`);
  await page.getByRole('option', { name: `${pick.propertyTitle} (#${pick.propertyId})` }).click();
  await expect(page).toHaveURL(new RegExp(`property=${pick.propertyId}`));
  await expect(rows).toHaveCount(Math.min(20, byBoth.total));
  for (const row of await rows.all()) await expect(row).toContainText(pick.propertyTitle);

  await page.reload();
  await expect(rows).toHaveCount(Math.min(20, byBoth.total));
  await expect(filters.getByRole('combobox', { name: 'Home' })).toHaveValue(
    `${pick.propertyTitle} (#${pick.propertyId})`,
  );
  await expect(filters.getByRole('combobox', { name: 'Rating' })).toHaveValue(
    pick.rating === 1 ? '1 Star' : `${pick.rating} Stars`,
  );
  await expect(rows.first()).toContainText(byBoth.items[0]!.comment.slice(0, 20));
});

test("the review dialogs show the shared schema's messages", async ({ asAdmin: page }) => {
  await page.goto('/admin/reviews?view=all');
  const row = page.getByTestId('review-row').first();
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Review' });
  await edit.getByLabel('Review Comment').fill('   ');
  await edit.getByRole('button', { name: 'Update Review' }).click();
  await expect(edit.getByText('Review comment is required')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'edit review, invalid', { include: '[role="dialog"]' });
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();

  await page.getByRole('button', { name: 'Add Review' }).click();
  const add = page.getByRole('dialog', { name: 'Add Review' });
  await add.getByRole('button', { name: 'Add Review' }).click();
  await expect(add.getByText('Please select a property')).toBeVisible();
  await expect(add.getByText('Review comment is required')).toBeVisible();
  await expectToast(page, 'Error', 'Please select a property');
});
