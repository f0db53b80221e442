/**
 * The catalog read model (issue 13, decision 0019): the whole catalog in this process as a `CatalogView`, so that
 * catalog reads cost the same at 1,000 and 100,000 products and never wait on the database.
 *
 * Freshness contract:
 * - A change made in this process calls `refresh()` after its commit and awaits it: the very next request sees it.
 * - Changes made elsewhere (another instance, the CLI importer) are seen by the poll, every `pollMs` (1 s by
 *   default): it reads the database's clock and the catalog version in one round trip; a new version reloads
 *   everything, otherwise only the product rows whose `changed_at` moved (stock taken by orders, edits) are
 *   re-read. On PostgreSQL a LISTEN on `catalog_changed` polls at once when another instance bumps the version.
 *   Stock shown may therefore lag by about `pollMs`; placing an order always checks stock in the database.
 * - `pollMs: 0` checks before every read (tests that write the database directly use it).
 * - While the database cannot be reached, reads keep answering from the last view (stale-if-error); only the
 *   first load needs the database.
 */
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../../db/client';
import { loadFitmentIndex } from './catalog-fitments';
import { CATALOG_CHANNEL } from './catalog-version';
import {
  loadCatalogEntries,
  loadChangedEntries,
  loadProductJsons,
  loadTaxonomy,
  readClockAndVersion,
  TooManyChanges,
  type CatalogTaxonomy,
  type ReadProduct,
} from './catalog-snapshot';
import { catalogOrderSteps } from './catalog-orders';
import { createCatalogView, entryLookupSteps, type CatalogView } from './catalog-view';
import { createProductJsonCache } from './product-json-cache';
import { runInSlices } from './run-in-slices';

/**
 * How far back each poll looks for changed rows, ms. `changed_at` is its transaction's start, so a transaction
 * that commits after a poll began is still found by the next polls as long as it took less than this.
 */
const CHANGE_WINDOW_MS = 10_000;

export interface CatalogReadModelOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** Ms between polls; 0 checks before every read. */
  pollMs: number;
  /** PostgreSQL URL to LISTEN on for other instances' catalog changes (none on embedded PGlite). */
  listenUrl?: string | undefined;
  /**
   * The budget of the products' answer JSON held in memory, bytes (CATALOG_JSON_CACHE_MB, decision 0077); the
   * rest is read from the database when asked for.
   */
  jsonCacheBytes: number;
}

export interface CatalogReadModel {
  /** The current view; loads it on first use (throws if the database cannot be read then). */
  view(): Promise<CatalogView>;
  /** Checks the database now and applies what changed; resolves when the view shows it. */
  refresh(): Promise<void>;
  /** Stops polling and listening. */
  close(): Promise<void>;
}

