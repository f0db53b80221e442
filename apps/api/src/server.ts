/**
 * Starts the store: reads the configuration, opens and migrates the database (on PGlite, first taking the data
 * folder's lock: a folder another process holds stops the start with who and what to do; decision 0042), takes
 * commands from `npm run admin:create` and the imports on its control socket, loads the demo catalog on first
 * start (and the demo vehicle list and its fitments while the store has no vehicles), listens on PORT, and shuts
 * down gracefully on SIGINT/SIGTERM.
 */
import v8 from 'node:v8';
import { buildApp } from './app';
import { loadDemoCatalog } from './cli/load-demo-catalog';
import { hasNoVehicles, loadDemoFitments, loadDemoVehicles } from './cli/load-demo-vehicles';
import type { ControlChannel } from './cli/control-channel';
import { openStoreControlChannel } from './cli/store-commands';
import { isCatalogEmpty, openDatabase, type DatabaseHandle } from './db/client';
import { DataFolderLockedError, STORE_HOLDER } from './db/data-folder-lock';
import { installProcessErrorHandlers } from './install-process-error-handlers';
import { RowsRefusedError } from './modules/vehicles/rows-refused-error';
import { describeDefaults, loadConfig } from './env';

const config = loadConfig();
// Decision 0040: before the catalog's load, so the heap after its peak and under load stays near what is live.
if (config.heapGrowthPercent > 0) v8.setFlagsFromString(`--heap-growing-percent=${config.heapGrowthPercent}`);
let database: DatabaseHandle;
try {
  database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    pgliteHolder: STORE_HOLDER,
  });
} catch (error) {
  if (!(error instanceof DataFolderLockedError)) throw error;
  // Before the logger exists: one plain sentence, no stack.
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
const app = await buildApp({ config, database });

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

if (config.demoCatalog && (await isCatalogEmpty(database.db))) {
  app.log.info('catalog is empty: loading the demo catalog from data/demo-catalog');
  const report = await loadDemoCatalog(database.db, config);
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
await app.catalog.view();

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal} received: closing`);
  // Commands under way finish first: they write through the database closed below.
  await controlChannel?.close();
  await app.close();
  await database.close();
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
