/**
 * Backups of the embedded database (issue 38 §5, decision 0064). A backup is one gzipped tarball holding
 * `manifest.json` (when, the migrations applied, the store's version, the PostgreSQL version inside PGlite, and the
 * size and SHA-256 of the data) and `pglite-data.tar`, PGlite's own dump of its data folder (`dumpDataDir`), which
 * `new PGlite(dir, { loadDataDir })` opens again.
 *
 * The copy is consistent while the store serves: PGlite runs one statement or transaction at a time, and the dump
 * is taken under its transaction lock, so it sees no transaction half done, only what was committed before it
 * (a CHECKPOINT just before keeps the recovery it replays on opening short). It holds the folder in memory for the
 * moment of the dump (the folder's size; about 60 MB for the demo catalog).
 *
 * A restore never writes over the folder it replaces: the copy is opened into a new folder beside it first (a
 * damaged or foreign copy fails there), then the current folder is renamed aside with the time and the new one
 * takes its name.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGzip, gunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import tar from 'tar-stream';
import { z } from 'zod';
import { REPO_ROOT } from '../env';
import { openDatabase, pgliteClientOf, rowsOf, type Database } from './client';
import { readMigrationJournal, readMigrationStatus, type MigrationStatus } from './migration-status';

export const BACKUP_MANIFEST_FILE = 'manifest.json';
export const BACKUP_DATA_FILE = 'pglite-data.tar';

export const backupManifestSchema = z.object({
  format: z.literal('auto-parts-store-backup'),
  formatVersion: z.literal(1),
  database: z.literal('pglite'),
  /** ISO time the copy was taken. */
  createdAt: z.iso.datetime(),
  /** The release that took it: `@store/api`'s version and, where the store runs from a git checkout, its commit. */
  store: z.object({ version: z.string(), commit: z.string().optional() }),
  /** `server_version` of the copied database (PGlite's PostgreSQL): a PGlite of another major cannot open it. */
  postgres: z.string(),
  migrations: z.object({ applied: z.number().int().min(0), latest: z.string().nullable() }),
  data: z.object({
    file: z.literal(BACKUP_DATA_FILE),
    bytes: z.number().int().min(0),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  }),
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;

/** A file that is not a backup this release can restore; `message` says why, in a sentence. */
export class BackupFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupFileError';
  }
}

/** `2025-06-01T10-20-30Z`: a time for file names (no colons). */
export function fileTimestamp(date = new Date()): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
}

function storeVersion(): BackupManifest['store'] {
  const { version } = z
    .object({ version: z.string() })
    .parse(JSON.parse(readFileSync(path.join(REPO_ROOT, 'apps/api/package.json'), 'utf8')));
  let commit: string | undefined;
  try {
    commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 2_000,
      encoding: 'utf8',
    }).trim();
  } catch {
    // Not a git checkout (an unpacked release): the version alone.
  }
  return { version, ...(commit ? { commit } : {}) };
}

/** The data folder of the PGlite under `db` as PGlite's tar, with no transaction under way. */
async function dumpConsistent(db: Database): Promise<Buffer> {
  const client = pgliteClientOf(db);
  if (!client) throw new Error('a PGlite backup needs the embedded database (this one is PostgreSQL)');
  await client.exec('CHECKPOINT');
  // Every query and transaction of a PGlite takes this lock: none is under way while the folder is read.
  const dump = await client._runExclusiveTransaction(() => client.dumpDataDir('none'));
  return Buffer.from(await dump.arrayBuffer());
}

/**
 * Writes a backup of the embedded database `db` to `file` (mode 0600: it holds customers' data), through
 * `<file>.partial` so that a file by that name is always whole. Throws when `file` exists or cannot be written.
 */
