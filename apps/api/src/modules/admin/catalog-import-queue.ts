/**
 * Back-office catalog imports as durable jobs (issue 12; issue 38 §2, decision 0062): the queue `catalog-import`
 * and the worker that runs one upload through the same importer as `npm run catalog:import` (`importCatalog`: all
 * or nothing; rejected rows block the import unless "skip invalid rows" was asked for; image URLs downloaded).
 *
 * The upload (`startImport` in admin-imports.ts) saved the CSV in the PRIVATE file store under
 * `imports/<import id>.csv` and wrote the import's row and its job in one transaction. Whichever process works
 * the job (the store with RUN_JOBS=1, or `npm run worker` on another machine) reads the file from there, writes
 * progress and the result to the import's row in `catalog_imports` — so `GET /api/admin/imports/{id}` shows them
 * from any instance — and deletes the file once the import has its result.
 *
 * A failure that is not the file's (the database away, the bucket unreachable) fails the try: pg-boss retries it,
 * and after the last try the import is marked failed. A process that dies mid-import leaves its job active until
 * the queue's expiry (`expireInSeconds`), then pg-boss retries it: the import's single transaction never left half
 * a catalog, and the importer is idempotent by SKU, so running it again is safe.
 */
import { availableParallelism } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { ADMIN_IMPORT_MESSAGES as M } from '@store/shared/admin-imports';
import type { Database } from '../../db/client';
import { catalogImports } from '../../db/schema';
import type { FileStores } from '../../storage/file-store';
import { CatalogFileError } from '../catalog-import/catalog-row';
import { importCatalog, type ImportReport } from '../catalog-import/import-catalog';
import type { JobContext, QueueDefinition } from '../jobs/job-queue';
import { recordAudit } from './record-audit';

export const CATALOG_IMPORT_QUEUE = 'catalog-import';

/** At most this many warnings are kept per import (a 10,000-product file without its pictures has 10,000). */
const MAX_WARNINGS = 1_000;
/** Progress is written to the import's row at most this often, ms. */
const PROGRESS_WRITE_MS = 500;

/** A `catalog-import` job's data: which import, and how. Nothing personal (the job's data is listed by kind only). */
export interface CatalogImportJob {
  importId: string;
  skipInvalid: boolean;
}

/** Where an upload waits for its job in the private file store. */
export function importFileKey(importId: string): string {
  return `imports/${importId}.csv`;
}

export interface CatalogImportQueueDeps {
  db: Database;
  /** `private`: where uploads wait (`importFileKey`); `media`: where the catalog's pictures go. */
  files: Pick<FileStores, 'media' | 'private'>;
  log: FastifyBaseLogger;
  /**
   * Awaited after the import's commit and before its row says finished, so that whoever asks this process after
   * "finished" sees the new catalog (the read model's refresh, decision 0019). Other processes see it by the
   * catalog version's NOTIFY or their next poll. Absent in `npm run worker`, which has no read model.
   */
  onCatalogChanged?: (() => Promise<void>) | undefined;
}

/**
 * The `catalog-import` queue for `jobs.define`: one job per upload, one worker per process (the partial unique
 * index `catalog_imports_one_running_idx` lets one import run at a time anyway). Two retries from 30 s for
 * failures that are not the file's; a try running longer than an hour is expired and retried.
 */
export function catalogImportQueue(deps: CatalogImportQueueDeps): QueueDefinition<CatalogImportJob> {
  return {
    name: CATALOG_IMPORT_QUEUE,
    retryLimit: 2,
    retryDelaySeconds: 30,
    retryBackoff: true,
    // 100,000 products with their pictures to fetch stay well inside an hour; a crash waits this long for a retry.
    expireInSeconds: 60 * 60,
    handler: (data, job) => runImportJob(deps, data, job),
  };
}

/** The job's output, kept with the completed job (counts only). */
interface ImportOutcome {
  outcome: 'finished' | 'failed' | 'file missing' | 'not running';
  created?: number;
  updated?: number;
  rejected?: number;
}

/**
 * Works one job. Throws (the try fails, and is retried) for a failure that is not the file's; on the last try the
 * import is first marked failed with the reason. An import no longer running (already finished, or marked failed
 * because its job was seen failed) is left as it is.
 */
