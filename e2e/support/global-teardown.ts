/**
 * Removes the data folder playwright.config.ts made for this run, when it made one (a direct
 * `npx playwright test`; run-e2e.mjs makes and removes its own), and the admin stores' seed folder that
 * global-setup.ts made, so no run leaves a store-e2e-* folder behind.
 */
import { rmSync } from 'node:fs';

export default function globalTeardown(): void {
  const dataDir = process.env.E2E_DATA_DIR;
  if (process.env.E2E_DATA_DIR_OWNED === '1' && dataDir) rmSync(dataDir, { recursive: true, force: true });
  const seedDir = process.env.E2E_ADMIN_SEED_DIR;
  if (process.env.E2E_ADMIN_SEED_DIR_OWNED === '1' && seedDir)
    rmSync(seedDir, { recursive: true, force: true });
}
