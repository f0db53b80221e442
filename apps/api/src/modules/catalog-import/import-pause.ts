/**
 * How a file import shares the store's event loop (decision 0087): the catalog, vehicle and fitment imports run in
 * the store's process when the store runs them (the command line's control channel, decision 0042; the back
 * office's jobs, decision 0062), so each gives the loop a turn once it has held it for IMPORT_SLICE_MS.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { slicePauser } from '../catalog/run-in-slices';

/**
 * Ms of an import's own work between two turns of the event loop: long enough that the import keeps most of the
 * process against the pre-renderer's page-at-a-time turns, short enough that a shopper's request waits at most
 * about this long.
 */
export const IMPORT_SLICE_MS = 40;

/** Gives the event loop a turn once an import has held it for IMPORT_SLICE_MS (`const t = importPause(); if (t) await t`). */
export const importPause = slicePauser(IMPORT_SLICE_MS);

/**
 * `items`, `size` at a time. Between two, a turn of the event loop once the import has held it for IMPORT_SLICE_MS:
 * an awaited PGlite statement resolves as a microtask and runs as synchronous WebAssembly, so a loop of them would
 * otherwise hold a store importing for all of them.
 */
export async function* chunks<T>(items: readonly T[], size: number): AsyncGenerator<T[]> {
  for (let i = 0; i < items.length; i += size) {
    if (i > 0) {
      const turn = importPause();
      if (turn) await turn;
    }
    yield items.slice(i, i + size);
  }
}

/**
 * Fresh planner statistics for `tables` after a bulk import (decision 0083), a table a statement with a turn of the
 * event loop between: on the embedded database ANALYZE runs on the loop, and the catalog import's seven tables in
 * one statement held it 1.3 s at 100,000 products (products alone 0.7 s). `tables` are the store's own table names.
 */
export async function analyzeTables(db: Database, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    await db.execute(sql.raw(`ANALYZE ${table}`));
    const turn = importPause();
    if (turn) await turn;
  }
}
