/**
 * Caching for catalog GETs: a weak ETag over the body (304 on If-None-Match) and a short shared
 * Cache-Control, so browsers and CDNs can reuse answers (HEAD and 304 say the same as the GET). Routes opt in with
 * `config: { cache: seconds }`.
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
    // A HEAD is the GET without its body and a 304 the GET the client already has: all three say the same
    // (issue 13: a HEAD answered no-store while its GET was cacheable).
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (read && seconds && (reply.statusCode === 200 || reply.statusCode === 304)) {
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
