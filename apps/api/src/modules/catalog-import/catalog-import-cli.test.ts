import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCatalogImport } from '../../cli/catalog-import';
import type { DatabaseHandle } from '../../db/client';
import { createTestDatabase } from '../../../tests/test-db';
import { createLocalFileStore } from '../../storage/local-file-store';

const FIXTURES = fileURLToPath(new URL('../../../tests/fixtures/', import.meta.url));

let handle: DatabaseHandle;
let mediaDir: string;
/** The media folder as the importer's store. */
const mediaStore = () => createLocalFileStore({ root: mediaDir });
beforeAll(async () => {
  handle = await createTestDatabase();
  mediaDir = await mkdtemp(path.join(os.tmpdir(), 'catalog-cli-media-'));
});
afterAll(async () => {
  await handle.close();
  await rm(mediaDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await handle.db.execute(
    sql`TRUNCATE product_images, product_discounts, products, child_categories, categories, brands CASCADE`,
  );
});

/** Runs the CLI offline (the fixtures' image URLs point to the internet; tests never fetch from it). */
async function run(...argv: string[]) {
  return runOnline(...argv, '--offline');
}

async function runOnline(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCatalogImport(argv, {
    imageDownloads: { allowPrivateHosts: true, backoffMs: 10, timeoutMs: 2_000 },
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    progress: false,
    cwd: FIXTURES,
    openDb: async () => ({ db: handle.db, media: mediaStore(), close: async () => {} }),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('catalog:import CLI', () => {
  it('exits 2 with the usage on bad arguments or a missing file', async () => {
    const none = await run();
    expect(none.code).toBe(2);
    expect(none.err).toContain(
      'Usage: npm run catalog:import -- <file.csv> [--images <folder>] [--skip-invalid]',
    );
    expect((await run('a.csv', 'b.csv')).code).toBe(2);
    expect((await run('woocommerce-bad-rows.csv', '--bogus')).code).toBe(2);
    const missing = await run('no-such-file.csv');
    expect(missing.code).toBe(2);
    expect(missing.err).toContain(`Cannot read ${path.join(FIXTURES, 'no-such-file.csv')}`);
    expect((await run('woocommerce-bad-rows.csv', '--images', 'no-such-folder')).code).toBe(2);
  });

  it('prints every rejection and exits 1 without importing when rows are bad', async () => {
    const r = await run('woocommerce-bad-rows.csv');
    expect(r.code).toBe(1);
    expect(r.err.split('\n').slice(0, 6)).toEqual([
      'line 3, column "Regular price": "12,5x" is not a price; write it like 12.50',
      'line 6, column "SKU": is empty; every product needs a SKU',
      'line 7, column "SKU": SKU "GOOD-1" is already used on line 2; each product needs its own SKU',
      'line 8, column "Parent": parent "id:999" is not in this file; a variation must be imported together with its variable product',
      'line 9, column "Stock": "2.5" is not a whole number; write it like 12',
      'line 10, column "Regular price": "-5" is negative; a price must be 0 or more, like 12.50',
    ]);
    expect(r.err).toContain('--skip-invalid');
    expect(r.out).toBe(
      'Imported woocommerce-bad-rows.csv: 0 created, 0 updated, 0 unchanged, 6 rejected, 0 skipped',
    );
    const n = await handle.db.execute(sql`SELECT count(*)::int AS n FROM products`);
    expect((n as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it('imports the good rows with --skip-invalid and prints the summary line', async () => {
    const r = await run('woocommerce-bad-rows.csv', '--skip-invalid');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      /^Imported woocommerce-bad-rows\.csv: 3 created, 0 updated, 0 unchanged, 6 rejected, 0 skipped \(\d+\.\ds\)$/,
    );
  });

  it('prints warnings and takes images from --images', async () => {
    const r = await run('shopify-legacy.csv', '--images', 'images');
    expect(r.code).toBe(0);
    expect(r.err).toBe(
      `warning: line 8: image "tow-strap.jpg" not found in ${path.join(FIXTURES, 'images')}; product imported without it`,
    );
    expect(r.out).toMatch(
      /^Imported shopify-legacy\.csv: 4 created, 0 updated, 0 unchanged, 0 rejected, 1 skipped/,
    );
  });

  it('still imports the WooCommerce sample and the demo catalog with its --images folder', async () => {
    const sample = await run('woocommerce-sample-products.csv');
    expect(sample.code).toBe(0);
    expect(sample.out).toMatch(
      /^Imported woocommerce-sample-products\.csv: 20 created, 0 updated, 0 unchanged, 0 rejected, 4 skipped/,
    );
    const demo = path.resolve(FIXTURES, '../../../../data/demo-catalog');
    const r = await run(path.join(demo, 'products.csv'), '--images', path.join(demo, 'images'));
    expect(r.code).toBe(0);
    // No row refused (the demo data may miss a picture or two: those are warnings).
    expect(r.err).not.toMatch(/^line \d+, column/m);
    expect(r.out).toMatch(/: [1-9]\d* created, 0 updated, 0 unchanged, 0 rejected, \d+ skipped/);
    // The demo's 249 pictures are WebP (decision 0070) and each gets its smaller copies: seconds of work, more on
    // a busy 2-core machine.
  }, 120_000);

  it('exits 1 with the expected header sets for a file in an unknown format', async () => {
    const file = path.join(mediaDir, 'prices.csv');
    await writeFile(file, 'Name,Cost\nWidget,1.00\n');
    const r = await run(file);
    expect(r.code).toBe(1);
    expect(r.err).toContain('Expected one of these header sets');
  });
});
