/**
 * The store's graceful stop (issue 38 §4, decision 0064): `app.close()` with a limit on how long the requests under
 * way may take. From the call on, the server accepts no new connection, readiness answers 503 `stopping`
 * (modules/health) while liveness stays 200, and every answer closes its connection (plugins/drain-on-close.ts).
 * Once the last request under way has answered, or `graceMs` has passed (then the
 * connections still open are closed, cutting what they carry), the HTTP server is closed and `app.close()` runs the
 * app's onClose hooks: the catalog's listener, the mail retries, and whatever else stops with the app (a job
 * worker adds its own hook there). Resolves when all of that is done; never throws for a cut request.
 */
import type { FastifyInstance } from 'fastify';

export interface CloseGracefullyResult {
  /** Whether the grace ran out and connections with requests under way were closed. */
  cut: boolean;
}

export async function closeGracefully(app: FastifyInstance, graceMs: number): Promise<CloseGracefullyResult> {
  let cut = false;
  const timer = setTimeout(() => {
    cut = true;
    app.log.warn(
      `shutdown: requests still under way after SHUTDOWN_GRACE_MS (${graceMs} ms): closing their connections`,
    );
    app.server.closeAllConnections();
  }, graceMs);
  // The grace is for HTTP requests only: the onClose hooks that run after the server has closed are not cut.
  const serverClosed = () => clearTimeout(timer);
  app.server.once('close', serverClosed);
  try {
    await app.close();
  } finally {
    serverClosed();
    app.server.off('close', serverClosed);
  }
  return { cut };
}
