/**
 * The tracing entry (issue 38 §3, decision 0063), bundled as dist/tracing.mjs and loaded before the server by
 * `node --import ./dist/tracing.mjs dist/server.mjs` (SERVER_NODE_FLAGS, `npm start`): OpenTelemetry must patch
 * pg, ioredis and pino before the server imports them. With tracing off (no OTEL_EXPORTER_OTLP_ENDPOINT, no
 * OTEL_TRACES_EXPORTER=console) it loads nothing more and costs nothing.
 *
 * A bad tracing variable stops the start with the same message the server would print. When tracing runs, the
 * server finds its `shutdown` at TRACING_GLOBAL (server.ts sends the last spans before the process ends).
 */
import { loadTracingConfig, type TracingConfig } from './env';
import { TRACING_GLOBAL } from './tracing/tracing-global';

let config: TracingConfig;
try {
  config = loadTracingConfig();
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}
if (config.exporter !== 'off') {
  const { startTracing } = await import('./tracing/start-tracing');
  (globalThis as Record<symbol, unknown>)[TRACING_GLOBAL] = await startTracing(config);
}
