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
    // A rule may declare only what an element's own defaults equal on a div (Title's `margin: 0`), so
    // each class is tried on a few kinds of element, each compared with a plain one of its kind.
    const tags = ['div', 'h2', 'button', 'input', 'ul', 'span'];
    const host = document.createElement('div');
    document.body.append(host);
    const missing: string[] = [];
    for (const s of list) {
      const styled = tags.some((tag) => {
        const plain = document.createElement(tag);
        const el = document.createElement(tag);
        el.className = s.className;
        host.append(plain, el);
        const a = getComputedStyle(el);
        const b = getComputedStyle(plain);
        const differs = s.declarations.some(
          ([prop]) => a.getPropertyValue(prop) !== b.getPropertyValue(prop),
        );
        plain.remove();
        el.remove();
        return differs;
      });
      if (!styled) missing.push(`${s.module} (used by ${s.usedBy.join(', ')})`);
    }
    host.remove();
    return missing;
  }, styles);
  expect(unstyled, 'Mantine stylesheets missing from src/client/styles').toEqual([]);
});
