/**
 * Checks the journeys share: axe-core over a whole page (WCAG 2.1 AA tags; serious and critical findings
 * fail, listed by rule and element) and loading every lazy image before a full-page screenshot.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

/** Loads the lazy images too and waits for all of them, so a full-page picture shows every card. */
export async function loadAllImages(page: Page) {
  await page.evaluate(() => {
    for (const img of Array.from(document.images)) img.loading = 'eager';
  });
  await expect
    .poll(() => page.evaluate(() => Array.from(document.images).every((img) => img.complete)))
    .toBe(true);
}
