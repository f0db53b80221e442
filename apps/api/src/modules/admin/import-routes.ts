/**
 * The back office's catalog CSV uploads and their progress (POST /api/admin/imports, GET /api/admin/imports/{id}) (issue 12). Being built: registered now so that the pieces of the back office can be
 * written side by side.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const routes: FastifyPluginAsyncZod = async () => {};

export default routes;
