/**
 * Opens the database (DESIGN §2): PostgreSQL through `pg` when DATABASE_URL is set, else embedded PGlite,
 * and applies the committed migrations. Both speak one SQL dialect and share one Drizzle schema.
 */
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataFolder, type DataFolderLock } from './data-folder-lock';
import { MIGRATIONS_DIR, readMigrationStatus } from './migration-status';
import { createStatementNamer, namedStatementsClient } from './named-statements-client';

/**
 * The store's database handle. Without Drizzle's relational `db.query` API: given the schema, Drizzle builds a
 * query builder per table on every transaction and savepoint it opens, a few per placed order (decision 0097).
 */
export type Database = PgDatabase<PgQueryResultHKT>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The migrations this open applied, by tag (empty when none was pending); absent when it did not migrate. */
  migrationsApplied?: string[];
  /**
   * The PostgreSQL pool's connections now (pg's totalCount, idleCount, waitingCount and its `max`), for
   * `/metrics` (decision 0063); absent on PGlite, which has one connection inside the process and no pool.
   */
  poolStats?: () => { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
}

/**
 * The session-level advisory lock every migrator takes on PostgreSQL (issue 38 §4, decision 0064): held on one
 * connection from before it reads what is applied until after it has applied the rest, so that instances and
 * `npm run db:migrate` started at once apply each migration once, one after the other.
 */
export const MIGRATION_LOCK_KEY = 727274;

/** PGlite's shared_buffers (see openDatabase); PostgreSQL's own setting is the operator's. */
export const PGLITE_SHARED_BUFFERS = '32MB';

/**
 * PGlite's max_wal_size and min_wal_size (decision 0090). PGlite has no checkpointer: it checkpoints when the WAL
 * written since the last checkpoint passes max_wal_size (the standalone backend does it itself), and keeps up to
 * about that much in pg_wal to reuse. At PostgreSQL's 1 GB, a store of 100,000 products with fitments kept 561 MB
 * of WAL beside 540 MB of tables, all of it in every backup. 128 MB measured no slower for imports.
 */
export const PGLITE_WAL_SIZES = { max: '128MB', min: '32MB' } as const;

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite folder, or `memory://`. */
  pgliteDir?: string;
  /** A PGlite data-dir dump to start from (tests copy one migrated template). */
  pgliteLoadDataDir?: Blob;
  /**
   * What this process is, as the PGlite folder's lock names it to a second opener (decision 0042): STORE_HOLDER
   * for the store (CLIs send it their commands), else the command line, e.g. `npm run admin:create`.
   */
  pgliteHolder?: string;
  /** Apply migrations (default true). */
  migrate?: boolean;
  /** PostgreSQL connections this process may hold (DATABASE_POOL_SIZE); default defaultPoolSize(). */
  poolSize?: number;
  /**
   * Repeated statements run as named prepared statements on PostgreSQL (DATABASE_PREPARED_STATEMENTS, default
   * true; decision 0093).
   */
  preparedStatements?: boolean;
}

/**
 * Connections a process holds to PostgreSQL unless DATABASE_POOL_SIZE says otherwise: twice the cores this process
 * may use, 4 at least and 10 at most (decision 0072). On a 2-core machine running the store and PostgreSQL, 4
 * placed 82 orders/s against 10's 73 (20 connections, p97.5 386-477 ms against 423-625 ms): backends beyond the
 * cores only take turns. Larger machines keep the 10 of before.
 */
export function defaultPoolSize(cores = os.availableParallelism()): number {
  return Math.max(4, Math.min(10, 2 * cores));
}

