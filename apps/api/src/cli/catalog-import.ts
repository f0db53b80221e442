/**
 * `npm run catalog:import -- <file.csv> [--images <folder>] [--skip-invalid] [--offline]` (DESIGN §4): imports a
 * Shopify or WooCommerce product CSV into the configured database (env.ts: DATABASE_URL or PGlite) and media
 * store (the media folder, or the bucket of S3_BUCKET: decision 0061). Images are taken from `--images` by file name; image URLs not found there are downloaded (issue 12, see
 * download-product-images.ts) unless `--offline`.
 * Prints every rejected row as `line 7, column "Regular price": <reason>`, then warnings, then
 * `Imported <file>: 12 created, 3 updated, 140 unchanged, 2 rejected, 5 skipped`.
 * Exit codes: 0 imported; 1 nothing imported (rejected rows without --skip-invalid, unreadable CSV, database
 * error); 2 usage error (bad arguments, file or folder not found).
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CLI_VERBOSE_USAGE } from '@store/shared/cli-messages';
import type { Database } from '../db/client';
import { loadConfig } from '../env';
import type { FileStore } from '../storage/file-store';
import { openFileStores } from '../storage/open-file-stores';
import { CatalogFileError, formatRejection } from '../modules/catalog-import/catalog-row';
import { importCatalog } from '../modules/catalog-import/import-catalog';
import { createImportProgress, type ProgressMode } from '../modules/catalog-import/import-progress';
import type { CommandIo } from './control-channel';
import { describeCliFailure } from './describe-cli-failure';
import { openCommandDatabase, runCommandLine } from './run-command-line';
import { csvFileArgument, shownFileName } from './run-file-import';
import { isMainModule } from './is-main-module';

export const USAGE = `Usage: npm run catalog:import -- <file.csv> [--images <folder>] [--skip-invalid] [--offline]

Imports a Shopify (legacy or 2024 headers) or WooCommerce product CSV. Products are matched by SKU.
Prices are shelf prices including GST, as shoppers see them (decision 0046).
  --images <folder>  take the images the CSV names (by file name) from this folder
  --skip-invalid     import the good rows even when some rows are rejected
  --offline          do not download image URLs (only the --images folder and earlier imports)
${CLI_VERBOSE_USAGE}
  --help             show this help

While the store runs on its embedded database, the running store imports the file (and shows it at once).`;

/** Where the CLI writes, and how it opens the database (tests and the running store pass their own). */
export interface CatalogImportIo extends CommandIo {
  /**
   * How progress is shown: a bar redrawn in place on stderr, a line through `err` every 5 s, or nothing (`true` is
   * a bar, `false` nothing). Default: a bar when stderr is a terminal, otherwise lines (CI, pipes).
   */
  progress?: ProgressMode | boolean;
  /** Folder relative paths are resolved against (default: INIT_CWD, set by npm, else the working directory). */
  cwd?: string;
  /** Image download settings (tests point them at a local server); `--offline` turns downloads off. */
  imageDownloads?: NonNullable<Parameters<typeof importCatalog>[0]['downloadImages']>;
  /** The database and the media store pictures go to (default: the configured ones). */
  openDb?: () => Promise<{ db: Database; media: FileStore; close(): Promise<void> }>;
}

/** Runs the import CLI with `argv` (arguments after the script name). Resolves to the process exit code. */
export async function runCatalogImport(argv: string[], io: CatalogImportIo): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        images: { type: 'string' },
        'skip-invalid': { type: 'boolean', default: false },
        offline: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (args.values.help) {
    io.out(USAGE);
    return 0;
  }
  const argument = csvFileArgument(args.positionals, io, USAGE);
  if (!argument) return 2;
  const { cwd, file } = argument;
  const imagesDir = args.values.images === undefined ? undefined : path.resolve(cwd, args.values.images);

  // Bytes, not text: a file of a million products is longer than one string can be (issue 42 §3).
  let csv: Buffer;
  try {
    csv = await readFile(file);
  } catch {
    io.err(`Cannot read ${file}: no such file, or it is not readable.\n\n${USAGE}`);
    return 2;
  }
  if (imagesDir !== undefined && !(await stat(imagesDir).catch(() => null))?.isDirectory()) {
    io.err(`The images folder ${imagesDir} does not exist.\n\n${USAGE}`);
    return 2;
  }

  const open =
    io.openDb ??
    (async () => {
      const config = loadConfig();
      const handle = await openCommandDatabase(config, 'catalog:import');
      const files = await openFileStores(config);
      return {
        db: handle.db,
        media: files.media,
        close: async () => {
          files.close();
          await handle.close();
        },
      };
    });
  const target = await open();
  const progress = createImportProgress({
    mode:
      io.progress === true
        ? 'bar'
        : io.progress === false
          ? 'none'
          : (io.progress ?? (process.stderr.isTTY ? 'bar' : 'lines')),
    write: io.err,
  });
  try {
    const started = Date.now();
    const report = await importCatalog({
      db: target.db,
      csv,
      imagesDir,
      media: target.media,
      skipInvalid: args.values['skip-invalid'],
      downloadImages: args.values.offline ? false : (io.imageDownloads ?? true),
      onCheckProgress: (done, total) => progress.update('checking', done, total),
      onImageProgress: (done, total) => progress.update('images', done, total),
      onProgress: (done, total) => progress.update('writing', done, total),
    });
    progress.stop();
    for (const r of report.rejections) io.err(formatRejection(r));
    for (const w of report.warnings) io.err(`warning: ${w}`);
    const name = shownFileName(cwd, file);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    io.out(
      `Imported ${name}: ${report.created} created, ${report.updated} updated, ${report.unchanged} unchanged, ` +
        `${report.rejected} rejected, ${report.skipped} skipped` +
        (report.blocked ? '' : ` (${seconds}s)`),
    );
    if (report.blocked) {
      io.err(
        `Nothing was imported because ${report.rejected} row${report.rejected === 1 ? ' was' : 's were'} rejected. ` +
          'Fix them, or run again with --skip-invalid to import the other rows.',
      );
      return 1;
    }
    return 0;
  } catch (error) {
    progress.stop();
    if (error instanceof CatalogFileError) {
      io.err(`Cannot import ${file}:\n${error.message}`);
      return 1;
    }
    io.err(describeCliFailure('The import failed and nothing was changed', error, io.verbose));
    return 1;
  } finally {
    await target.close();
  }
}

if (isMainModule(import.meta.url, 'catalog-import.ts')) {
  process.exitCode = await runCommandLine('catalog:import', process.argv.slice(2), (argv, io) =>
    runCatalogImport(argv, io),
  );
}
