/**
 * Health checks for load balancers and orchestrators (issue 13): `GET /api/health/live` answers while the process
 * serves requests; `GET /api/health/ready` only while the database answers too (a `SELECT 1` within 2 s), else
 * 503 with Retry-After, so traffic goes to another instance until this one's database is back. Neither is cached
 * or rate limited.
 */
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DATABASE_RETRY_AFTER_S, DATABASE_UNAVAILABLE_MESSAGE } from '../../plugins/error-handling';

/** How long readiness waits for the database, ms. */
const READY_TIMEOUT_MS = 2_000;

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
          200: z.object({ status: z.literal('ready'), database: z.literal('up') }),
          503: z.object({
            status: z.literal('unavailable'),
            database: z.literal('down'),
            message: z.string(),
          }),
        },
      },
    },
    async (req, reply) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          app.db.execute(sql`SELECT 1`),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('database did not answer in time')), READY_TIMEOUT_MS);
          }),
        ]);
        return { status: 'ready' as const, database: 'up' as const };
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