/** Opens and migrates the database. Throws if it cannot connect or a migration fails. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const shouldMigrate = options.migrate ?? true;
  if (options.databaseUrl) {
    // A database that does not answer fails a request in 5 s (503) instead of holding it forever.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? defaultPoolSize(),
      connectionTimeoutMillis: 5_000,
      ...(options.preparedStatements === false
        ? {}
        : { Client: namedStatementsClient(createStatementNamer()) }),
    });
    // An idle connection can be cut by the server (restart, failover, an administrator). The pool drops it and
    // opens another on the next query; without a listener the 'error' event would crash the whole process.
    // One line per outage (every idle connection reports it), not one per connection.
    let lastWarnMs = 0;
    pool.on('error', (err) => {
      const now = Date.now();
      if (now - lastWarnMs < 30_000) return;
      lastWarnMs = now;
      console.warn(`PostgreSQL closed an idle connection (${err.message}); the pool will reconnect.`);
    });
    // pg-pool listens for errors only on the clients it holds idle: a client checked out (a transaction, between
    // two of its statements or under one) whose backend ends emits 'error' with no listener, which throws and
    // ends the process (issue 43 §4). This listener stays for the client's life. The error is not lost: the
    // statement under way, or the next one on that client, fails with it (a 503), and pg-pool drops the client
    // when it comes back unqueryable.
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    const db = drizzlePg(pool) as unknown as Database;
    let migrationsApplied: string[] | undefined;
    if (shouldMigrate) {
      try {
        migrationsApplied = await migratePostgres(pool);
      } catch (error) {
        await pool.end().catch(() => {});
        throw error;
      }
    }
    return {
      db,
      kind: 'postgres',
      ...(migrationsApplied ? { migrationsApplied } : {}),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: pool.options.max,
      }),
      // pool.end() waits for every client checked out to come back; one lost to a broken connection during an
      // outage would hold the store's shutdown (and a test's cleanup) forever, so it waits 10 s at most.
      close: () =>
        new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => {
            console.warn('PostgreSQL pool: a connection did not close within 10 s; closing without it.');
            resolve();
          }, 10_000);
          timer.unref();
          pool.end().then(
            () => {
              clearTimeout(timer);
              resolve();
            },
            (err: unknown) => {
              clearTimeout(timer);
              reject(err instanceof Error ? err : new Error(String(err)));
            },
          );
        }),
    };
  }

  const dir = options.pgliteDir ?? 'memory://';
  if (dir !== 'memory://') mkdirSync(dir, { recursive: true });
  // One process per folder (issue 43 §3): throws DataFolderLockedError, naming the holder, before PGlite opens it.
  const lock =
    dir === 'memory://'
      ? undefined
      : lockDataFolder(
          dir,
          options.pgliteHolder ?? `the command ${path.basename(process.argv[1] ?? 'node')}`,
        );
  try {
    return await openPglite(dir, options, shouldMigrate, lock);
  } catch (error) {
    lock?.release();
    throw error;
  }
}

async function openPglite(
  dir: string,
  options: OpenDatabaseOptions,
  shouldMigrate: boolean,
  lock: DataFolderLock | undefined,
): Promise<DatabaseHandle> {
  const client = new PGlite(dir, {
    extensions: { pg_trgm },
    // PostgreSQL's default 128 MB of shared buffers lives inside PGlite's WebAssembly memory and is touched as
    // pages are read, so it counts fully in the store's RSS (issue 13: ≤ 512 MiB at 100,000 products). Catalog
    // reads answer from the read model (decision 0019), not from buffered pages; 32 MB keeps the hot indexes.
    startParams: [
      ...PGlite.defaultStartParams,
      ...['-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
      ...['-c', `max_wal_size=${PGLITE_WAL_SIZES.max}`, '-c', `min_wal_size=${PGLITE_WAL_SIZES.min}`],
    ],
    ...(options.pgliteLoadDataDir ? { loadDataDir: options.pgliteLoadDataDir } : {}),
  });
  const pgliteDb = drizzlePglite(client);
  let migrationsApplied: string[] | undefined;
  try {
    await client.waitReady;
    if (shouldMigrate) {
      // One process owns the folder (decision 0042): nobody else can migrate it between the look and the apply.
      migrationsApplied = (await readMigrationStatus(pgliteDb)).pending;
      await migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_DIR });
    }
  } catch (error) {
    // Closed before its lock is released, so the next opener finds the folder as this one left it.
    await client.close().catch(() => {});
    throw error;
  }
  return {
    db: pgliteDb as unknown as Database,
    kind: 'pglite',
    ...(migrationsApplied ? { migrationsApplied } : {}),
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/**
 * Applies the pending migrations under MIGRATION_LOCK_KEY on one connection of `pool`; resolves to the tags it
 * applied (none when another migrator got there first). A migrator that finds the lock held waits for it.
 */
async function migratePostgres(pool: pg.Pool): Promise<string[]> {
  const client = await pool.connect();
  let unlocked = false;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const session = drizzlePg(client);
    // Read under the lock: what the migrator below applies, not what another applied meanwhile.
    const { pending } = await readMigrationStatus(session);
    await migratePg(session, { migrationsFolder: MIGRATIONS_DIR });
    return pending;
  } finally {
    try {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      unlocked = true;
    } catch {
      // The connection is broken: the lock ended with its session.
    }
    // A connection still holding the lock must not go back to the pool (it would keep it): closing it frees it.
    client.release(!unlocked);
  }
}

/** The PGlite client under `db`, or undefined on PostgreSQL: backups dump its data folder (decision 0064). */
export function pgliteClientOf(db: Database): PGlite | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : undefined;
}

/** Largest PostgreSQL `integer` (serial ids): a bigger number names no row, and must not reach a query. */
export const MAX_DB_ID = 2_147_483_647;

/** Reads `rows` from `db.execute` under either driver. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** True when the catalog has no products (first start). */
export async function isCatalogEmpty(db: Database): Promise<boolean> {
  const r = rowsOf<{ one: number }>(await db.execute(sql`SELECT 1 AS one FROM products LIMIT 1`));
  return r.length === 0;
}
