/**
 * Which requests get a log line (decision 0092), as Fastify's LogController: LOG_REQUESTS.
 *
 * - `problems` (the default): one line, `request completed` with the request (method, path redacted as
 *   logger-options.ts says, client address), its status and its time in ms, for an answer that needs a look: a
 *   status of 400 or more, or SLOW_REQUEST_MS or longer. A request that failed with an error is logged by Fastify
 *   as before (`request errored`). Successful answers are counted and timed per route in `/metrics` (0063), not
 *   written one by one: on this machine the two lines of each request cost a quarter to a third of the CPU of a request
 *   that reads nothing (`/api/health/live`), and the bench, which measured at LOG_LEVEL=warn, did not see that
 *   cost while a store started with `npm start` paid it.
 * - `all`: Fastify's two lines for every request (`incoming request`, `request completed`), as before 0092.
 *
 * Every line carries the request id (0063); a route that logs at a higher level (the metrics scrape) writes none.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { AppConfig } from './env';

/** Ms from which a successful answer is logged in `problems` mode. */
export const SLOW_REQUEST_MS = 1000;

/** LOG_REQUESTS, as env.ts reads it. */
export type RequestLogMode = AppConfig['logRequests'];

export class RequestLogController extends LogController {
  readonly mode: RequestLogMode;

  constructor(mode: RequestLogMode) {
    super();
    this.mode = mode;
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (this.mode === 'all') super.incomingRequest(request, reply);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.mode === 'all' || error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    if (reply.statusCode < 400 && reply.elapsedTime < SLOW_REQUEST_MS) return;
    // No `incoming request` line came before it, so this one names the request.
    reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
