/**
 * Per-client-IP request limits (SPEC §8: the client answers any 429 with its too-many-requests page;
 * DESIGN §3: counters in process memory by default, in Redis shared by every instance when REDIS_URL is set).
 *
 * Every `/api/` route without its own limit shares one generous limit per client IP (`apiPerMinute`, issue 11:
 * RATE_LIMIT_API_PER_MINUTE, 1200), so a script cannot hammer the API as a whole. Routes that need less opt in
 * to their own, counted on their own:
 *
 *   app.post('/place-order', { config: { rateLimit: perMinute(app.config.rateLimits.placeOrdersPerMinute) } }, ...)
 *
 * Static files and the web app's pages are not limited here.
 *
 * A limited route answers its (max+1)th request in the window with 429, `{ message }`, `retry-after` (seconds),
 * `x-ratelimit-limit|remaining|reset` and `Cache-Control: no-store`. The key is the client IP as Fastify sees
 * it (the socket address, or X-Forwarded-For as many hops back as `TRUST_PROXY` proxies stand in front), IPv6 grouped by /64.
 */
import rateLimitPlugin, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { HttpError } from './error-handling';

/** The 429 body's message, for every limited route. */
export const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests. Please wait a minute and try again.';

/** One minute, in milliseconds: every limit in this store is "N per minute per IP". */
export const RATE_LIMIT_WINDOW_MS = 60_000;

/** Route option for "at most `max` requests per minute per client IP": `config: { rateLimit: perMinute(10) }`. */
export function perMinute(max: number): RateLimitOptions {
  // Every request of the route counts: the API-wide limit's allow list (non-API paths) is not inherited.
  return { max, timeWindow: RATE_LIMIT_WINDOW_MS, allowList: () => false };
}

export interface RateLimitPluginOptions {
  /** Redis URL (config.redisUrl); undefined keeps the counters in this process's memory. */
  redisUrl?: string;
  /** Prefix of the Redis keys; tests give each run its own. */
  nameSpace?: string;
  /** Requests per minute per client IP over all `/api/` routes without their own limit. */
  apiPerMinute: number;
  /**
   * `/api/` requests the API-wide limit does not count: the calls this process makes to itself to render a page
   * (app.ts passes the storefront renderer's `isInternalRenderRequest`). None when left out.
   */
  isInternalRequest?: (request: FastifyRequest) => boolean;
}

/** Opens the Redis client without letting an outage stall requests or stop the server from starting. */
async function openRedis(url: string, log: FastifyBaseLogger) {
  const redis = new Redis(url, {
    // Connected (and awaited) below: with the offline queue off, a command sent before the connection is
    // ready would fail and let that request through unlimited.
    lazyConnect: true,
    connectTimeout: 2_000,
    // Fail a command at once while disconnected rather than queueing it: with skipOnError the request
    // then goes through unlimited instead of waiting for Redis to come back.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    // A hung Redis must not hold a request for longer than this.
    commandTimeout: 1_000,
  });
  let healthy = true;
  redis.on('error', (err: Error) => {
    // ioredis repeats the error on every reconnect attempt; one line per outage is enough.
    if (healthy) {
      log.warn({ err }, 'rate limits: Redis unavailable, requests pass unlimited until it is back');
    }
    healthy = false;
  });
  redis.on('ready', () => {
    if (!healthy) log.info('rate limits: Redis is back');
    healthy = true;
  });
  // ioredis keeps reconnecting after a failed first attempt, so the server starts and recovers on its own.
  await redis.connect().catch(() => undefined);
  return redis;
}

export default fp<RateLimitPluginOptions>(
  async (app, opts) => {
    const redis = opts.redisUrl ? await openRedis(opts.redisUrl, app.log) : undefined;
    if (redis) {
      app.addHook('onClose', async () => {
        if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
        else redis.disconnect();
      });
    }

    await app.register(rateLimitPlugin, {
      global: true,
      max: opts.apiPerMinute,
      timeWindow: RATE_LIMIT_WINDOW_MS,
      // The global limit covers the API only: a page load's scripts, images and the SPA shell are not counted,
      // nor the calls this process makes to render a page (`isInternalRequest`).
      allowList: (req) => !(req.url ?? '').startsWith('/api/') || (opts.isInternalRequest?.(req) ?? false),
      hook: 'onRequest',
      // A Redis outage must not take the store down: the limit is skipped, the request served.
      skipOnError: true,
      ...(redis ? { redis, nameSpace: opts.nameSpace ?? 'store:rate-limit:' } : {}),
      // Thrown into the error handler; an HttpError keeps its 429 and the message there (error-handling.ts).
      errorResponseBuilder: (_req, context) => new HttpError(context.statusCode, TOO_MANY_REQUESTS_MESSAGE),
    });

    // A 429 is about this client at this moment: no browser or CDN may replay it to anyone.
    app.addHook('onSend', async (_request, reply, payload) => {
      if (reply.statusCode === 429) reply.header('cache-control', 'no-store');
      return payload;
    });
  },
  { name: 'rate-limit' },
);
