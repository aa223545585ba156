import fs from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from '../fixtures.ts';

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA: what docs/decisions.md#accessibility holds the site to. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

export interface TA11yOptions {
  /** Limit the check to a part of the page (e.g. an open dialog), as a CSS selector. */
  include?: string;
  /** Selectors to leave out, e.g. third-party map tiles that never load here. */
  exclude?: string[];
  /**
   * Only the rules that read colours. For a second scan of the same page in the other colour scheme:
   * a scheme changes colours only, so every other rule would repeat the first scan's verdict.
   */
  colorOnly?: boolean;
}

/** The axe rules whose verdict depends on colours. */
const COLOR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * axe-core's minified build, for `@axe-core/playwright` to put in the page in place of its unminified
 * one (1.4 MB), which it evaluates in every frame, and twice in the top one, for every scan. Guarded, so
 * a page that kept axe from an earlier scan only parses it again; axe starts each run afresh anyway.
 */
const AXE_SOURCE = `if (typeof window.axe === 'undefined') {\n${fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)}\n}`;

/**
 * Runs axe on the page as it is now and fails on any serious or critical violation, listing each
 * rule with the first offending nodes so the failure says what to fix. Call it on every page and
 * open dialog a test visits; `label` names the state in the failure message ('home, dark').
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  label: string,
  options: TA11yOptions = {},
): Promise<void> {
  // Legacy mode runs axe.run in the page (axe still reaches same-origin frames through its own frame
  // messaging): the same rules and results, at half the time of the default mode, which opens a blank
  // page for every scan to merge the frames' partial results in. Only the violations are read, so axe
  // builds no selectors for the passing nodes and the page sends none of them back.
  let builder = new AxeBuilder({ page, axeSource: AXE_SOURCE })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] });
  builder = options.colorOnly ? builder.withRules(COLOR_RULES) : builder.withTags(WCAG_TAGS);
  if (options.include) builder = builder.include(options.include);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map(
    (v) =>
      `${v.id} (${v.impact}, ${v.nodes.length}): ${v.help}\n` +
      v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(' ')} ${n.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`)
        .join('\n'),
  );
  expect(serious, `axe on ${label}:\n${report.join('\n')}`).toEqual([]);
}

/** Sets the stored theme preference before any page script runs, so the first paint is in it. */
export async function useColorScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.addInitScript((value) => window.localStorage.setItem('stayhub.theme', value), scheme);
}

/** Switches the OS preference; a page whose theme is 'System' (nothing stored) follows it live. */
async function followOsScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
  // Colors that change run their CSS transitions: axe must read the end colors, not a blend.
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const transitions = document.getAnimations().filter((a) => a instanceof CSSTransition);
    await Promise.allSettled(transitions.map((a) => a.finished));
  });
}

/**
 * The same check in both color schemes, without loading the page twice: it scans the page as it is
 * in light, switches the OS preference to dark (the page follows it live), scans its colours again, and
 * switches back to light. The page must follow the OS, i.e. have no stored theme (so no `useColorScheme`).
 */
export async function expectNoSeriousA11yViolationsInBothSchemes(
  page: Page,
  label: string,
  options: TA11yOptions = {},
): Promise<void> {
  const stored = await page.evaluate((key) => window.localStorage.getItem(key), 'stayhub.theme');
  expect(stored ?? 'auto', 'the page must follow the OS color scheme').toBe('auto');
  await followOsScheme(page, 'light');
  await expectNoSeriousA11yViolations(page, `${label}, light`, options);
  await followOsScheme(page, 'dark');
  // With a modal open, the dark colour scan covers the modal: the page behind it is unchanged and its
  // own test scans it in dark. The light scan above keeps the whole page (focus and hiding rules).
  const modal = '[role="dialog"][aria-modal="true"]';
  const include = options.include ?? ((await page.locator(modal).count()) > 0 ? modal : undefined);
  await expectNoSeriousA11yViolations(page, `${label}, dark`, { ...options, include, colorOnly: true });
  await followOsScheme(page, 'light');
}
