/**
 * The commands the running store takes on its control channel (issue 43 §3, decision 0042): each is the command
 * line's own function (`runAdminCreate`, `runCatalogImport`, …) given the store's database handle, media store,
 * payment providers and mails instead of opening its own, so a command run either way does the same thing. After a
 * command the catalog read model looks at the database at once (as the back office's import does), so the next
 * request shows what it wrote.
 */
import type { FastifyInstance } from 'fastify';
import { runAdminCreate } from './admin-create';
import { runCatalogImport } from './catalog-import';
import {
  controlSocketPath,
  openControlChannel,
  type CommandIo,
  type CommandRequest,
  type ControlChannel,
  type StoreCommandName,
} from './control-channel';
import { runDbBackup } from './db-backup';
import { runDbMigrate } from './db-migrate';
import { describeCliFailure } from './describe-cli-failure';
import { runFitmentImport } from './fitment-import';
import { runPaymentsReconcile } from './payments-reconcile';
import { runVehiclesImport } from './vehicles-import';

type StoreCommand = (
  argv: string[],
  io: CommandIo & { cwd: string },
  app: FastifyInstance,
) => Promise<number>;

/** The store's database, closed by the store, not by the command. */
const storeDatabase = (app: FastifyInstance) => async () => ({ db: app.db, close: async () => {} });

const STORE_COMMANDS: Record<StoreCommandName, StoreCommand> = {
  'admin:create': (argv, io, app) => runAdminCreate(argv, { ...io, openDb: storeDatabase(app) }),
  'catalog:import': (argv, io, app) =>
    runCatalogImport(argv, {
      ...io,
      // A progress line every 5 s through the channel: no terminal to redraw a bar on.
      progress: 'lines',
      openDb: async () => ({ db: app.db, media: app.files.media, close: async () => {} }),
    }),
  'vehicles:import': (argv, io, app) => runVehiclesImport(argv, { ...io, openDb: storeDatabase(app) }),
  'fitment:import': (argv, io, app) => runFitmentImport(argv, { ...io, openDb: storeDatabase(app) }),
  'payments:reconcile': (argv, io, app) =>
    runPaymentsReconcile(argv, {
      ...io,
      open: async () => ({
        db: app.db,
        providers: app.payments,
        mails: app.orderMails,
        refundMail: { mail: app.mail, log: app.log, config: app.config },
        close: async () => {},
      }),
    }),
  // Decision 0064: the store applied its migrations at start and says where it stands; it takes the backup itself.
  'db:migrate': (argv, io, app) =>
    runDbMigrate(argv, { ...io, runningStore: { db: app.db, pid: process.pid } }),
  'db:backup': (argv, io, app) =>
    runDbBackup(argv, { ...io, runningStore: { db: app.db, config: app.config } }),
};

/** The commands that change the catalog, after which the read model looks at the database at once. */
const CATALOG_WRITERS: ReadonlySet<StoreCommandName> = new Set([
  'catalog:import',
  'vehicles:import',
  'fitment:import',
  'payments:reconcile',
]);

/** Runs one request from the control channel in `app`; resolves to the command's exit code. */
export async function runStoreCommand(
  app: FastifyInstance,
  request: CommandRequest,
  io: CommandIo,
): Promise<number> {
  const started = Date.now();
  let code: number;
  try {
    code = await STORE_COMMANDS[request.command](request.argv, { ...io, cwd: request.cwd }, app);
  } catch (error) {
    io.err(describeCliFailure(`npm run ${request.command} stopped`, error, io.verbose));
    code = 1;
  }
  if (CATALOG_WRITERS.has(request.command)) {
    // The shop shows what the command wrote from the next request on (decision 0019), not after the next poll.
    await app.catalog.refresh().catch((error: unknown) => {
      app.log.warn({ err: error }, 'catalog read model: refresh after a command failed; the poll will retry');
    });
  }
  // The command and its outcome only: its arguments may hold an email address.
  app.log.info(`control channel: npm run ${request.command} exited ${code} in ${Date.now() - started} ms`);
  return code;
}

/** Opens the control channel of the store `app` running on the PGlite folder `pgliteDir` (which it has locked). */
export function openStoreControlChannel(app: FastifyInstance, pgliteDir: string): Promise<ControlChannel> {
  return openControlChannel({
    socketPath: controlSocketPath(pgliteDir),
    run: (request, io) => runStoreCommand(app, request, io),
    onError: (error) => app.log.error({ err: error }, 'control channel error'),
  });
}
