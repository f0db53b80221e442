/**
 * `npm run build -w @store/api`: bundles the server (src/server.ts and everything it imports from src/ and
 * @store/shared) into dist/server.mjs, and the job worker (src/worker.ts, `npm run worker`) into dist/worker.mjs,
 * each with a source map beside it; packages from node_modules stay imports.
 * dist/catalog-cells-thread.mjs is the worker thread an import starts (decision 0094).
 * The tracing entry (src/tracing.ts, decision 0063) is bundled beside them as dist/tracing.mjs, which `npm start`
 * loads first with `--import`: packages staying imports is what lets OpenTelemetry patch them as they load.
 * `npm start` runs the bundle with plain Node: no TypeScript compiler in the running store, which saves about
 * 80 MiB of RSS and the start-up transpiling (decision 0024). Tests, the CLIs and `npm run dev` keep running the
 * TypeScript through tsx.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Bare imports (packages) stay imports, except our own workspace package, which is TypeScript source. */
const keepPackagesExternal = {
  name: 'keep-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@store/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: {
    server: path.join(API_DIR, 'src/server.ts'),
    worker: path.join(API_DIR, 'src/worker.ts'),
    tracing: path.join(API_DIR, 'src/tracing.ts'),
    // The worker thread that parses a large import's descriptions (decision 0094), started by the bundles above.
    'catalog-cells-thread': path.join(API_DIR, 'src/modules/catalog-import/catalog-cells-thread.ts'),
  },
  outdir: path.join(API_DIR, 'dist'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  jsx: 'automatic',
  plugins: [keepPackagesExternal],
  logLevel: 'warning',
});
