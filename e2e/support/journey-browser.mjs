// @ts-check
/**
 * Which Chromium the browser journeys drive (decision 0076), written once for `run-e2e.mjs`, the Playwright config
 * and the cluster test: `CHROME_PATH` when a person sets it; otherwise Debian's headless shell
 * (`apt-get install chromium-headless-shell`), the same Chromium build without the desktop browser's windowing and
 * GPU process, which is what Playwright itself runs headless; otherwise Debian's desktop Chromium
 * (`/usr/bin/chromium`, DESIGN §6). Lighthouse is not affected: it measures in the desktop browser a person runs.
 */
import { accessSync, constants } from 'node:fs';

/** Debian's paths, in the order the journeys prefer them. */
export const JOURNEY_BROWSER_CANDIDATES = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

/**
 * @param {string} file
 * @returns {boolean} whether `file` exists and this user may run it
 */
export function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {string} the executable to launch; the desktop path when none is installed, so the caller's message
 *   names what to install
 */
export function journeyBrowserPath(env = process.env) {
  if (env.CHROME_PATH) return env.CHROME_PATH;
  return JOURNEY_BROWSER_CANDIDATES.find(isExecutable) ?? '/usr/bin/chromium';
}
