/**
 * Health checks for load balancers and orchestrators (issue 13): `GET /api/health/live` answers while the process
 * serves requests; `GET /api/health/ready` only while the database answers too (a `SELECT 1` within 2 s), else
 * 503 with Retry-After, so traffic goes to another instance until this one's database is back. Neither is cached
 * or rate limited. Readiness also says how many server-rendered pages are kept ready and whether they are being
 * rendered ahead (decision 0027): the store serves while they are, only more slowly. From the moment the app starts
 * closing (a SIGTERM: issue 38 §4, decision 0064) readiness answers 503 `stopping`, so that a load balancer asking
 * over a connection it already holds stops sending; liveness stays 200 while the requests under way finish.
 */
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DATABASE_RETRY_AFTER_S, DATABASE_UNAVAILABLE_MESSAGE } from '../../plugins/error-handling';

/** How long readiness waits for the database, ms. */
const READY_TIMEOUT_MS = 2_000;

/** What readiness answers while the instance drains before it stops. */
export const STOPPING_MESSAGE =
  'This instance is shutting down: it finishes the requests under way and takes no new ones.';

const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['health'];
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(
    '/health/live',
    {
      config: { rateLimit: false },
      schema: {
        tags,
        summary: 'Liveness: the process answers',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    {
      config: { rateLimit: false },
      schema: {
        tags,
        summary: 'Readiness: the database answers (503 with Retry-After while it does not)',
        response: {
          200: z.object({
            status: z.literal('ready'),
            database: z.literal('up'),
            rendered_pages: z
              .object({
                pages: z.number().int(),
                megabytes: z.number(),
                prerendering: z.boolean(),
              })
              .optional()
              .describe(
                'The server-rendered pages kept ready to send (decision 0027), when the store renders pages: ' +
                  'how many, their gzipped size, and whether they are being rendered ahead right now.',
              ),
          }),
          503: z.union([
            z.object({
              status: z.literal('unavailable'),
              database: z.literal('down'),
              message: z.string(),
            }),
            z
              .object({ status: z.literal('stopping'), message: z.string() })
              .describe('The instance is shutting down (SIGTERM): send to another one.'),
          ]),
        },
      },
    },
    async (req, reply) => {
      const stopping = () => reply.code(503).send({ status: 'stopping' as const, message: STOPPING_MESSAGE });
      if (app.draining) return stopping();
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          app.db.execute(sql`SELECT 1`),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('database did not answer in time')), READY_TIMEOUT_MS);
          }),
        ]);
        // The stop may have begun while the database answered.
        if (app.draining) return stopping();
        const pages = app.renderedPages?.status() ?? null;
        return {
          status: 'ready' as const,
          database: 'up' as const,
          ...(pages
            ? {
                rendered_pages: {
                  pages: pages.pages,
                  megabytes: Math.round(pages.bytes / 1e4) / 100,
                  prerendering: pages.prerendering,
                },
              }
            : {}),
        };
      } catch (err) {
        req.log.warn({ err }, 'not ready: the database does not answer');
        return reply
          .code(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_S))
          .send({
            status: 'unavailable' as const,
            database: 'down' as const,
            message: DATABASE_UNAVAILABLE_MESSAGE,
          });
      } finally {
        clearTimeout(timer);
      }
    },
  );
};

export default routes;
