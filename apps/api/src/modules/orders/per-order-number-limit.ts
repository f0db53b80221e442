/**
 * The order lookups' rate limit counted per order number as well as per client address (issue 34 §6): guest
 * tracking by order number and email answers only for the right email, and this bounds the guesses at one
 * number's email to `max` a minute from all addresses together, while the per-address limit of the route bounds
 * the numbers one client tries. Counted in the rate-limit plugin's store (process memory, or Redis when
 * REDIS_URL is set, so every instance shares it); a Redis outage lets the request through, as the plugin does.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/error-handling';
import { RATE_LIMIT_WINDOW_MS, TOO_MANY_REQUESTS_MESSAGE } from '../../plugins/rate-limit';

/** Checks one lookup of an order number: throws HttpError 429 (with Retry-After) past `max` a minute. */
export type OrderNumberLimit = (
  req: FastifyRequest,
  reply: FastifyReply,
  orderNumber: string,
) => Promise<void>;

/** A per-order-number limit of `max` lookups a minute, sharing the app's rate-limit store. */
export function perOrderNumberLimit(app: FastifyInstance, max: number): OrderNumberLimit {
  // The key is set per call (below): the number, normalised, so every spelling of it counts together.
  const keys = new WeakMap<FastifyRequest, string>();
  const limiter = app.createRateLimit({
    max,
    timeWindow: RATE_LIMIT_WINDOW_MS,
    keyGenerator: (req) => keys.get(req) ?? 'order-number:',
    allowList: () => false,
    skipOnError: true,
  });
  return async (req, reply, orderNumber) => {
    keys.set(req, `order-number:${orderNumber}`);
    const result = await limiter(req);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
    throw new HttpError(429, TOO_MANY_REQUESTS_MESSAGE);
  };
}
