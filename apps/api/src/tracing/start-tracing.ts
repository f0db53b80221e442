/**
 * Starts OpenTelemetry tracing (issue 38 §3, decision 0063) for `config` ('otlp' or 'console'; src/tracing.ts
 * calls it only then), before the server's modules load: the SDK patches `pg`, `pg-pool`, `ioredis` and `pino`
 * as they are imported, which it can only do for modules imported after it.
 *
 * The bundled server (dist/server.mjs) is an ES module that imports its packages; packages imported by an ES
 * module are only seen through Node's module hooks, so import-in-the-middle's hook is registered first, told
 * which modules the instrumentations patch, and waited for before returning. (CommonJS requires, such as Fastify
 * requiring pino, are patched by require-in-the-middle as usual.)
 *
 * What is traced: incoming HTTP requests (not `/metrics` scrapes), Fastify's request and handler (@fastify/otel,
 * which names the HTTP span after the route pattern), PostgreSQL queries, Redis commands (the
 * command name only: keys carry session ids and client IPs) and outgoing HTTP calls (node:http, fetch), each
 * database or Redis span only inside a traced request. Log lines written inside a span get `trace_id` and
 * `span_id` (the pino instrumentation; it sends no logs anywhere). Spans pass RedactingSpanProcessor before they
 * are exported. The request id is the span attribute REQUEST_ID_ATTRIBUTE on the HTTP and Fastify spans.
 *
 * The SDK also reads the standard variables it owns: OTEL_EXPORTER_OTLP_HEADERS (a collector's credentials),
 * OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG, OTEL_BSP_* (batching), OTEL_RESOURCE_ATTRIBUTES.
 *
 * Returns `shutdown()`, which ends the SDK after sending the spans still waiting (server.ts awaits it on stop).
 */
import { register } from 'node:module';
import type { TracingConfig } from '../env';
import { REQUEST_ID_ATTRIBUTE, REQUEST_ID_HEADER } from '../plugins/request-id';

export interface Tracing {
  shutdown(): Promise<void>;
}

export async function startTracing(config: Exclude<TracingConfig, { exporter: 'off' }>): Promise<Tracing> {
  const { createAddHookMessageChannel } = await import('import-in-the-middle');
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  const [
    { NodeSDK },
    { BatchSpanProcessor, SimpleSpanProcessor, ConsoleSpanExporter },
    { HttpInstrumentation },
    { FastifyOtelInstrumentation },
    { PgInstrumentation },
    { IORedisInstrumentation },
    { UndiciInstrumentation },
    { PinoInstrumentation },
    { RedactingSpanProcessor },
  ] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/instrumentation-http'),
    import('@fastify/otel'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-ioredis'),
    import('@opentelemetry/instrumentation-undici'),
    import('@opentelemetry/instrumentation-pino'),
    import('./redacting-span-processor'),
  ]);

  let exporting;
  if (config.exporter === 'console') {
    exporting = new SimpleSpanProcessor(new ConsoleSpanExporter());
  } else {
    const url = `${config.endpoint}/v1/traces`;
    const { OTLPTraceExporter } =
      config.protocol === 'http/json'
        ? await import('@opentelemetry/exporter-trace-otlp-http')
        : await import('@opentelemetry/exporter-trace-otlp-proto');
    exporting = new BatchSpanProcessor(new OTLPTraceExporter({ url }));
  }

  // plugins/metrics.ts METRICS_PATH, written out: importing that plugin here would load Fastify, and pino with
  // it, before the instrumentations that patch them.
  const METRICS_PATH = '/metrics';
  const isScrape = (url: string | undefined) => url === METRICS_PATH || !!url?.startsWith(`${METRICS_PATH}?`);
  const sdk = new NodeSDK({
    serviceName: config.serviceName,
    spanProcessors: [new RedactingSpanProcessor(), exporting],
    // Traces only: the store's metrics are Prometheus's (/metrics) and its logs are lines on stdout.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => isScrape(request.url),
        applyCustomAttributesOnSpan: (span, _request, response) => {
          // The server's answer carries the request id Fastify chose (plugins/request-id.ts).
          const id = 'getHeader' in response ? response.getHeader(REQUEST_ID_HEADER) : undefined;
          if (typeof id === 'string') span.setAttribute(REQUEST_ID_ATTRIBUTE, id);
        },
      }),
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        ignorePaths: ({ url }) => isScrape(url),
        requestHook: (span, request) => span.setAttribute(REQUEST_ID_ATTRIBUTE, request.id),
        recordExceptions: false,
        // A span for the request and one for its handler; none per hook (a dozen plugins' hooks a request, most
        // of them a header): the database and Redis work a hook does still shows, under the request's span.
        instrumentHooks: false,
      }),
      new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
      new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (command) => command }),
      new UndiciInstrumentation({ requireParentforSpans: true }),
      new PinoInstrumentation({ disableLogSending: true }),
    ],
  });
  sdk.start();
  await waitForAllMessagesAcknowledged();
  return { shutdown: () => sdk.shutdown() };
}
