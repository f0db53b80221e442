#!/usr/bin/env node
/**
 * `npm run test:e2e`: runs the Playwright journeys in Debian's Chromium (DESIGN §6; which one: decision 0076).
 * Without a Chromium it skips them with a note, unless REQUIRE_E2E=1 (CI), where a missing browser fails.
 * Extra arguments go to Playwright: `npm run test:e2e -- --project=phone`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isExecutable, journeyBrowserPath } from './support/journey-browser.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromiumPath = journeyBrowserPath();
const required = process.env.REQUIRE_E2E === '1';

if (!isExecutable(chromiumPath)) {
  if (required) {
    console.error(
      `Chromium not found at ${chromiumPath}, and REQUIRE_E2E=1 says the browser journeys must run. ` +
        'Install it (apt-get install -y chromium-headless-shell, or chromium) or set CHROME_PATH.',
    );
    process.exit(1);
  }
  console.log(
    `Chromium not found at ${chromiumPath}: skipping the browser journeys (set REQUIRE_E2E=1 to make this fail)`,
  );
  process.exit(0);
}

// One empty data folder for this run (the store loads the demo catalog into it), removed afterwards.
const dataDir = process.env.E2E_DATA_DIR || mkdtempSync(path.join(tmpdir(), 'store-e2e-'));
const ownDataDir = !process.env.E2E_DATA_DIR;

const child = spawn(
  'npx',
  ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)],
  {
    cwd: repoRoot,
    stdio: 'inherit',
    env: {
      ...process.env,
      CHROME_PATH: chromiumPath,
      E2E_DATA_DIR: dataDir,
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    },
  },
);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}

child.on('exit', (code, signal) => {
  if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  if (signal) {
    console.error(`Playwright stopped by ${signal}`);
    process.exit(1);
  }
  process.exit(code ?? 1);
});
