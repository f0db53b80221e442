/**
 * `npm run media:copy-to-bucket -- [--from <folder>] [--private-from <folder>] [--dry-run]` (issue 38 §1, decision
 * 0061): copies a store's local files into the bucket S3_BUCKET names, so a store that kept them on its disk can
 * move to a bucket without losing a picture. The media folder (MEDIA_DIR, ./data/uploads) goes to S3_BUCKET under
 * the same keys (`products/pad.jpg` stays `products/pad.jpg`, so every stored path still names its file); the
 * private uploads folder (PRIVATE_UPLOADS_DIR) goes to S3_PRIVATE_BUCKET, else under `private/` in S3_BUCKET.
 * A file the bucket already has with the same size is skipped, one it has with another size is replaced, nothing in
 * the bucket is deleted, and a run can be repeated (or stopped and started again) at any time.
 * Prints one line per folder: `media: 412 copied, 3,100 already there, 0 failed (of 3,512 files; 184.2 MB copied)`.
 * Exit codes: 0 all copied; 1 some files failed, or the bucket could not be used; 2 usage error (bad arguments,
 * S3_BUCKET unset, a folder named that does not exist, a bad setting).
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pLimit from 'p-limit';
import { loadConfig, type AppConfig } from '../env';
import type { FileStore } from '../storage/file-store';
import { createLocalFileStore } from '../storage/local-file-store';
import { openFileStores } from '../storage/open-file-stores';
import type { CommandIo } from './control-channel';
import { isMainModule } from './is-main-module';

export const USAGE = `Usage: npm run media:copy-to-bucket -- [--from <folder>] [--private-from <folder>] [--dry-run]

Copies the store's local files into the bucket of S3_BUCKET (with S3_ENDPOINT, S3_REGION and the keys as the
store uses them): the media folder to S3_BUCKET under the same paths, the private uploads folder (customers'
return attachments) to S3_PRIVATE_BUCKET, else under private/ in S3_BUCKET. Files the bucket already has with
the same size are skipped; nothing is deleted. Safe to run again.
  --from <folder>          the media folder to copy (default: MEDIA_DIR, ./data/uploads)
  --private-from <folder>  the private uploads folder to copy (default: PRIVATE_UPLOADS_DIR)
  --dry-run                say what would be copied, and copy nothing
  --help                   show this help`;

/** Files copied at once: S3 takes many small PUTs in parallel far faster than one after another. */
const COPY_CONCURRENCY = 8;

export interface MediaCopyIo extends CommandIo {
  /** The configuration (default: the environment's, through env.ts). */
  config?: AppConfig;
  /** Folder relative paths are resolved against (default: INIT_CWD, set by npm, else the working directory). */
  cwd?: string;
}

/** What one folder's copy did. */
export interface CopyCounts {
  files: number;
  copied: number;
  skipped: number;
  failed: number;
  bytesCopied: number;
}

/**
 * Copies every file of `source` missing from `target` (or there with another size) to the same key. Never throws
 * for one file: its failure is written to `err` and counted. Throws when the target cannot be listed (no such
 * bucket, refused credentials, unreachable), before anything is copied.
 */
export async function copyMissingFiles(
  source: FileStore,
  target: FileStore,
  options: { dryRun: boolean; err: (text: string) => void },
): Promise<CopyCounts> {
  const there = new Map<string, number>();
  for await (const file of target.list('')) there.set(file.key, file.size);
  const counts: CopyCounts = { files: 0, copied: 0, skipped: 0, failed: 0, bytesCopied: 0 };
  const limit = pLimit(COPY_CONCURRENCY);
  const work: Promise<void>[] = [];
  for await (const file of source.list('')) {
    counts.files++;
    if (there.get(file.key) === file.size) {
      counts.skipped++;
      continue;
    }
    if (options.dryRun) {
      counts.copied++;
      counts.bytesCopied += file.size;
      continue;
    }
    work.push(
      limit(async () => {
        try {
          const bytes = await source.get(file.key);
          if (!bytes) throw new Error('it was removed while copying');
          await target.put(file.key, bytes);
          counts.copied++;
          counts.bytesCopied += bytes.length;
        } catch (error) {
          counts.failed++;
          options.err(`could not copy ${file.key}: ${(error as Error).message}`);
        }
      }),
    );
  }
  await Promise.all(work);
  return counts;
}

