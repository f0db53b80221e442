/**
 * `npm run build -w @store/api`: bundles the server (src/server.ts and everything it imports from src/ and
 * @store/shared) into dist/server.mjs, with a source map beside it; packages from node_modules stay imports.
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
  entryPoints: [path.join(API_DIR, 'src/server.ts')],
  outfile: path.join(API_DIR, 'dist/server.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  jsx: 'automatic',
  plugins: [keepPackagesExternal],
  logLevel: 'warning',
});
