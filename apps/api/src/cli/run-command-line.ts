/**
 * The entry of every command line that writes the database (issue 43 §3, decision 0042): `npm run admin:create`,
 * `catalog:import`, `vehicles:import`, `fitment:import`, `payments:reconcile`.
 *
 * - On PostgreSQL (DATABASE_URL) the command opens the database itself, as ever: PostgreSQL has many writers.
 * - On an embedded PGlite folder that a running store holds, the command is sent to that store over its control
 *   socket (control-channel.ts): the store runs the same function with its own database handle and this process
 *   prints what it prints and exits with its code. The store knows the new admin, and shows the imported products,
 *   from its very next request.
 * - On a PGlite folder held by another command, it refuses at once with who holds it and what to do.
 * - Otherwise it takes the folder's lock and opens it itself (the store then refuses to start until it is done).
 *
 * Any failure prints a sentence (describe-cli-failure.ts), never SQL values or a stack; `--verbose` anywhere in the
 * arguments adds the database's error code and statement.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { CLI_MESSAGES } from '@store/shared/cli-messages';
import { openDatabase, type DatabaseHandle } from '../db/client';
import {
  DataFolderLockedError,
  STORE_HOLDER,
  dataFolderHolder,
  isHolderAlive,
  type DataFolderHolder,
} from '../db/data-folder-lock';
import { loadConfig, type AppConfig } from '../env';
import { controlSocketPath, sendToStore, type CommandIo, type StoreCommandName } from './control-channel';
import { describeCliFailure } from './describe-cli-failure';

/** How long a command waits for a store that holds the folder but does not take commands yet (starting up), ms. */
const STORE_START_WAIT_MS = 30_000;

/** Opens the configured database for `command`, whose name the PGlite folder's lock then shows to others. */
export function openCommandDatabase(config: AppConfig, command: StoreCommandName): Promise<DatabaseHandle> {
  return openDatabase({
    databaseUrl: config.databaseUrl,
    preparedStatements: config.databasePreparedStatements,
    pgliteDir: config.pgliteDir,
    pgliteHolder: `npm run ${command}`,
  });
}

/** Options for tests: where lines go, and shorter waits. */
export interface CommandLineOptions {
  io?: CommandIo;
  storeStartWaitMs?: number;
}

/**
 * Runs `command` with `argv` (the arguments after the script name) here or in the running store, as above;
 * `runHere(argv, io)` is the command's own function, which opens the database when it gets that far. Resolves to
 * the process exit code (2 for a bad environment, as for bad arguments).
 */
export async function runCommandLine(
  command: StoreCommandName,
  argv: string[],
  runHere: (argv: string[], io: CommandIo) => Promise<number>,
  options: CommandLineOptions = {},
): Promise<number> {
  const verbose = argv.includes('--verbose');
  const args = argv.filter((a) => a !== '--verbose');
  const io: CommandIo = {
    ...(options.io ?? {
      out: (t: string) => process.stdout.write(`${t}\n`),
      err: (t: string) => process.stderr.write(`${t}\n`),
    }),
    verbose,
  };
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    io.err((error as Error).message);
    return 2;
  }
  const dir = config.databaseUrl || config.pgliteDir === 'memory://' ? undefined : config.pgliteDir;

  for (let attempt = 0; ; attempt++) {
    const holder = dir === undefined ? undefined : dataFolderHolder(dir);
    if (dir !== undefined && holder) {
      if (holder.command !== STORE_HOLDER) {
        io.err(new DataFolderLockedError(dir, holder).message);
        return 1;
      }
      const code = await sendToRunningStore(dir, holder, command, args, io, options);
      if (code !== undefined) return code;
      continue; // the store is gone: the folder is free (its lock is taken over below)
    }
    try {
      return await runHere(args, io);
    } catch (error) {
      // Taken between our look and our open (a store starting): look again.
      if (error instanceof DataFolderLockedError && attempt < 3) continue;
      if (error instanceof DataFolderLockedError) {
        io.err(error.message);
        return 1;
      }
      io.err(describeCliFailure(`npm run ${command} stopped`, error, verbose));
      return 1;
    }
  }
}

/**
 * Sends the command to the store holding `dir`, waiting up to STORE_START_WAIT_MS for it to listen. Resolves to
 * its exit code, to 1 after saying so when it never answers, or to undefined when the store has gone meanwhile.
 */
async function sendToRunningStore(
  dir: string,
  holder: DataFolderHolder,
  command: StoreCommandName,
  argv: string[],
  io: CommandIo,
  options: CommandLineOptions,
): Promise<number | undefined> {
  const socketPath = controlSocketPath(dir);
  const deadline = Date.now() + (options.storeStartWaitMs ?? STORE_START_WAIT_MS);
  let said = false;
  for (;;) {
    const code = await sendToStore({
      socketPath,
      holderPid: holder.pid,
      io,
      request: {
        command,
        argv,
        cwd: process.env.INIT_CWD ?? process.cwd(),
        verbose: io.verbose ?? false,
      },
    });
    if (code !== undefined) return code;
    if (!isHolderAlive(holder)) return undefined;
    if (Date.now() >= deadline) {
      io.err(CLI_MESSAGES.storeNotAnswering(holder.pid, socketPath));
      return 1;
    }
    if (!said) io.err(CLI_MESSAGES.waitingForStore(holder.pid));
    said = true;
    await sleep(250);
  }
}
