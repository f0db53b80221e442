/**
 * `npm run catalog:generate -- --count N [--out file.csv] [--seed S]`: writes a synthetic WooCommerce catalog CSV
 * (see `generateCatalogCsv`) to stdout or `--out` (relative to INIT_CWD, set by npm, else the working
 * directory), written as it is made. Used by the benchmark for each of its sizes, up to a million products. Exit 2
 * on usage errors.
 */
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { generateCatalogCsvChunks } from '../modules/catalog-import/generate-catalog-csv';
import { isMainModule } from './is-main-module';

const USAGE = `Usage: npm run catalog:generate -- --count <N> [--out <file.csv>] [--seed <S>]

Writes N synthetic auto-parts products as a WooCommerce product CSV (to stdout unless --out is given).
The same --seed (default 1) gives the same file.`;

async function main(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        count: { type: 'string' },
        out: { type: 'string' },
        seed: { type: 'string', default: '1' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const count = Number(values.count);
  const seed = Number(values.seed);
  if (values.count === undefined || !Number.isSafeInteger(count) || count < 0) {
    process.stderr.write(`--count must be a whole number of products, like --count 10000\n\n${USAGE}\n`);
    return 2;
  }
  if (!Number.isSafeInteger(seed)) {
    process.stderr.write(`--seed must be a whole number\n\n${USAGE}\n`);
    return 2;
  }
  // Written as it is made: a million products' text is longer than one string can be (issue 42 §3).
  const chunks = Readable.from(generateCatalogCsvChunks({ count, seed }));
  if (values.out) {
    const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), values.out);
    await pipeline(chunks, createWriteStream(file));
    process.stderr.write(`Wrote ${count} products to ${file}\n`);
  } else {
    await pipeline(chunks, process.stdout, { end: false });
  }
  return 0;
}

if (isMainModule(import.meta.url, 'catalog-generate.ts')) {
  process.exitCode = await main(process.argv.slice(2));
}
