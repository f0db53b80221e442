/**
 * No personal data on a span (issue 38 §3, decision 0063; the logs' rule, decision 0011). Every span, whatever
 * instrumentation made it, passes here as it ends, before any exporter sees it:
 *
 * - URLs (`url.full`, `url.path`, `url.query`, `http.url`, `http.target`) keep their path and the catalog's own
 *   query parameters; every other query value, and an order's public id in a path, become `[redacted]`
 *   (logger-options.ts `redactUrl`, the rule the logs follow). An outgoing call's URL is treated alike (the
 *   address lookup sends what a shopper typed);
 * - the shopper's IP as forwarded by a proxy (`client.address`, `http.client_ip`) is dropped; the socket's peer
 *   (`network.peer.address`: the load balancer) is kept;
 * - an exception keeps its type only: messages and stacks can quote a value (a database error quotes the input
 *   it refused), and so can a span's status message, which is dropped (its code stays).
 *
 * Request bodies and headers are never recorded by the instrumentations as configured (start-tracing.ts), and
 * SQL statements carry `$1` placeholders, never their values. Must be the first span processor.
 */
import type { AttributeValue } from '@opentelemetry/api';
import type { ReadableSpan, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { REDACTED, redactUrl } from '../logger-options';

const URL_ATTRIBUTES = ['url.full', 'url.path', 'http.url', 'http.target'];
const DROPPED_ATTRIBUTES = ['client.address', 'http.client_ip'];

/** `value` (an absolute URL or a path with its query) as a log line would show it. */
export function redactSpanUrl(value: string): string {
  if (value.startsWith('/')) return redactUrl(value);
  try {
    const url = new URL(value);
    // The query only: user:password@ in an address is never ours to show either.
    return `${url.protocol}//${url.host}${redactUrl(`${url.pathname}${url.search}`)}`;
  } catch {
    return REDACTED;
  }
}

type Writable = {
  attributes: Record<string, AttributeValue | undefined>;
  events: { name: string; attributes?: Record<string, AttributeValue | undefined> }[];
  status: { code: number; message?: string };
};

export class RedactingSpanProcessor implements SpanProcessor {
  onStart(): void {}

  onEnd(span: ReadableSpan): void {
    // The ended span's own fields: the exporters after this processor read these objects.
    const writable = span as unknown as Writable;
    const attributes = writable.attributes;
    for (const key of URL_ATTRIBUTES) {
      const value = attributes[key];
      if (typeof value === 'string') attributes[key] = redactSpanUrl(value);
    }
    const query = attributes['url.query'];
    if (typeof query === 'string') attributes['url.query'] = redactUrl(`/?${query}`).slice(2);
    for (const key of DROPPED_ATTRIBUTES) delete attributes[key];
    for (const event of writable.events) {
      if (event.name === 'exception' && event.attributes) {
        const type = event.attributes['exception.type'];
        event.attributes = type === undefined ? {} : { 'exception.type': type };
      }
    }
    if (writable.status.message !== undefined) writable.status = { code: writable.status.code };
  }

  forceFlush(): Promise<void> {
    return Promise.resolve();
  }

  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}
