/**
 * No personal data on a span (decision 0063): whatever an instrumentation records, the span an exporter gets has
 * its URLs redacted as the logs' are, no forwarded client IP, and exceptions and statuses without their messages.
 */
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { RedactingSpanProcessor, redactSpanUrl } from './redacting-span-processor';

describe('RedactingSpanProcessor', () => {
  it('leaves an exporter nothing personal', async () => {
    const exporter = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({
      spanProcessors: [new RedactingSpanProcessor(), new SimpleSpanProcessor(exporter)],
    });
    const span = provider.getTracer('test').startSpan('GET', {
      kind: SpanKind.CLIENT,
      attributes: {
        'url.full': 'https://maps.example.com/place/autocomplete?input=12%20Smith%20St&key=secret-key',
        'http.target': '/api/orders-detail?id=AbC123&email=jane%40example.com',
        'url.path': '/api/orders/AbC123xyzAbC123xy/tax-invoice',
        'url.query': 'page=2&email=jane%40example.com',
        'client.address': '203.0.113.9',
        'network.peer.address': '10.0.0.5',
        'http.route': '/api/orders-detail',
      },
    });
    span.recordException(new Error('invalid input syntax for type integer: "jane@example.com"'));
    span.setStatus({ code: SpanStatusCode.ERROR, message: 'duplicate key (email)=(jane@example.com)' });
    span.end();
    await provider.forceFlush();

    const [exported] = exporter.getFinishedSpans();
    expect(exported?.attributes).toEqual({
      'url.full': 'https://maps.example.com/place/autocomplete?input=[redacted]&key=[redacted]',
      'http.target': '/api/orders-detail?id=[redacted]&email=[redacted]',
      'url.path': '/api/orders/[redacted]/tax-invoice',
      'url.query': 'page=2&email=[redacted]',
      'network.peer.address': '10.0.0.5',
      'http.route': '/api/orders-detail',
    });
    expect(exported?.events.map((e) => e.attributes)).toEqual([{ 'exception.type': 'Error' }]);
    expect(exported?.status).toEqual({ code: SpanStatusCode.ERROR });
    expect(JSON.stringify(exported?.attributes)).not.toMatch(/jane|Smith|secret-key|AbC123/);
    await provider.shutdown();
  });

  it('keeps a URL without a query as it is, and hides one it cannot read', () => {
    expect(redactSpanUrl('http://127.0.0.1:3000/api/products/GLOBE-1')).toBe(
      'http://127.0.0.1:3000/api/products/GLOBE-1',
    );
    expect(redactSpanUrl('https://user:pass@example.com/x?search=globe')).toBe(
      'https://example.com/x?search=globe',
    );
    expect(redactSpanUrl('not a url')).toBe('[redacted]');
  });
});
