/**
 * The store's control channel (issue 43 §3, decision 0042): while the store runs on an embedded PGlite folder, a
 * command line that finds the folder locked sends its command here instead of opening the database a second time.
 * A Unix socket beside the folder (`<folder>.sock`, mode 0600: only the store's own OS user can connect, and that
 * user can read the folder anyway), never TCP or an HTTP route.
 *
 * The protocol is JSON lines. The store greets each connection with `{"type":"hello","pid":N}`; the command line
 * sends one request `{"command","argv","cwd","verbose"}`; the store answers with `{"type":"out"|"err","text"}`
 * lines as the command prints, then `{"type":"exit","code":N}` and closes.
 */
import { chmodSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import { z } from 'zod';
import { CLI_MESSAGES } from '@store/shared/cli-messages';

/** The commands the store runs for a command line, by `npm run` name. */
export const STORE_COMMAND_NAMES = [
  'admin:create',
  'catalog:import',
  'vehicles:import',
  'fitment:import',
  'payments:reconcile',
  // Decision 0064: the running store says where its database stands, and takes the backup of the folder it owns.
  'db:migrate',
  'db:backup',
] as const;
export type StoreCommandName = (typeof STORE_COMMAND_NAMES)[number];

/** Where a command writes its lines, and whether it prints details on failure. */
export interface CommandIo {
  out: (text: string) => void;
  err: (text: string) => void;
  verbose?: boolean;
}

export const commandRequestSchema = z.object({
  command: z.enum(STORE_COMMAND_NAMES),
  argv: z.array(z.string().max(4096)).max(100),
  /** The command line's folder, which relative file names are resolved against. */
  cwd: z.string().startsWith('/').max(4096),
  verbose: z.boolean(),
});
export type CommandRequest = z.infer<typeof commandRequestSchema>;

type Reply =
  { type: 'hello'; pid: number } | { type: 'out' | 'err'; text: string } | { type: 'exit'; code: number };

/** The control socket of a PGlite folder: beside it, as its lock file is. */
export function controlSocketPath(pgliteDir: string): string {
  return `${pgliteDir}.sock`;
}

/** A Unix socket path is at most 107 bytes on Linux (104 on macOS). */
const MAX_SOCKET_PATH_BYTES = 103;
/** One request line is far below this; a longer one is not a command line's. */
const MAX_REQUEST_BYTES = 512 * 1024;

export interface ControlChannel {
  readonly path: string;
  /** Stops taking commands and waits for those under way (each ends with its exit line). */
  close(): Promise<void>;
}

/**
 * Listens on `socketPath` for commands and runs each with `run` (which must resolve to an exit code, not throw:
 * a throw answers exit 1 with `CLI_MESSAGES.storeClosedConnection`'s kin). The caller must hold the data folder's
 * lock: a socket file already there is a dead store's and is removed. Throws when the path is too long or cannot be
 * listened on.
 */
export async function openControlChannel(options: {
  socketPath: string;
  run: (request: CommandRequest, io: CommandIo) => Promise<number>;
  onError?: (error: unknown) => void;
}): Promise<ControlChannel> {
  const { socketPath, run } = options;
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES) {
    throw new Error(
      `the control socket path ${socketPath} is longer than a Unix socket allows: set DATA_DIR to a shorter path`,
    );
  }
  const running = new Set<Promise<void>>();
  const sockets = new Set<net.Socket>();

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    const send = (reply: Reply) => {
      if (!socket.destroyed && socket.writable) socket.write(`${JSON.stringify(reply)}\n`);
    };
    send({ type: 'hello', pid: process.pid });
    let buffered = '';
    let started = false;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      if (started) return;
      buffered += chunk;
      const end = buffered.indexOf('\n');
      if (end < 0) {
        if (buffered.length > MAX_REQUEST_BYTES) refuse('the request is too long.');
        return;
      }
      started = true;
      let request: CommandRequest;
      try {
        request = commandRequestSchema.parse(JSON.parse(buffered.slice(0, end)));
      } catch {
        refuse('it is not a request this store understands (is the command line from another version?).');
        return;
      }
      const task = (async () => {
        let code = 1;
        try {
          code = await run(request, {
            out: (text) => send({ type: 'out', text }),
            err: (text) => send({ type: 'err', text }),
            verbose: request.verbose,
          });
        } catch (error) {
          options.onError?.(error);
          send({ type: 'err', text: CLI_MESSAGES.storeClosedConnection });
        }
        send({ type: 'exit', code });
        socket.end();
      })();
      running.add(task);
      void task.finally(() => running.delete(task));
    });

    function refuse(reason: string) {
      started = true;
      send({ type: 'err', text: CLI_MESSAGES.storeRefusedRequest(reason) });
      send({ type: 'exit', code: 2 });
      socket.end();
    }
  });

  try {
    unlinkSync(socketPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  // The socket is created by bind(), synchronously inside listen(): with this umask it is never, even for a
  // moment, open to other users; the chmod after only confirms it.
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
      process.umask(umask);
    });
  } finally {
    process.umask(umask);
  }
  chmodSync(socketPath, 0o600);
  server.on('error', (error) => options.onError?.(error));

  return {
    path: socketPath,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.allSettled([...running]);
      for (const s of sockets) s.destroy();
    },
  };
}

/** How a command line reaches the store; tests shorten the waits. */
export interface SendOptions {
  socketPath: string;
  request: CommandRequest;
  io: CommandIo;
  /** The store's process id (from the folder's lock), for the message when it does not answer. */
  holderPid: number;
  /** How long to wait for the store's greeting once connected, ms. */
  helloTimeoutMs?: number;
}

/**
 * Sends `request` to the store listening on `socketPath` and writes what it prints to `io`. Resolves to the
 * command's exit code, or to `undefined` when nobody listens there (no socket, or a dead one): the caller then
 * decides whether to wait. A store that accepts but never greets, or closes before the exit line, resolves 1 after
 * saying so.
 */
export function sendToStore(options: SendOptions): Promise<number | undefined> {
  const { socketPath, request, io } = options;
  return new Promise((resolve) => {
    const socket = net.createConnection(socketPath);
    let greeted = false;
    let settled = false;
    const finish = (code: number | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(helloTimer);
      socket.destroy();
      resolve(code);
    };
    const helloTimer = setTimeout(() => {
      io.err(CLI_MESSAGES.storeNotAnswering(options.holderPid, socketPath));
      finish(1);
    }, options.helloTimeoutMs ?? 10_000);
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!greeted && ['ENOENT', 'ECONNREFUSED', 'ENOTSOCK'].includes(error.code ?? '')) finish(undefined);
      else {
        io.err(CLI_MESSAGES.storeClosedConnection);
        finish(1);
      }
    });
    socket.setEncoding('utf8');
    let buffered = '';
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 1);
        let reply: Reply;
        try {
          reply = JSON.parse(line) as Reply;
        } catch {
          continue;
        }
        if (reply.type === 'hello') {
          greeted = true;
          clearTimeout(helloTimer);
          io.err(CLI_MESSAGES.sentToStore(reply.pid));
          socket.write(`${JSON.stringify(request)}\n`);
        } else if (reply.type === 'out') io.out(reply.text);
        else if (reply.type === 'err') io.err(reply.text);
        else if (reply.type === 'exit') finish(reply.code);
      }
    });
    socket.on('close', () => {
      if (settled) return;
      io.err(CLI_MESSAGES.storeClosedConnection);
      finish(1);
    });
  });
}
