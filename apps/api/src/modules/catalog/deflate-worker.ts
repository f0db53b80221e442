/**
 * Raw DEFLATE of many buffers against one dictionary, on a worker thread (decision 0091): a catalog load packs
 * every product's answer JSON (packed-product-jsons.ts), about 29 µs each with node:zlib, 2.5 s of the load's
 * main thread at 100,000 products, while the machine's other core sat idle. The worker runs node:zlib's own
 * `deflateRawSync` with the same options, so its bytes are the ones the main thread would make.
 *
 * One worker per process, made at first use and ended after IDLE_MS without work; it is unref'd, so it never
 * keeps a process (a CLI, a test run) alive. Its code is plain JavaScript given as text (`eval`), so it runs the
 * same under tsx and in the bundled server without a file of its own.
 */
import { Worker } from 'node:worker_threads';

/** How long an idle worker is kept for the next batch (a load sends one every few ms), ms. */
const IDLE_MS = 5_000;

/**
 * The worker's code. `chunkSize: 1024`: zlib's sync call allocates an output buffer of chunkSize (16 kB by default)
 * per call, and a product packs to a few hundred bytes; 100,000 such buffers a load on the worker's thread left
 * the store 60-100 MiB larger after the worker had ended (its allocator kept the freed memory), 1 kB buffers
 * nothing measurable. The compressed bytes do not depend on it.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { deflateRawSync } = require('node:zlib');
parentPort.on('message', ({ id, bytes, ends, dictionary }) => {
  try {
    const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const parts = [];
    const lengths = new Uint32Array(ends.length);
    let start = 0;
    for (let i = 0; i < ends.length; i++) {
      const packed = deflateRawSync(input.subarray(start, ends[i]), { dictionary, chunkSize: 1024 });
      parts.push(packed);
      lengths[i] = packed.length;
      start = ends[i];
    }
    let total = 0;
    for (const part of parts) total += part.length;
    // Its own ArrayBuffer, handed back instead of copied.
    const packed = Buffer.allocUnsafeSlow(total);
    let at = 0;
    for (const part of parts) {
      packed.set(part, at);
      at += part.length;
    }
    parentPort.postMessage({ id, packed, lengths }, [packed.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});
`;

interface Pending {
  resolve: (packed: Buffer[]) => void;
  reject: (error: Error) => void;
}

/** A running worker and the batches it has not answered yet. */
interface DeflateWorker {
  thread: Worker;
  pending: Map<number, Pending>;
}

let worker: DeflateWorker | null = null;
let idleTimer: NodeJS.Timeout | null = null;
let nextId = 1;

function theWorker(): DeflateWorker {
  if (idleTimer) {
    clearTimeout(idleTimer);
    idleTimer = null;
  }
  if (worker) return worker;
  const w = new Worker(WORKER_SOURCE, { eval: true });
  w.unref();
  const pending = new Map<number, Pending>();
  const self: DeflateWorker = { thread: w, pending };
  w.on('message', (m: { id: number; packed?: Uint8Array; lengths?: Uint32Array; error?: string }) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.error !== undefined || !m.packed || !m.lengths) p.reject(new Error(`deflate worker: ${m.error}`));
    else {
      const all = Buffer.from(m.packed.buffer, m.packed.byteOffset, m.packed.byteLength);
      const out: Buffer[] = new Array<Buffer>(m.lengths.length);
      let at = 0;
      for (let i = 0; i < m.lengths.length; i++) {
        const length = m.lengths[i] as number;
        out[i] = all.subarray(at, at + length);
        at += length;
      }
      p.resolve(out);
    }
    if (pending.size === 0 && worker === self) {
      idleTimer = setTimeout(() => {
        idleTimer = null;
        if (pending.size === 0 && worker === self) {
          worker = null;
          void w.terminate();
        }
      }, IDLE_MS);
      idleTimer.unref();
    }
  });
  const gone = (error: Error) => {
    if (worker === self) worker = null;
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  w.on('error', gone);
  w.on('exit', (code) => gone(new Error(`deflate worker stopped (exit code ${code})`)));
  worker = self;
  return self;
}

/**
 * `inputs` each deflated raw against `dictionary` (as node:zlib's `deflateRawSync(input, { dictionary })`), in
 * order, on the worker thread. Rejects when the worker fails or stops; the caller can deflate on its own thread.
 * The packed buffers share one allocation per call.
 */
export function deflateRawInWorker(inputs: readonly Buffer[], dictionary: Buffer): Promise<Buffer[]> {
  if (inputs.length === 0) return Promise.resolve([]);
  let total = 0;
  for (const input of inputs) total += input.length;
  // Its own ArrayBuffer (not the pool's), so it can be handed to the worker instead of copied again.
  const bytes = Buffer.allocUnsafeSlow(total);
  const ends = new Uint32Array(inputs.length);
  let at = 0;
  for (let i = 0; i < inputs.length; i++) {
    const input = inputs[i] as Buffer;
    bytes.set(input, at);
    at += input.length;
    ends[i] = at;
  }
  return new Promise<Buffer[]>((resolve, reject) => {
    const { thread, pending } = theWorker();
    const id = nextId++;
    pending.set(id, { resolve, reject });
    thread.postMessage({ id, bytes, ends, dictionary }, [bytes.buffer as ArrayBuffer]);
  });
}
