/**
 * The request id (issue 38 §3, decision 0063): one id per request, in every log line written while it is served,
 * in its answer's `X-Request-Id` header and on its trace spans, so that a line, a span and a shopper's report of a
 * failure (error answers carry `request_id`) lead to each other.
 *
 * - The id is the load balancer's `X-Request-Id` when it sends a valid one (REQUEST_ID_PATTERN: at most 64
 *   letters, digits and `. _ : -`), so the balancer's access log and ours share it; anything else (missing, too
 *   long, other characters: a header a client wrote can carry anything into our logs) is replaced by a new UUID.
 * - Fastify's own request logger binds it as `reqId`. Lines written through `app.log` (or a child of it) by plain
 *   functions while a request is served get it from the request's async context (@fastify/request-context), by
 *   the `mixin` of logger-options.ts; a request logger marked by `requestChildLogger` already has it bound.
 * - On spans it is the attribute REQUEST_ID_ATTRIBUTE (src/tracing.ts sets it on the HTTP and Fastify spans).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fastifyRequestContext, { requestContext } from '@fastify/request-context';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Bindings, ChildLoggerOptions } from 'pino';

/** What an incoming `X-Request-Id` may be to be kept: short, and nothing a log or header reader could trip on. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,64}$/;

export const REQUEST_ID_HEADER = 'x-request-id';

/** The span attribute that carries the request id. */
export const REQUEST_ID_ATTRIBUTE = 'request.id';

/** Marks a Fastify request logger: it has `reqId` bound, so the mixin adds none (no key written twice). */
const REQUEST_LOGGER = Symbol('request logger');

declare module '@fastify/request-context' {
  interface RequestContextData {
    reqId: string;
  }
}

/** Fastify's `genReqId`: the valid incoming `X-Request-Id`, else a new UUID. */
export function requestIdOf(raw: IncomingMessage): string {
  const incoming = raw.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
}

/** Fastify's `childLoggerFactory`: the request's logger, as Fastify makes it, marked as carrying `reqId`. */
export function requestChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions<never>,
): FastifyBaseLogger {
  const child = logger.child(bindings, options);
  // pino's children inherit from their parent, so a child of the request logger is marked too.
  (child as unknown as Record<symbol, boolean>)[REQUEST_LOGGER] = true;
  return child;
}

/**
 * The `reqId` a log line written through `logger` needs from the request being served: none outside a request
 * or when `logger` is a request logger (it has its own), else `{ reqId }`. pino's `mixin`, called for every line.
 */
export function requestIdMixin(logger: unknown): { reqId?: string } {
  if ((logger as Record<symbol, boolean> | undefined)?.[REQUEST_LOGGER]) return {};
  const reqId = requestContext.get('reqId');
  return reqId ? { reqId } : {};
}

/** Echoes the id in `X-Request-Id` and keeps it in the request's async context for the log mixin. */
export default fp(
  async (app) => {
    await app.register(fastifyRequestContext, { defaultStoreValues: (request) => ({ reqId: request.id }) });
    app.addHook('onRequest', async (request, reply) => {
      // On the raw answer, not Fastify's header list: the HTTP span reads it from there when the answer ends.
      reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
    });
  },
  { name: 'request-id' },
);
