/**
 * A local OTLP collector for tests (issue 38 §3, decision 0063): an HTTP server on loopback that takes the spans a
 * store exports over OTLP/HTTP with `OTEL_EXPORTER_OTLP_PROTOCOL=http/json`, keeps every body as sent (to look for
 * personal data in it) and every span with its instrumentation scope's name. It stands at the network edge where a
 * real collector (Jaeger, Tempo, an OpenTelemetry Collector) would; tracing.test.ts and the cluster test use it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One span as OTLP/JSON carries it, with the name of the instrumentation that made it. */
export interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: OtlpValue }[];
  scope: string;
}
interface OtlpValue {
  stringValue?: string;
  intValue?: number | string;
  boolValue?: boolean;
  doubleValue?: number;
}
interface OtlpExport {
  resourceSpans?: {
    scopeSpans?: { scope?: { name?: string }; spans?: Omit<OtlpSpan, 'scope'>[] }[];
  }[];
}

/** OTLP's SpanKind for the span of a request a server received. */
export const SPAN_KIND_SERVER = 2;
/** The scope of the pg instrumentation's query spans. */
export const PG_SCOPE = '@opentelemetry/instrumentation-pg';

export interface OtlpTestCollector {
  /** What to give the store as OTEL_EXPORTER_OTLP_ENDPOINT. */
  endpoint: string;
  /** Every span received so far, in arrival order. */
  spans: OtlpSpan[];
  /** Every export body as received (JSON text). */
  bodies: string[];
  close(): Promise<void>;
}

/** A span attribute's value, whatever its OTLP type; undefined when the span has none of that name. */
export function spanAttribute(span: OtlpSpan, key: string): string | number | boolean | undefined {
  const v = span.attributes?.find((a) => a.key === key)?.value;
  return v?.stringValue ?? v?.intValue ?? v?.boolValue ?? v?.doubleValue;
}

/** Starts the collector on a free loopback port. Close it on every exit path. */
export async function startOtlpTestCollector(): Promise<OtlpTestCollector> {
  const spans: OtlpSpan[] = [];
  const bodies: string[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      bodies.push(body);
      try {
        const parsed = JSON.parse(body) as OtlpExport;
        for (const resource of parsed.resourceSpans ?? []) {
          for (const scoped of resource.scopeSpans ?? []) {
            for (const span of scoped.spans ?? []) spans.push({ ...span, scope: scoped.scope?.name ?? '' });
          }
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } catch {
        response.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"not OTLP/JSON"}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    bodies,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One trace as a tree under its top span: the spans of `top`'s trace, each with its depth below `top`. */
export interface TraceTree {
  top: OtlpSpan;
  spans: OtlpSpan[];
  /** How many parents a span has up to the trace's root (the top span: 0). */
  depth(span: OtlpSpan): number;
  /** The span, its parent, and so on up to the highest span received. */
  ancestry(span: OtlpSpan): OtlpSpan[];
  /** The tree for a person to read: one line per span, indented, with the start of its statement if any. */
  text(): string;
}

/** The tree of the trace `top` belongs to, from the spans received so far. */
export function traceTree(spans: OtlpSpan[], top: OtlpSpan): TraceTree {
  const trace = spans.filter((s) => s.traceId === top.traceId);
  const byId = new Map(trace.map((s) => [s.spanId, s]));
  const ancestry = (span: OtlpSpan) => {
    const chain = [span];
    for (let s = span; s.parentSpanId && byId.has(s.parentSpanId);)
      chain.push((s = byId.get(s.parentSpanId)!));
    return chain;
  };
  const depth = (span: OtlpSpan) => ancestry(span).length - 1;
  const text = () => {
    const lines: string[] = [];
    const print = (span: OtlpSpan) => {
      const statement = spanAttribute(span, 'db.query.text') ?? spanAttribute(span, 'db.statement');
      lines.push(
        `${'  '.repeat(depth(span))}${span.name} [${span.scope}]${statement ? `  ${String(statement).replace(/\s+/g, ' ').trim().slice(0, 70)}` : ''}`,
      );
      for (const child of trace.filter((s) => s.parentSpanId === span.spanId)) print(child);
    };
    print(top);
    return lines.join('\n');
  };
  return { top, spans: trace, depth, ancestry, text };
}
