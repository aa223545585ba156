import { expect, test } from './fixtures.ts';
import { mantineStylesInUse } from './support/mantine-styles.ts';

/**
 * Every Mantine component the app imports has its stylesheet on the page (docs/trip-page.md#mantine-styles).
 * The list is derived from src/client's imports (a component added tomorrow joins it); each CSS module is
 * proven loaded by a computed style: an element with its class differs from a plain one in a property
 * that module's first rule declares. A missing `@import` (Chip once rendered as a bare checkbox) fails.
 */
test('every Mantine component the app uses has its styles loaded', async ({ page }) => {
  const styles = mantineStylesInUse();
  // The derived list covers the app's components, Chip among them.
  expect(styles.map((s) => s.module)).toEqual(expect.arrayContaining(['Chip', 'Button', 'Modal', 'Radio']));
  // A page whose chunk brings the lazily loaded components' stylesheet (styles/more-components.css).
  await page.goto('/find-booking');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const unstyled = await page.evaluate((list) => {
    const host = document.createElement('div');
    document.body.append(host);
    const plain = document.createElement('div');
    host.append(plain);
    const missing: string[] = [];
    for (const s of list) {
      const el = document.createElement('div');
      el.className = s.className;
      host.append(el);
      const styled = getComputedStyle(el);
      const base = getComputedStyle(plain);
      if (!s.declarations.some(([prop]) => styled.getPropertyValue(prop) !== base.getPropertyValue(prop)))
        missing.push(`${s.module} (used by ${s.usedBy.join(', ')})`);
      el.remove();
    }
    host.remove();
    return missing;
  }, styles);
  expect(unstyled, 'Mantine stylesheets missing from src/client/styles').toEqual([]);
});
