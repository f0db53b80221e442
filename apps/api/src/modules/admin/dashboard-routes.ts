/**
 * The back office's dashboard (issue 12 item 6): `GET /api/admin/dashboard`, for staff and admins alike.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageAnswerSchema } from '@store/shared/error-answers';
import { adminDashboardSchema } from '@store/shared/admin-dashboard';
import { readDashboard } from './admin-dashboard';
import { requireStaff } from './require-staff';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/dashboard',
    {
      preHandler: requireStaff(app),
      schema: {
        tags: ['admin'],
        summary:
          "Today's and this month's orders and revenue (GST apart), orders waiting to ship, open returns, low stock",
        response: { 200: adminDashboardSchema, 401: messageAnswerSchema, 403: messageAnswerSchema },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return readDashboard(app.db);
    },
  );
};

export default routes;