const number = (n: number) => n.toLocaleString('en-AU');
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The SDK's failure as something to do about it. */
function describeBucketFailure(error: unknown, where: string): string {
  const e = error as {
    name?: string;
    code?: string;
    message?: string;
    $metadata?: { httpStatusCode?: number };
  };
  if (e.name === 'NoSuchBucket')
    return `${where} does not exist: create it, or check S3_BUCKET / S3_PRIVATE_BUCKET.`;
  if (
    ['InvalidAccessKeyId', 'SignatureDoesNotMatch', 'AccessDenied', 'CredentialsProviderError'].includes(
      e.name ?? '',
    ) ||
    e.$metadata?.httpStatusCode === 403
  ) {
    return (
      `${where} refused this machine's credentials (${e.name}): check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, ` +
      'or the role the SDK found, and that it may list and put objects.'
    );
  }
  if (e.code && /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|EHOSTUNREACH)$/.test(e.code)) {
    return `${where} could not be reached (${e.code}): check S3_ENDPOINT and S3_REGION, and the network.`;
  }
  return `${where} could not be used: ${e.name ?? 'error'}: ${e.message ?? String(error)}`;
}

/** Runs the command with `argv` (arguments after the script name). Resolves to the process exit code. */
export async function runMediaCopyToBucket(argv: string[], io: MediaCopyIo): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      options: {
        from: { type: 'string' },
        'private-from': { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
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
  let config: AppConfig;
  try {
    config = io.config ?? loadConfig();
  } catch (error) {
    io.err((error as Error).message);
    return 2;
  }
  const s3 = config.s3;
  if (!s3) {
    io.err(
      'S3_BUCKET is not set: set it (with S3_ENDPOINT, S3_REGION and the keys the store will use) to the bucket ' +
        `to copy into.\n\n${USAGE}`,
    );
    return 2;
  }
  const cwd = io.cwd ?? process.env.INIT_CWD ?? process.cwd();
  const dryRun = args.values['dry-run'];
  const folders = [
    { name: 'media', option: args.values.from, folder: config.mediaDir },
    { name: 'private', option: args.values['private-from'], folder: config.privateUploadsDir },
  ].map((f) => ({ ...f, folder: f.option === undefined ? f.folder : path.resolve(cwd, f.option) }));
  for (const f of folders) {
    if (f.option !== undefined && !(await stat(f.folder).catch(() => null))?.isDirectory()) {
      io.err(`The folder ${f.folder} does not exist.\n\n${USAGE}`);
      return 2;
    }
  }

  // Opened as the store opens them: the same bucket, prefix and private/ rule.
  const buckets = await openFileStores({ ...config, s3 });
  let failed = 0;
  try {
    for (const f of folders) {
      const target = f.name === 'media' ? buckets.media : buckets.private;
      if (!(await stat(f.folder).catch(() => null))?.isDirectory()) {
        io.out(`${f.name}: nothing to copy (${f.folder} does not exist)`);
        continue;
      }
      let counts: CopyCounts;
      try {
        counts = await copyMissingFiles(createLocalFileStore({ root: f.folder }), target, {
          dryRun,
          err: io.err,
        });
      } catch (error) {
        io.err(`${f.name}: ${describeBucketFailure(error, `The ${target.description}`)}`);
        return 1;
      }
      failed += counts.failed;
      io.out(
        `${f.name}: ${number(counts.copied)} ${dryRun ? 'to copy' : 'copied'}, ${number(counts.skipped)} already ` +
          `there, ${number(counts.failed)} failed (of ${number(counts.files)} files in ${f.folder}; ` +
          `${megabytes(counts.bytesCopied)} ${dryRun ? 'to copy' : 'copied'}) -> ${target.description}`,
      );
    }
  } finally {
    buckets.close();
  }
  if (dryRun) io.out('Dry run: nothing was copied.');
  if (failed > 0) {
    io.err(`${number(failed)} file${failed === 1 ? '' : 's'} could not be copied: run the command again.`);
    return 1;
  }
  return 0;
}

if (isMainModule(import.meta.url, 'media-copy-to-bucket.ts')) {
  process.exitCode = await runMediaCopyToBucket(process.argv.slice(2), {
    out: (t) => process.stdout.write(`${t}\n`),
    err: (t) => process.stderr.write(`${t}\n`),
  });
}
