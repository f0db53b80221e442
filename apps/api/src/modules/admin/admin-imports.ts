/**
 * Catalog imports from the back office (issue 12): an uploaded CSV runs through the same importer as
 * `npm run catalog:import` (all or nothing; rejected rows block the import unless "skip invalid rows" is asked
 * for), in the background after the upload is answered, with image URLs downloaded. Progress lives in
 * `catalog_imports`; the running import's counts are also kept in memory, because PGlite runs one statement at a
 * time and the import's transaction holds it. One import at a time per store. An import this process is not
 * running cannot be running at all (the store runs one process), so a row left 'running' by a crash or restart is
 * marked failed whenever imports are read or started.
 */
import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { ADMIN_IMPORT_MESSAGES as M, type AdminImport } from '@store/shared/admin-imports';
import type { Database } from '../../db/client';
import { catalogImports, staffUsers } from '../../db/schema';
import { HttpError } from '../../plugins/error-handling';
import type { FileStore } from '../../storage/file-store';
import { CatalogFileError } from '../catalog-import/catalog-row';
import { importCatalog, type ImportReport } from '../catalog-import/import-catalog';
import { recordAudit } from './record-audit';

/** At most this many warnings are kept per import (a 10,000-product file without its pictures has 10,000). */
const MAX_WARNINGS = 1_000;
/** Progress is written to the database at most this often, ms. */
const PROGRESS_WRITE_MS = 500;

interface Live {
  rowsTotal: number;
  rowsDone: number;
  /** Resolves when the import has finished and its row is written. */
  finished: Promise<void>;
}

/** The import each database is running, by import id (one at a time; see the module comment). */
const running = new WeakMap<Database, Map<string, Live>>();
function liveOf(db: Database): Map<string, Live> {
  let live = running.get(db);
  if (!live) {
    live = new Map();
    running.set(db, live);
  }
  return live;
}

/** Marks 'running' rows that no import in this process is running as failed (a crash or restart stopped them). */
export async function failStaleImports(db: Database): Promise<void> {
  const ids = [...liveOf(db).keys()];
  await db
    .update(catalogImports)
    .set({ status: 'failed', error: M.interrupted, finishedAt: sql`now()` })
    .where(
      and(
        eq(catalogImports.status, 'running'),
        ids.length > 0 ? notInArray(catalogImports.id, ids) : undefined,
      ),
    );
}

const columns = {
  row: catalogImports,
  staffName: staffUsers.name,
};

function present(db: Database, r: { row: typeof catalogImports.$inferSelect; staffName: string | null }) {
  const live = liveOf(db).get(r.row.id);
  const row = r.row;
  return {
    id: row.id,
    file_name: row.fileName,
    format: row.format,
    status: row.status,
    rows_total: live ? Math.max(live.rowsTotal, row.rowsTotal) : row.rowsTotal,
    rows_done: live ? Math.max(live.rowsDone, row.rowsDone) : row.rowsDone,
    rows_rejected: row.rowsRejected,
    rejected: row.rejected,
    warnings: row.warnings,
    error: row.error,
    staff_name: r.staffName,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  } satisfies AdminImport;
}

/** The most recent imports, newest first. */
export async function listImports(db: Database, limit = 20): Promise<AdminImport[]> {
  await failStaleImports(db);
  const rows = await db
    .select(columns)
    .from(catalogImports)
    .leftJoin(staffUsers, eq(staffUsers.id, catalogImports.staffId))
    .orderBy(desc(catalogImports.createdAt))
    .limit(limit);
  return rows.map((r) => present(db, r));
}

/** One import, or null. */
export async function getImport(db: Database, id: string): Promise<AdminImport | null> {
  await failStaleImports(db);
  const [row] = await db
    .select(columns)
    .from(catalogImports)
    .leftJoin(staffUsers, eq(staffUsers.id, catalogImports.staffId))
    .where(eq(catalogImports.id, id));
  return row ? present(db, row) : null;
}

