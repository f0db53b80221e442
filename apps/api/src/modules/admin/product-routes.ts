/**
 * The back office's catalog editing (GET /api/admin/products, GET and PATCH /api/admin/products/{sku}) (issue 12). Being built: registered now so that the pieces of the back office can be
 * written side by side.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const routes: FastifyPluginAsyncZod = async () => {};

export default routes;
