/**
 * Requests sent at a steady rate whatever the answers' speed (an open load, decision 0089): the n-th request
 * leaves at n / rate seconds after the start, on its own keep-alive connection from a pool, so a slow answer
 * does not hold back the requests behind it as a closed load (autocannon's fixed connections) does. What a
 * shopper placing an order feels at a given number of orders a second, rather than the queue that a fixed
 * number of clients sending back to back builds once the store is saturated.
 */
import http from 'node:http';
import { loadFigures, type LoadFigures } from './load-figures';

export interface SteadyRequest {
  /** http://host:port of the store. */
  base: string;
  method: 'POST' | 'GET';
  path: string;
  /** The body sent with every request (JSON). */
  body: string;
  /** Headers of one request, made for each (a fresh Idempotency-Key, say). */
  headers: () => Record<string, string>;
}

/** A steady load's figures (`rps` over the whole step, from the first request's start to the last answer). */
export interface SteadyResult extends LoadFigures {
  /** The requested rate (requests a second). */
  rate: number;
  /** Requests sent, and answered (any status). */
  sent: number;
  answered: number;
}

/**
 * Sends `request` `rate` times a second for `seconds` s and answers what the answers took. Resolves once every
 * request is answered or has failed (a request waits at most `timeoutMs`, then counts as an error). Closes its
 * connections before it resolves. Throws for a rate or a duration that is not a positive number.
 */
export async function measureSteadyArrivals(
  request: SteadyRequest,
  rate: number,
  seconds: number,
  timeoutMs = 30_000,
): Promise<SteadyResult> {
  if (!(rate > 0) || !(seconds > 0)) throw new Error(`a steady load needs a rate and a duration above 0`);
  const url = new URL(request.path, request.base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const times: number[] = [];
  let errors = 0;
  let bytes = 0;
  const one = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          method: request.method,
          timeout: timeoutMs,
          headers: { 'content-length': Buffer.byteLength(request.body), ...request.headers() },
        },
        (res) => {
          // The head as read: the status line, each header line and the blank line that ends them.
          bytes += `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n\r\n`.length;
          for (let k = 0; k + 1 < res.rawHeaders.length; k += 2)
            bytes += `${res.rawHeaders[k]}: ${res.rawHeaders[k + 1]}\r\n`.length;
          res.on('data', (chunk: Buffer) => (bytes += chunk.length));
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            if (status < 200 || status >= 300) errors++;
            times.push(performance.now() - started);
            resolve();
          });
          res.on('error', () => {
            errors++;
            resolve();
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timed out')));
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(request.body);
    });
  const total = Math.max(1, Math.round(rate * seconds));
  const gapMs = 1000 / rate;
  const start = performance.now();
  const pending: Promise<void>[] = [];
  try {
    for (let n = 0; n < total; n++) {
      const wait = start + n * gapMs - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      pending.push(one());
    }
    await Promise.all(pending);
  } finally {
    agent.destroy();
  }
  const figures = loadFigures(times, (performance.now() - start) / 1000, errors, bytes);
  return { rate, sent: total, answered: times.length, ...figures };
}
