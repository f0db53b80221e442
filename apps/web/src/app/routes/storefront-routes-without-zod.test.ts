// @vitest-environment node
/**
 * The pages a shopper lands on load no schema library (decision 0070, issue 42 §2): zod is 28 kB of script a phone
 * evaluates before the page answers a tap, and a module of `packages/shared` that defines a schema at its top level
 * brings all of it with any helper it exports (the product page's stock lines did, until `stock-at-map.ts`). Each
 * route is bundled as the browser gets it, and the test names the chain of imports that reaches zod.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ROUTES = ['home', 'shop', 'product', 'brand', 'brands', 'cart'];

/** The chain of imports from `entry` to the first module of zod, or null when zod is not reached. */
function pathToZod(metafile: Metafile, entry: string): string[] | null {
  const inputs = metafile.inputs;
  const start = Object.keys(inputs).find((f) => f.endsWith(entry));
  if (!start) throw new Error(`${entry} is not in the bundle's inputs`);
  const cameFrom = new Map<string, string>();
  const queue = [start];
  const seen = new Set(queue);
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (file.includes('node_modules/zod/')) {
      const chain = [file];
      for (let at = cameFrom.get(file); at !== undefined; at = cameFrom.get(at)) chain.unshift(at);
      return chain;
    }
    for (const { path: next } of inputs[file]?.imports ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      cameFrom.set(next, file);
      queue.push(next);
    }
  }
  return null;
}

describe('storefront routes without zod', () => {
  it.each(ROUTES)('the %s page', async (route) => {
    const entry = `src/app/routes/${route}.tsx`;
    const result = await build({
      absWorkingDir: path.dirname(SRC),
      entryPoints: [entry],
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'browser',
      outdir: 'unused',
      jsx: 'automatic',
      logLevel: 'silent',
      alias: { '@': SRC },
      loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty', '.webp': 'empty' },
      // What no schema comes through: the framework's packages are bundled apart and looked at by nobody here.
      external: ['react', 'react-dom', 'react-dom/*', 'react-router', '@tanstack/*', 'virtual:*'],
    });
    expect(pathToZod(result.metafile, entry)?.join(' -> ') ?? null).toBeNull();
  });
});
