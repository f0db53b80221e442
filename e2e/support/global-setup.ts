/**
 * Makes the data folder every back-office journey's store starts from (`E2E_ADMIN_SEED_DIR`): a store started
 * once on an empty folder, as `npm start` starts it (migrations, then the demo catalog with its pictures' copies),
 * and stopped. Each `startAdminStore` copies it and makes its first admin there with the real CLI, instead of
 * migrating and loading the demo catalog again: that was about 27 s and 55 s of CPU a store, sixteen times a run,
 * on CI's two cores. The store Playwright starts and admin.spec.ts's first-install journey still start from an
 * empty folder. Not made when the journeys run against a store already running (E2E_BASE_URL: the cluster test).
 * global-teardown.ts removes it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startStore, stopStore } from './admin-store';

export default async function globalSetup(): Promise<void> {
  if (process.env.E2E_BASE_URL || process.env.E2E_ADMIN_SEED_DIR) return;
  const seedDir = mkdtempSync(path.join(tmpdir(), 'store-e2e-seed-'));
  try {
    const started = await startStore(seedDir);
    await stopStore(started.process);
  } catch (error) {
    rmSync(seedDir, { recursive: true, force: true });
    throw error;
  }
  // Set before the workers start, so each inherits it.
  process.env.E2E_ADMIN_SEED_DIR = seedDir;
  process.env.E2E_ADMIN_SEED_DIR_OWNED = '1';
}
