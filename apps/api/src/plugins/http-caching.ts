/**
 * Caching for catalog GETs: a weak ETag over the body (304 on If-None-Match) and a short shared
 * Cache-Control, so browsers and CDNs can reuse answers (HEAD and 304 say the same as the GET). Routes opt in with
 * `config: { cache: seconds }`.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import etag from '@fastify/etag';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Seconds a shared cache may serve this GET without asking again. */
    cache?: number;
  }
}

export default fp(async (app) => {
  await app.register(etag, { weak: true });
  app.addHook('onSend', async (request, reply, payload) => {
    const seconds = request.routeOptions.config.cache;
    // A HEAD is the GET without its body and a 304 the GET the client already has: all three say the same
    // (issue 13: a HEAD answered no-store while its GET was cacheable).
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (read && seconds && (reply.statusCode === 200 || reply.statusCode === 304)) {
      reply.header(
        'cache-control',
        `public, max-age=${seconds}, s-maxage=${seconds * 5}, stale-while-revalidate=${seconds * 10}`,
      );
    } else if (!reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
});

/** Answers shorter than this go uncompressed: a product's JSON gains little and would cost a compression each. */
export const COMPRESS_MIN_BYTES = 4096;
/** Compressed catalog answers kept, in bytes (decision 0019). */
const COMPRESSED_CACHE_BYTES = 32 * 1024 * 1024;
const encodings = new Negotiator({ supportedValues: ['br', 'gzip'] });
/**
 * Compressed bodies by URL, ETag and encoding, each at its smallest (brotli 5, gzip 6: a 28 kB listing page in about
 * 250 µs). Only an answer asked for a second time is kept (decision 0099): the first time it is compressed quickly
 * (brotli 2 or gzip 1, about 85 µs, a fifth larger) and only its key is remembered. A page by vehicle, nearly always
 * a new one, costs the quick compression and fills no cache; a page many shoppers ask for is compressed twice per
 * catalog change and then sent at its smallest.
 */
const compressed = new LRUCache<string, Buffer>({
  maxSize: COMPRESSED_CACHE_BYTES,
  sizeCalculation: (body) => body.length + 64,
});
/** Keys of answers compressed once and not kept: about 100 bytes each. */
const compressedOnce = new LRUCache<string, true>({ max: 50_000 });

/** `text` compressed as `encoding`, quickly or at its smallest. */
function compress(text: string | Buffer, encoding: 'br' | 'gzip', smallest: boolean): Buffer {
  const length = Buffer.byteLength(text);
  return encoding === 'br'
    ? brotliCompressSync(text, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: smallest ? 5 : 2,
          [constants.BROTLI_PARAM_SIZE_HINT]: length,
        },
      })
    : gzipSync(text, { level: smallest ? 6 : 1 });
}

/**
 * Sends JSON text as it is (no serialisation, no body hashing): the catalog's answers are built once per product
 * and carry their own ETag (decision 0019). A matching If-None-Match still gets its 304 from @fastify/etag.
 * Large answers are compressed for clients that accept br or gzip, at most twice per URL and ETag (an LRU of 32 MB).
 * `release` (a catalog page's hold of its reused buffer, decision 0099) is called once `json` is no longer needed:
 * when the response has been handed to the socket, or at once when a compressed copy is sent instead.
 */
export function sendJsonAnswer(
  reply: FastifyReply,
  answer: { json: string | Buffer; etag: string; release?: (() => void) | undefined },
): FastifyReply {
  reply.header('content-type', 'application/json; charset=utf-8');
  reply.header('etag', answer.etag);
  const accept = reply.request.headers['accept-encoding'];
  const encoding = answer.json.length >= COMPRESS_MIN_BYTES && accept ? encodings.negotiate(accept) : null;
  if (encoding && reply.request.headers['if-none-match'] !== answer.etag) {
    const key = `${reply.request.url}|${answer.etag}|${encoding}`;
    let body = compressed.get(key);
    if (!body) {
      const again = compressedOnce.delete(key);
      body = compress(answer.json, encoding, again);
      if (again) {
        // zlib answers a view of its 16 kB output buffer: a body kept for long is copied to its own length.
        body = Buffer.from(new Uint8Array(body).buffer);
        compressed.set(key, body);
      } else compressedOnce.set(key, true);
    }
    answer.release?.();
    reply.header('content-encoding', encoding);
    reply.header('vary', 'accept-encoding');
    return reply.send(body);
  }
  // A response cut off before it was sent never finishes: its buffer is then left to the garbage collector.
  if (answer.release) reply.raw.once('finish', answer.release);
  // Fastify sends a string or Buffer whose content type is JSON as it is; the route's schema only documents it.
  return reply.send(answer.json);
}