async function runImportJob(
  deps: CatalogImportQueueDeps,
  data: CatalogImportJob,
  job: JobContext,
): Promise<ImportOutcome> {
  const { db, files, log } = deps;
  const id = data.importId;
  const key = importFileKey(id);
  const [row] = await db
    .select({
      status: catalogImports.status,
      staffId: catalogImports.staffId,
      fileName: catalogImports.fileName,
    })
    .from(catalogImports)
    .where(eq(catalogImports.id, id));
  if (!row || row.status !== 'running') {
    await deleteFile(deps, key);
    return { outcome: 'not running' };
  }
  const finish = (result: Omit<ImportResult, 'id' | 'staffId' | 'fileName'>) =>
    recordResult(db, { id, staffId: row.staffId, fileName: row.fileName, ...result });

  const bytes = await files.private.get(key);
  if (!bytes) {
    log.error(
      { importId: id, key, store: files.private.description },
      'catalog import: the uploaded file is not in the private file store (local folders on several machines?)',
    );
    await finish({ report: null, failure: M.fileMissing });
    return { outcome: 'file missing' };
  }

  // A retry starts its count again.
  await db.update(catalogImports).set({ rowsTotal: 0, rowsDone: 0 }).where(eq(catalogImports.id, id));
  const progress = progressWriter(db, id);
  let report: ImportReport | null = null;
  let failure: string | null = null;
  try {
    report = await importCatalog({
      db,
      csv: bytes,
      media: files.media,
      skipInvalid: data.skipInvalid,
      downloadImages: true,
      // Perhaps inside a running store: the pictures' WebP copies leave a core to the shoppers (decision 0026).
      imageConcurrency: Math.max(1, availableParallelism() - 1),
      onImageProgress: () => progress.write(),
      onProgress: (done, total) => progress.write({ done, total }, done === total),
    });
    if (report.blocked) failure = M.blocked(report.rejected);
    // A refresh that fails (the database went away) is the poll's to retry; the import itself has committed.
    else await deps.onCatalogChanged?.().catch(() => undefined);
  } catch (error) {
    await progress.settled();
    if (!(error instanceof CatalogFileError)) {
      if (!job.lastAttempt) throw error;
      await finish({
        report: null,
        failure: `The import failed and nothing was changed: ${(error as Error).message}`,
      });
      await deleteFile(deps, key);
      throw error;
    }
    failure = error.message;
  }
  await progress.settled();
  await finish({ report, failure });
  await deleteFile(deps, key);
  return {
    outcome: failure ? 'failed' : 'finished',
    created: report?.created ?? 0,
    updated: report?.updated ?? 0,
    rejected: report?.rejected ?? 0,
  };
}

async function deleteFile({ files, log }: CatalogImportQueueDeps, key: string): Promise<void> {
  // The result is written: a file left behind costs space, not correctness.
  await files.private
    .delete(key)
    .catch((err: unknown) => log.warn({ err, key }, 'catalog import: its file could not be deleted'));
}

/**
 * Progress written to the import's row, at most every PROGRESS_WRITE_MS (and always when forced). The writes are
 * chained and never awaited by the importer: on PGlite a write waits its turn behind the import's transaction.
 */
function progressWriter(db: Database, id: string) {
  let lastWrite = 0;
  let counts = { done: 0, total: 0 };
  let writing: Promise<unknown> = Promise.resolve();
  return {
    write(next?: { done: number; total: number }, force = false) {
      if (next) counts = next;
      const now = Date.now();
      if (!force && now - lastWrite < PROGRESS_WRITE_MS) return;
      lastWrite = now;
      const { done, total } = counts;
      writing = writing
        .then(() =>
          db
            .update(catalogImports)
            .set({ rowsTotal: total, rowsDone: done })
            .where(sql`${catalogImports.id} = ${id} AND ${catalogImports.status} = 'running'`),
        )
        .catch(() => undefined);
    },
    /** Resolves once the writes asked for so far are done (or failed). */
    settled: () => writing,
  };
}

interface ImportResult {
  id: string;
  staffId: number | null;
  fileName: string;
  /** What the importer did; null when it did not get that far. */
  report: ImportReport | null;
  /** Why the import failed (shown to staff), or null when it finished. */
  failure: string | null;
}

/** Writes the import's result to its row and its `catalog.import` audit row, in one transaction. */
async function recordResult(db: Database, r: ImportResult): Promise<void> {
  const { report, failure } = r;
  const rejected = (report?.rejections ?? []).map((x) => ({
    line: x.line,
    reason: `column "${x.column}": ${x.reason}`,
  }));
  const warnings = report?.warnings ?? [];
  const kept =
    warnings.length > MAX_WARNINGS
      ? [...warnings.slice(0, MAX_WARNINGS), `… and ${warnings.length - MAX_WARNINGS} more warnings`]
      : warnings;
  const done = report && !report.blocked ? report.created + report.updated + report.unchanged : 0;
  const total = report ? report.rows + report.rejected : 0;
  const status = failure ? 'failed' : 'finished';
  await db.transaction(async (tx) => {
    await tx
      .update(catalogImports)
      .set({
        status,
        format: report?.format ?? null,
        rowsTotal: Math.max(total, done),
        rowsDone: done,
        rowsRejected: report?.rejected ?? 0,
        rejected,
        warnings: kept,
        error: failure,
        finishedAt: sql`now()`,
      })
      .where(eq(catalogImports.id, r.id));
    await recordAudit(tx, {
      staffId: r.staffId,
      action: 'catalog.import',
      entityType: 'catalog',
      entityId: r.id,
      before: null,
      after: {
        file_name: r.fileName,
        status,
        format: report?.format ?? null,
        created: report?.created ?? 0,
        updated: report?.updated ?? 0,
        unchanged: report?.unchanged ?? 0,
        rejected: report?.rejected ?? 0,
        skipped: report?.skipped ?? 0,
        warnings: warnings.length,
      },
    });
  });
}
