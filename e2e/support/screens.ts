/**
 * Screens of the journeys: each one checked with axe and for a page wider than the screen, then saved to
 * docs/screens as `{name}-{desktop|phone}.png` for a person to look at.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './page-checks';

export const screensDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screens');

/**
 * Waits for toasts to finish sliding in or out: mid-animation their text is translucent, which axe rightly reports as
 * low contrast.
 */
export async function settleToasts(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSAnimation && /bounce(In|Out)/.test(a.animationName))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Lays out every section before a whole-page picture: sections below the first screen are drawn only as they
 * come near it (`content-visibility: auto`, decision 0070), so a picture of the whole page would show them
 * blank, while a shopper scrolling sees each one drawn.
 */
export async function drawWholePage(page: Page) {
  await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
}

/**
 * Checks the page as it is (axe, nothing wider than the viewport) and saves its picture. `fullPage: false`
 * keeps to the viewport, for what sits over the page (a modal dialog). `E2E_SCREENS=0` (CI, whose clone is
 * thrown away) makes the checks without writing the pictures.
 */
export async function screen(page: Page, testInfo: TestInfo, name: string, options = { fullPage: true }) {
  await settleToasts(page);
  await expectNoSeriousAxeViolations(page);
  // Nothing may make the page wider than the screen (a long email once did on a phone).
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name} is wider than the viewport`).toBeLessThanOrEqual(0);
  if (!picturesWanted()) return;
  if (options.fullPage) await drawWholePage(page);
  await savePicture(page, `${name}-${testInfo.project.name}`, { fullPage: options.fullPage });
}

/** Whether this run saves pictures for a person: not with `E2E_SCREENS=0` (CI, whose clone is thrown away). */
export function picturesWanted(): boolean {
  return process.env.E2E_SCREENS !== '0';
}

/**
 * Saves the page's picture as `{dir}/{name}.png` (docs/screens unless `dir` says otherwise), or nothing when this
 * run wants no pictures (`picturesWanted`), so a CI run leaves the checkout as it found it.
 */
export async function savePicture(
  page: Page,
  name: string,
  options: { fullPage?: boolean; dir?: string } = {},
) {
  if (!picturesWanted()) return;
  const dir = options.dir ?? screensDir;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: options.fullPage ?? false });
}