export interface StartImportOptions {
  db: Database;
  /** The public media store the catalog's pictures go to. */
  media: FileStore;
  csv: string;
  fileName: string;
  staffId: number;
  skipInvalid: boolean;
  /** Told about an import that failed for a reason other than its file (a bug, the database). */
  onError?: (error: unknown) => void;
  /**
   * Awaited after the import's commit and before its row says finished, so that whoever sees "finished" sees
   * the new catalog (the read model's refresh, decision 0019).
   */
  onCatalogChanged?: () => Promise<void>;
}

/**
 * Starts an import and answers its row at once; the import goes on in the background. Throws HttpError 409
 * while another import runs. `finished` (for tests and shutdown) resolves when the row has its result.
 */
export async function startImport(
  options: StartImportOptions,
): Promise<{ started: AdminImport; finished: Promise<void> }> {
  const { db } = options;
  const live = liveOf(db);
  if (live.size > 0) throw new HttpError(409, M.busy);
  const id = randomUUID();
  // Claimed before the first await, so two uploads at the same moment cannot both start.
  const state: Live = { rowsTotal: 0, rowsDone: 0, finished: Promise.resolve() };
  live.set(id, state);
  try {
    await failStaleImports(db);
    const [other] = await db
      .select({ id: catalogImports.id })
      .from(catalogImports)
      .where(eq(catalogImports.status, 'running'))
      .limit(1);
    if (other) throw new HttpError(409, M.busy);
    await db.insert(catalogImports).values({ id, staffId: options.staffId, fileName: options.fileName });
  } catch (error) {
    live.delete(id);
    throw error;
  }
  state.finished = run(options, id, state).finally(() => live.delete(id));
  const started = await getImport(db, id);
  if (!started) throw new Error('import row vanished');
  return { started, finished: state.finished };
}

async function run(options: StartImportOptions, id: string, state: Live): Promise<void> {
  const { db } = options;
  let lastWrite = 0;
  let writing: Promise<unknown> = Promise.resolve();
  const writeProgress = (force = false) => {
    const now = Date.now();
    if (!force && now - lastWrite < PROGRESS_WRITE_MS) return;
    lastWrite = now;
    const { rowsTotal, rowsDone } = state;
    // Chained, never awaited by the importer: a write waits its turn behind the import's transaction.
    writing = writing
      .then(() =>
        db
          .update(catalogImports)
          .set({ rowsTotal, rowsDone })
          .where(and(eq(catalogImports.id, id), eq(catalogImports.status, 'running'))),
      )
      .catch(() => undefined);
  };

  let report: ImportReport | null = null;
  let failure: string | null = null;
  try {
    report = await importCatalog({
      db,
      csv: options.csv,
      media: options.media,
      skipInvalid: options.skipInvalid,
      downloadImages: true,
      // Inside the running store: the pictures' WebP copies leave a core to the shoppers (decision 0026).
      imageConcurrency: Math.max(1, availableParallelism() - 1),
      onImageProgress: () => writeProgress(),
      onProgress: (done, total) => {
        state.rowsTotal = total;
        state.rowsDone = done;
        writeProgress(done === total);
      },
    });
    if (report.blocked) failure = M.blocked(report.rejected);
    // A refresh that fails (the database went away) is the poll's to retry; the import itself has committed.
    else await options.onCatalogChanged?.().catch(() => undefined);
  } catch (error) {
    if (error instanceof CatalogFileError) failure = error.message;
    else {
      failure = `The import failed and nothing was changed: ${(error as Error).message}`;
      options.onError?.(error);
    }
  }
  await writing;

  const rejected = (report?.rejections ?? []).map((r) => ({
    line: r.line,
    reason: `column "${r.column}": ${r.reason}`,
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
      .where(eq(catalogImports.id, id));
    await recordAudit(tx, {
      staffId: options.staffId,
      action: 'catalog.import',
      entityType: 'catalog',
      entityId: id,
      before: null,
      after: {
        file_name: options.fileName,
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
