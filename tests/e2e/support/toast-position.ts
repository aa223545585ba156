import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures.ts';

/** The toast now on screen stays clear of the open dialog's heading: their boxes do not meet. */
export async function expectToastClearOfHeading(page: Page, dialog: Locator): Promise<void> {
  const toast = page.locator('.mantine-Notification-root').first();
  await expect(toast).toBeVisible();
  const heading = dialog.locator('.mantine-Modal-title, h1, h2').first();
  await expect(heading).toBeVisible();
  // The toast slides in: read its box once it has come to rest.
  await expect.poll(() => toast.evaluate((t) => t.getAnimations({ subtree: true }).length)).toBe(0);
  const a = await toast.boundingBox();
  const b = await heading.boundingBox();
  if (!a || !b) throw new Error('the toast or the heading has no box');
  const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(overlap, `toast ${JSON.stringify(a)} covers heading ${JSON.stringify(b)}`).toBe(false);
}
