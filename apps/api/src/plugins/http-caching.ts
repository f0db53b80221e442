/**
 * Caching for catalog GETs: a weak ETag over the body (304 on If-None-Match) and a short shared
 * Cache-Control, so browsers and CDNs can reuse answers. Routes opt in with `config: { cache: seconds }`.
 */
import etag from '@fastify/etag';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Seconds a shared cache may serve this GET without asking again. */
    cache?: number;
  }
}

export default fp(async (app) => {
  await app.register(etag, { weak: true });
  app.addHook('onSend', async (request, reply, payload) => {
    const seconds = request.routeOptions.config.cache;
    if (request.method === 'GET' && seconds && reply.statusCode === 200) {
      reply.header(
        'cache-control',
        `public, max-age=${seconds}, s-maxage=${seconds * 5}, stale-while-revalidate=${seconds * 10}`,
      );
    } else if (!reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
});