export async function writePgliteBackup(db: Database, file: string): Promise<BackupManifest> {
  if (existsSync(file)) throw new BackupFileError(`${file} already exists: choose another --out.`);
  const status = await readMigrationStatus(db);
  const [version] = rowsOf<{ server_version: string }>(await db.execute(sql`SHOW server_version`));
  const createdAt = new Date();
  const data = await dumpConsistent(db);
  const manifest: BackupManifest = {
    format: 'auto-parts-store-backup',
    formatVersion: 1,
    database: 'pglite',
    createdAt: createdAt.toISOString(),
    store: storeVersion(),
    postgres: version?.server_version ?? 'unknown',
    migrations: { applied: status.applied, latest: status.latest },
    data: { file: BACKUP_DATA_FILE, bytes: data.length, sha256: sha256(data) },
  };
  const pack = tar.pack();
  const partial = `${file}.partial`;
  const written = pipeline(pack, createGzip(), createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
  pack.entry({ name: BACKUP_MANIFEST_FILE, mtime: createdAt }, `${JSON.stringify(manifest, null, 2)}\n`);
  pack.entry({ name: BACKUP_DATA_FILE, mtime: createdAt, size: data.length }, data);
  pack.finalize();
  try {
    await written;
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return manifest;
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The entries of a tar held in memory, by name. */
async function untar(archive: Buffer): Promise<Map<string, Buffer>> {
  const entries = new Map<string, Buffer>();
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: unknown) => chunks.push(Buffer.from(c as Uint8Array)));
    stream.on('end', () => {
      entries.set(header.name, Buffer.concat(chunks));
      next();
    });
    stream.resume();
  });
  await pipeline(Readable.from([archive]), extract);
  return entries;
}

/**
 * Reads and checks the backup `file`: a gzipped tarball with a manifest this release reads and data of the size
 * and SHA-256 it names, taken by this release or an earlier one. Throws BackupFileError saying what is wrong.
 */
export async function readPgliteBackup(file: string): Promise<{ manifest: BackupManifest; data: Buffer }> {
  let bytes: Buffer;
  try {
    if (!(await stat(file)).isFile()) throw new BackupFileError(`${file} is not a file.`);
    bytes = await readFile(file);
  } catch (error) {
    if (error instanceof BackupFileError) throw error;
    throw new BackupFileError(
      `${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`,
    );
  }
  const notBackup = (why: string) =>
    new BackupFileError(`${file} is not a backup made by npm run db:backup: ${why}.`);
  let entries: Map<string, Buffer>;
  try {
    entries = await untar(await promisify(gunzip)(bytes));
  } catch {
    throw notBackup('it is not a gzipped tarball, or it was cut short');
  }
  const manifestText = entries.get(BACKUP_MANIFEST_FILE);
  if (!manifestText) throw notBackup(`it has no ${BACKUP_MANIFEST_FILE}`);
  let manifest: BackupManifest;
  try {
    manifest = backupManifestSchema.parse(JSON.parse(manifestText.toString('utf8')));
  } catch {
    throw notBackup(`its ${BACKUP_MANIFEST_FILE} is not one this release reads`);
  }
  const data = entries.get(BACKUP_DATA_FILE);
  if (!data || data.length !== manifest.data.bytes || sha256(data) !== manifest.data.sha256) {
    throw new BackupFileError(
      `${file} is damaged: its database copy is not the one its manifest describes (size or SHA-256 differ). ` +
        'Use another backup.',
    );
  }
  const latest = manifest.migrations.latest;
  if (latest !== null && !readMigrationJournal().some((m) => m.tag === latest)) {
    throw new BackupFileError(
      `${file} was taken by a newer release (its database has migration ${latest}, which this release does ` +
        'not know): restore it with that release or a later one.',
    );
  }
  return { manifest, data };
}

/**
 * Restores `data` (a checked backup's database copy) as the PGlite folder `dir`, which the caller has locked:
 * opens the copy in `<dir>.restoring-<time>` (throws, leaving `dir` as it was, when PGlite cannot open it), renames
 * `dir` to `<dir>.before-restore-<time>` when it exists, and moves the copy into its place. Resolves to the copy's
 * migration status and where the replaced folder went.
 */
export async function restorePgliteFolder(
  dir: string,
  data: Buffer,
  now = new Date(),
): Promise<{ status: MigrationStatus; asideDir: string | undefined }> {
  const stamp = fileTimestamp(now);
  const staging = `${dir}.restoring-${stamp}`;
  let status: MigrationStatus;
  try {
    const copy = await openDatabase({
      pgliteDir: staging,
      pgliteLoadDataDir: new Blob([data]),
      pgliteHolder: 'npm run db:restore',
      migrate: false,
    });
    try {
      status = await readMigrationStatus(copy.db);
    } finally {
      await copy.close();
    }
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  let asideDir: string | undefined;
  if (existsSync(dir)) {
    asideDir = `${dir}.before-restore-${stamp}`;
    await rename(dir, asideDir);
  }
  try {
    await rename(staging, dir);
  } catch (error) {
    if (asideDir) await rename(asideDir, dir);
    throw error;
  }
  return { status, asideDir };
}
