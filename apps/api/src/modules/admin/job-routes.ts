/**
 * The back office's jobs (issue 38 §2, decision 0062): `GET /api/admin/jobs` lists each queue's depth and the
 * failed jobs (dead letters) without their data; `POST /api/admin/jobs/:id/retry` puts one back for another try.
 * For staff and admins alike, as the orders they concern.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_JOB_MESSAGES, adminJobsSchema } from '@store/shared/admin-jobs';
import { messageAnswerSchema } from '@store/shared/error-answers';
import { HttpError } from '../../plugins/error-handling';
import { requireStaff } from './require-staff';

const routes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 401: messageAnswerSchema, 403: messageAnswerSchema };

  app.get(
    '/admin/jobs',
    {
      preHandler: requireStaff(app),
      schema: {
        tags: ['admin'],
        summary:
          'Queue depths, and the failed jobs (kind, when, tries, last error) the back office can retry',
        response: { 200: adminJobsSchema, ...errors },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      const [queues, failed] = await Promise.all([app.jobs.stats(), app.jobs.listFailed(100)]);
      return {
        queues: queues.map((q) => ({
          name: q.name,
          waiting: q.waiting,
          active: q.active,
          failed: q.failed,
          oldest_waiting_ms: q.oldestWaitingMs,
        })),
        failed: failed.map((j) => ({
          id: j.id,
          queue: j.queue,
          kind: j.kind,
          created_at: j.createdAt.toISOString(),
          failed_at: j.failedAt.toISOString(),
          attempts: j.attempts,
          last_error: j.lastError,
        })),
      };
    },
  );

  app.post(
    '/admin/jobs/:id/retry',
    {
      preHandler: requireStaff(app),
      schema: {
        tags: ['admin'],
        summary: 'Tries a failed job once more',
        params: z.object({ id: z.uuid().describe('The failed job’s id, from GET /api/admin/jobs') }),
        response: { 200: messageAnswerSchema, 404: messageAnswerSchema, ...errors },
      },
    },
    async (req) => {
      if (!(await app.jobs.retry(req.params.id))) throw new HttpError(404, ADMIN_JOB_MESSAGES.notFound);
      return { message: ADMIN_JOB_MESSAGES.retried };
    },
  );
};

export default routes;
