/**
 * Caching for catalog GETs: a weak ETag over the body (304 on If-None-Match) and a short shared
 * Cache-Control, so browsers and CDNs can reuse answers (HEAD and 304 say the same as the GET). Routes opt in with
 * `config: { cache: seconds }`.
 */
import etag from '@fastify/etag';
import type { FastifyReply } from 'fastify';
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

/**
 * Sends JSON text as it is (no serialisation, no body hashing): the catalog's answers are built once per product
 * and carry their own ETag (decision 0019). A matching If-None-Match still gets its 304 from @fastify/etag.
 */
export function sendJsonAnswer(reply: FastifyReply, answer: { json: string; etag: string }): FastifyReply {
  reply.header('content-type', 'application/json; charset=utf-8');
  reply.header('etag', answer.etag);
  // Fastify sends a string whose content type is JSON as it is; the route's response schema only documents it.
  return reply.send(answer.json);
}
