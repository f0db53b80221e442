/**
 * `npm run worker` (issue 38 §2, decision 0062): a process that works the store's jobs — mails, the schedules'
 * runs, the back office's catalog imports (read from and written to the configured file stores: give it the
 * store's S3_BUCKET, or the same folders) — and serves nothing. Start one or more beside store instances started with RUN_JOBS=0, all on one
 * PostgreSQL database (DATABASE_URL); RUN_SCHEDULES as for the store (1: it takes part in the schedules, each run
 * still sent once). On the embedded database the store works its own jobs (only one process may open that
 * folder, decision 0042), so the worker refuses with a sentence saying so. SIGINT/SIGTERM: stops taking jobs,
 * lets those under way finish (10 s at most), closes the database.
 */
import pino from 'pino';
import { openDatabase } from './db/client';
import { loadConfig } from './env';
import { installProcessErrorHandlers } from './install-process-error-handlers';
import { loggerOptions } from './logger-options';
import { choosePaymentProviders } from './modules/payments/choose-payment-providers';
import { openFileStores } from './storage/open-file-stores';
import { createStoreJobs } from './store-jobs';

/** Why a worker cannot run on the embedded database, and what to do instead. */
export const WORKER_NEEDS_POSTGRES =
  'npm run worker needs PostgreSQL (set DATABASE_URL). On the embedded database the store works its jobs ' +
  'itself (RUN_JOBS=1, the default): only one process may open its data folder.';

let config;
try {
  config = loadConfig();
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}
if (!config.databaseUrl) {
  process.stderr.write(`${WORKER_NEEDS_POSTGRES}\n`);
  process.exit(1);
}
const log = pino(loggerOptions(config));
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  ...(config.databasePoolSize ? { poolSize: config.databasePoolSize } : {}),
  preparedStatements: config.databasePreparedStatements,
});
const files = await openFileStores(config);
// A worker works jobs whatever RUN_JOBS says: that setting is for the store's web instances. It has no catalog
// read model: the stores see an import's catalog by its NOTIFY (decision 0019).
const { jobs, mail } = createStoreJobs({
  config: { ...config, runJobs: true },
  database,
  log,
  payments: choosePaymentProviders(config, log),
  files,
});
await jobs.start();

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info(`${signal} received: finishing the jobs under way`);
  await mail.close();
  await jobs.stop();
  files.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
installProcessErrorHandlers(log);
log.info(`worker ${jobs.instance} is running`);
