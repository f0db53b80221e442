/**
 * OpenAPI description of the API at /api/docs (UI) and /api/docs/json, generated from the zod schemas
 * that validate each route (DESIGN §1).
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export default fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Auto-parts store API',
        description: 'The store API of SPEC §7. Money is AUD; `_price` values are decimal strings.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'The token from /api/login or /api/registered',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
