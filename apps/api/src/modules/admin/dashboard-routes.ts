/**
 * The back office's the dashboard's figures (GET /api/admin/dashboard) (issue 12). Being built: registered now so that the pieces of the back office can be
 * written side by side.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const routes: FastifyPluginAsyncZod = async () => {};

export default routes;