export function createCatalogReadModel(options: CatalogReadModelOptions): CatalogReadModel {
  const { db, log, pollMs } = options;
  let current: CatalogView | null = null;
  /** The one load or poll under way; everyone who asks waits for the same one. */
  let running: Promise<void> | null = null;
  /** A refresh asked for while one was running: run once more after it, so a commit just made is seen. */
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  let listener: pg.Client | null = null;
  let listenStarted = false;
  let lastErrorLogMs = 0;

  async function loadAll(): Promise<void> {
    const started = performance.now();
    const clock = await readClockAndVersion(db);
    // A working set of its own: a new version may change what every product's JSON shows (a brand renamed, say)
    // without moving the products' changed_at, so nothing of the old one is trusted.
    const jsons = createProductJsonCache({
      maxBytes: options.jsonCacheBytes,
      load: (ids) => loadProductJsons(db, ids),
    });
    const [entries, taxonomy, fitments] = await Promise.all([
      loadCatalogEntries(db, jsons),
      loadTaxonomy(db),
      loadFitmentIndex(db),
    ]);
    // Made in slices: the view answering meanwhile keeps answering (decision 0079).
    const lookups = await runInSlices(entryLookupSteps(entries)).done;
    // Every sort too, so no shopper waits for a sort of the whole catalog (decision 0080).
    const orders = await runInSlices(catalogOrderSteps(entries, (id) => lookups.slots[id])).done;
    current = createCatalogView({
      version: clock.version,
      entries,
      lookups,
      orders,
      taxonomy,
      fitments,
      jsons,
      sinceMs: clock.nowMs - CHANGE_WINDOW_MS,
      // Searches keep answering from the old catalog's index while the new one is built (decision 0074).
      previousSearch: current?.searchBuild ?? null,
      onSearchBuilt: (products, ms) =>
        log.info(`catalog read model: search index of ${products} products built in ${Math.round(ms)} ms`),
    });
    log.info(
      `catalog read model: ${entries.length} products loaded (version ${clock.version}) in ${Math.round(performance.now() - started)} ms, the JSON of ${jsons.stats().products} held as sent and ${jsons.stats().packed} compressed`,
    );
  }

  async function poll(): Promise<void> {
    if (!current) return loadAll();
    const clock = await readClockAndVersion(db);
    if (clock.version !== current.version) return loadAll();
    let changed: ReadProduct[];
    try {
      changed = await loadChangedEntries(db, current.sinceMs);
    } catch (error) {
      if (error instanceof TooManyChanges) return loadAll();
      throw error;
    }
    let taxonomy: CatalogTaxonomy | undefined;
    // A product naming a brand or category the view does not know came with a new taxonomy row.
    if (changed.some((p) => !current?.knowsTaxonomyOf(p.entry))) taxonomy = await loadTaxonomy(db);
    current.apply(changed, clock.nowMs - CHANGE_WINDOW_MS, taxonomy);
  }

  function runOnce(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await poll();
        } while (again);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  function schedule() {
    if (closed || pollMs <= 0 || timer) return;
    timer = setTimeout(() => {
      timer = null;
      runOnce()
        .catch((error: unknown) => {
          // Stale-if-error: the last view keeps answering; say so at most once a minute.
          const now = Date.now();
          if (now - lastErrorLogMs > 60_000) {
            lastErrorLogMs = now;
            log.warn(
              `catalog read model: could not check the catalog (${(error as Error).message}); serving the last view`,
            );
          }
        })
        .finally(schedule);
    }, pollMs);
    timer.unref();
  }

  /** When the LISTEN connection was lost (ms), while it is being opened again; null while it listens. */
  let listenLostAt: number | null = null;

  /**
   * LISTENs on one connection of its own; a lost connection (a backend ended, a failover, a restart) is opened
   * again a second later, for as long as it takes (issue 43 §4: no database event may end the process, and the
   * store reconnects by itself). Said once when lost and once when back, not at every attempt.
   */
  function listen(url: string) {
    if (closed) return;
    const client = new pg.Client({ connectionString: url });
    listener = client;
    let dropped = false;
    const reconnect = (error: Error) => {
      if (dropped) return;
      dropped = true;
      if (listener === client) listener = null;
      client.end().catch(() => {});
      if (closed) return;
      if (listenLostAt === null) {
        listenLostAt = Date.now();
        log.warn(`catalog read model: LISTEN connection lost (${error.message}); polling until it is back`);
      }
      setTimeout(() => listen(url), 1_000).unref();
    };
    // Every 'error' of this client, now or later, goes here: an 'error' without a listener ends the process.
    client.on('error', reconnect);
    client.on('notification', (n) => {
      if (n.channel === CATALOG_CHANNEL && current && Number(n.payload) !== current.version)
        void runOnce().catch(() => {});
    });
    client
      .connect()
      .then(() => client.query(`LISTEN ${CATALOG_CHANNEL}`))
      .then(() => {
        if (closed || listenLostAt === null) return;
        log.info(
          `catalog read model: LISTEN connection back after ${Math.round((Date.now() - listenLostAt) / 1000)} s`,
        );
        listenLostAt = null;
        // Notifications sent while it was away are lost: look once now rather than at the next poll.
        void runOnce().catch(() => {});
      })
      .catch(reconnect);
  }

  return {
    async view() {
      if (!current || pollMs <= 0) await runOnce();
      if (!current) throw new Error('the catalog could not be loaded');
      schedule();
      if (options.listenUrl && !listenStarted && !closed) {
        listenStarted = true;
        listen(options.listenUrl);
      }
      return current;
    },
    async refresh() {
      await runOnce();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      const l = listener;
      listener = null;
      // A client whose connection broke mid-connect may never say it ended: closing waits 2 s at most for it.
      if (l) await settledWithin(l.end(), 2_000);
      if (running) await running.catch(() => {});
    },
  };
}

/** Waits for `work` to settle, or `ms` at most (a close that must not hang the store's shutdown); never rejects. */
function settledWithin(work: Promise<unknown>, ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    work.then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      () => {
        clearTimeout(timer);
        resolve();
      },
    );
  });
}
