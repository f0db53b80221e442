/**
 * Catalog imports from the back office (issue 12), run as durable jobs (issue 38 §2, decision 0062): the upload
 * is saved in the private file store and queued here (`startImport`); `catalog-import-queue.ts` works it through
 * the same importer as `npm run catalog:import`, wherever jobs run, writing progress and the result to the
 * import's row in `catalog_imports`. One import at a time per store, whichever instance took the upload: the
 * partial unique index `catalog_imports_one_running_idx` (migration 0036) refuses a second 'running' row.
 *
 * 'running' means queued or being worked. An import whose job can no longer work it — the job failed after its
 * last try, expired for the last time, or is gone — is marked failed whenever imports are read or started
 * (`failStaleImports`), so nothing shows "running" forever.
 */
import { randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { ADMIN_IMPORT_MESSAGES as M, type AdminImport } from '@store/shared/admin-imports';
import type { Database } from '../../db/client';
import { describeDatabaseError } from '../../db/describe-database-error';
import { catalogImports, staffUsers } from '../../db/schema';
import { HttpError } from '../../plugins/error-handling';
import type { FileStore } from '../../storage/file-store';
import { JOB_SCHEMA, type JobQueue } from '../jobs/job-queue';
import { CATALOG_IMPORT_QUEUE, importFileKey, type CatalogImportJob } from './catalog-import-queue';

/** The index that lets one import run at a time (migration 0036). */
const ONE_RUNNING_INDEX = 'catalog_imports_one_running_idx';

/**
 * Marks failed (M.failed) every 'running' import whose job is not waiting, retrying or active any more — failed
 * after its last try, expired, archived or deleted — or that has no job (an import from before migration 0036).
 * With `uploads` (the private store), deletes their waiting files too. Answers the ids it marked.
 */
export async function failStaleImports(db: Database, uploads?: FileStore): Promise<string[]> {
  const stale = await db
    .update(catalogImports)
    .set({ status: 'failed', error: M.failed, finishedAt: sql`now()` })
    .where(
      sql`${catalogImports.status} = 'running' AND NOT EXISTS (
        SELECT 1 FROM ${sql.raw(JOB_SCHEMA)}.job j
        WHERE j.name = ${CATALOG_IMPORT_QUEUE} AND j.id = ${catalogImports.jobId} AND j.state < 'completed')`,
    )
    .returning({ id: catalogImports.id });
  if (uploads) {
    for (const { id } of stale) await uploads.delete(importFileKey(id)).catch(() => undefined);
  }
  return stale.map((s) => s.id);
}

const columns = {
  row: catalogImports,
  staffName: staffUsers.name,
};

function present(r: { row: typeof catalogImports.$inferSelect; staffName: string | null }): AdminImport {
  const row = r.row;
  return {
    id: row.id,
    file_name: row.fileName,
    format: row.format,
    status: row.status,
    rows_total: row.rowsTotal,
    rows_done: row.rowsDone,
    rows_rejected: row.rowsRejected,
    rejected: row.rejected,
    warnings: row.warnings,
    error: row.error,
    staff_name: r.staffName,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/** The most recent imports, newest first; stale ones marked failed first (their files deleted from `uploads`). */
export async function listImports(db: Database, uploads?: FileStore, limit = 20): Promise<AdminImport[]> {
  await failStaleImports(db, uploads);
  const rows = await db
    .select(columns)
    .from(catalogImports)
    .leftJoin(staffUsers, eq(staffUsers.id, catalogImports.staffId))
    .orderBy(desc(catalogImports.createdAt))
    .limit(limit);
  return rows.map(present);
}

/** One import, or null; stale ones marked failed first (their files deleted from `uploads`). */
export async function getImport(db: Database, id: string, uploads?: FileStore): Promise<AdminImport | null> {
  await failStaleImports(db, uploads);
  const [row] = await db
    .select(columns)
    .from(catalogImports)
    .leftJoin(staffUsers, eq(staffUsers.id, catalogImports.staffId))
    .where(eq(catalogImports.id, id));
  return row ? present(row) : null;
}

export interface StartImportOptions {
  db: Database;
  /** The store's job queue: the import's job is written in the transaction that writes its row. */
  jobs: Pick<JobQueue, 'sendInTransaction' | 'nudge'>;
  /** The private file store, where the upload waits for its job (`imports/<import id>.csv`). */
  uploads: FileStore;
  /** The CSV's text (checked to be UTF-8). */
  csv: string;
  fileName: string;
  staffId: number;
  skipInvalid: boolean;
}

/**
 * Queues an import and answers its row ('running'). The CSV is stored first, then the row and its job commit
 * together; the file is removed again when they do not. Throws HttpError 409 (M.busy) while another import is
 * queued or running, on any instance; the storage's or the database's error otherwise.
 */
export async function startImport(options: StartImportOptions): Promise<AdminImport> {
  const { db, jobs, uploads } = options;
  await failStaleImports(db, uploads);
  // Saves storing a 50 MB file that cannot run; the index below is what holds under concurrent uploads.
  const [other] = await db
    .select({ id: catalogImports.id })
    .from(catalogImports)
    .where(eq(catalogImports.status, 'running'))
    .limit(1);
  if (other) throw new HttpError(409, M.busy);

  const id = randomUUID();
  const key = importFileKey(id);
  await uploads.put(key, Buffer.from(options.csv, 'utf8'), 'text/csv; charset=utf-8');
  try {
    await db.transaction(async (tx) => {
      const job: CatalogImportJob = { importId: id, skipInvalid: options.skipInvalid };
      const jobId = await jobs.sendInTransaction(tx, CATALOG_IMPORT_QUEUE, job);
      await tx
        .insert(catalogImports)
        .values({ id, staffId: options.staffId, fileName: options.fileName, jobId });
    });
  } catch (error) {
    await uploads.delete(key).catch(() => undefined);
    const failure = describeDatabaseError(error);
    if (failure?.sqlstate === '23505' && (failure.constraint ?? ONE_RUNNING_INDEX) === ONE_RUNNING_INDEX) {
      throw new HttpError(409, M.busy);
    }
    throw error;
  }
  // Read before the local workers are woken: the answer shows the import as it was queued.
  const started = await getImport(db, id);
  jobs.nudge(CATALOG_IMPORT_QUEUE);
  if (!started) throw new Error('import row vanished');
  return started;
}
