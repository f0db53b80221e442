/**
 * Starts the store: reads the configuration, opens and migrates the database (on PGlite, first taking the data
 * folder's lock: a folder another process holds stops the start with who and what to do; decision 0042; with
 * MIGRATE_ON_START=0 it applies none and refuses to start on a database behind this release, decision 0064), takes
 * commands from `npm run admin:create` and the imports on its control socket, loads the demo catalog on first
 * start (and the demo vehicle list and its fitments while the store has no vehicles), listens on PORT, and shuts
 * down gracefully on SIGINT/SIGTERM (close-gracefully.ts; a second signal exits at once).
 */
import v8 from 'node:v8';
import { buildApp } from './app';
import { closeGracefully } from './close-gracefully';
import { loadDemoCatalog } from './cli/load-demo-catalog';
import { hasNoVehicles, loadDemoFitments, loadDemoVehicles } from './cli/load-demo-vehicles';
import type { ControlChannel } from './cli/control-channel';
import { openStoreControlChannel } from './cli/store-commands';
import { isCatalogEmpty, openDatabase, type DatabaseHandle } from './db/client';
import { DataFolderLockedError, STORE_HOLDER } from './db/data-folder-lock';
import { autovacuumOffWarning, readAutovacuumSettings } from './db/database-upkeep';
import { assertMigrated, MigrationsPendingError } from './db/migration-status';
import { installProcessErrorHandlers } from './install-process-error-handlers';
import { RowsRefusedError } from './modules/vehicles/rows-refused-error';
import { describeDefaults, loadConfig } from './env';
import { runningTracing } from './tracing/tracing-global';

const config = loadConfig();
// Decision 0040: before the catalog's load, so the heap after its peak and under load stays near what is live.
if (config.heapGrowthPercent > 0) v8.setFlagsFromString(`--heap-growing-percent=${config.heapGrowthPercent}`);
let database: DatabaseHandle;
try {
  database = await openDatabase({
    databaseUrl: config.databaseUrl,
    ...(config.databasePoolSize ? { poolSize: config.databasePoolSize } : {}),
    preparedStatements: config.databasePreparedStatements,
    pgliteDir: config.pgliteDir,
    pgliteHolder: STORE_HOLDER,
    migrate: config.migrateOnStart,
  });
} catch (error) {
  if (!(error instanceof DataFolderLockedError)) throw error;
  // Before the logger exists: one plain sentence, no stack.
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
// A rolling deploy migrates first (npm run db:migrate) and starts instances with MIGRATE_ON_START=0: one started
// before that step must not serve code whose tables are not there yet.
if (!config.migrateOnStart) {
  try {
    await assertMigrated(database.db);
  } catch (error) {
    if (!(error instanceof MigrationsPendingError)) throw error;
    process.stderr.write(`${error.message}\n`);
    await database.close();
    process.exit(1);
  }
}
const app = await buildApp({ config, database });
// A server without autovacuum slows every order the longer it runs (decision 0093): said once, at start.
if (database.kind === 'postgres') {
  const warning = autovacuumOffWarning(await readAutovacuumSettings(database.db));
  if (warning) app.log.warn(warning);
}
app.log.info(
  database.migrationsApplied === undefined
    ? 'migrations: none applied at start (MIGRATE_ON_START=0); the database has all of this release'
    : `migrations: ${database.migrationsApplied.length} applied at start${describeTags(database.migrationsApplied)}`,
);

/** ` (0033_x, 0034_y)`, or the first and last of a longer list; '' for none. */
function describeTags(tags: string[]): string {
  if (tags.length === 0) return '';
  return tags.length <= 3 ? ` (${tags.join(', ')})` : ` (${tags[0]} … ${tags.at(-1)})`;
}

// Commands run while the store holds its PGlite folder come here instead of opening it a second time.
let controlChannel: ControlChannel | undefined;
if (database.kind === 'pglite' && config.pgliteDir !== 'memory://') {
  try {
    controlChannel = await openStoreControlChannel(app, config.pgliteDir);
    app.log.info(
      `commands (npm run admin:create, catalog:import, ...) run in this store through ${controlChannel.path}`,
    );
  } catch (error) {
    app.log.warn(
      `control channel off (${(error as Error).message}): while the store runs, npm run admin:create and the ` +
        'imports refuse; use the back office, or stop the store to run them',
    );
  }
}

for (const line of describeDefaults(config)) app.log.info(`default in use: ${line}`);
if (config.tracing.exporter !== 'off' && !runningTracing()) {
  app.log.warn(
    'traces: set, but this process was started without the tracing entry: start it with npm start (node --import=./dist/tracing.mjs dist/server.mjs)',
  );
}

if (config.demoCatalog && (await isCatalogEmpty(database.db))) {
  app.log.info('catalog is empty: loading the demo catalog from data/demo-catalog');
  const report = await loadDemoCatalog(database.db, app.files.media);
  app.log.info(`demo catalog: ${report.created} products created, ${report.warnings.length} warnings`);
}

// The vehicle selector's demo list (decision 0029), also for a store whose catalog was loaded before it existed.
if (config.demoCatalog && (await hasNoVehicles(database.db))) {
  const result = await loadDemoVehicles(database.db);
  app.log.info(`demo vehicles: ${result.created} vehicles created from data/demo-vehicles`);
  // The demo parts' fitments (decision 0030) name the demo catalog's SKUs: a store with its own catalog skips them.
  try {
    const fits = await loadDemoFitments(database.db);
    app.log.info(
      `demo fitments: ${fits.created} fitments for ${fits.products} products (${fits.universal} universal)`,
    );
  } catch (error) {
    if (!(error instanceof RowsRefusedError)) throw error;
    app.log.warn(`demo fitments not loaded: ${error.message} (${error.rejections[0]?.reason ?? ''})`);
  }
}

// Catalog reads answer from memory (decision 0019): load the catalog before the first shopper arrives.
// The search index too (decision 0074): an instance is ready when its searches are.
await (await app.catalog.view()).searchReady(0);

let closing = false;
async function shutdown(signal: string) {
  if (closing) {
    app.log.warn(`${signal} received again: exiting now, without waiting for the requests under way`);
    process.exit(1);
  }
  closing = true;
  app.log.info(
    `${signal} received: readiness answers 503, requests under way finish (up to ${config.shutdownGraceMs} ms), then the store stops`,
  );
  // At once: no new connection, readiness 503. Then the app's onClose hooks (catalog, mail, a job worker's).
  const drained = closeGracefully(app, config.shutdownGraceMs);
  // Commands under way finish too: they write through the database closed below.
  await controlChannel?.close();
  await drained;
  await database.close();
  // The spans of the last requests are sent before the process ends (decision 0063).
  await runningTracing()
    ?.shutdown()
    .catch((err: unknown) => app.log.warn({ err }, 'traces: the last spans could not be sent'));
  app.log.info('store stopped');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') {
    app.log.fatal(`port ${config.port} is already in use: set PORT to a free port, e.g. PORT=3001 npm start`);
  } else {
    app.log.fatal(err);
  }
  await controlChannel?.close();
  await database.close();
  process.exit(1);
}
// Issue 43 §4: once serving, no database event ends the store; an error nothing caught is logged, never silent.
// (Not before: a start that fails must still end the process.)
installProcessErrorHandlers(app.log);
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
app.log.info(
  `store is running: open http://localhost:${port}/  (API docs: http://localhost:${port}/api/docs)`,
);
