import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    globalSetup: ['tests/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Decision 0076: a worker imports the app once for all its files instead of once per file. Each file still
    // makes its own database and app (tests/test-app.ts) and closes them, and restores what it changes in
    // process.env. Without files isolated from each other the API suite (fuzz aside) took 201 s against 434 s,
    // 358 CPU-s against 816. The web project keeps isolation: its jsdom files share globals and fail without it.
    isolate: false,
  },
});
