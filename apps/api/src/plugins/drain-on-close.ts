/**
 * The app's side of a graceful stop (issue 38 §4, decision 0064). From the moment `app.close()` begins (its
 * preClose, before the server stops listening), `app.draining` is true, so readiness answers 503 (modules/health),
 * and every answer sent from then on, to requests under way as much as to those arriving on connections already
 * open, says `Connection: close`: no client or load balancer reuses a connection of an instance that is stopping,
 * and each connection closes after its last answer instead of lingering until its keep-alive timeout.
 */
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** True once `app.close()` has begun: the instance finishes what it has and takes nothing new. */
    readonly draining: boolean;
  }
}

export default fp(
  async (app) => {
    let draining = false;
    app.decorate('draining', {
      getter: () => draining,
    });
    app.addHook('preClose', async () => {
      draining = true;
    });
    app.addHook('onSend', async (request, reply, payload) => {
      if (draining && request.raw.httpVersionMajor < 2) reply.header('connection', 'close');
      return payload;
    });
  },
  { name: 'drain-on-close' },
);
