/** The test-side reader of Prometheus's text format (decision 0063): strict, and PromQL's histogram_quantile. */
import { describe, expect, it } from 'vitest';
import { histogramCount, histogramQuantile, parseMetrics, samplesWith } from './prometheus-text';

const TEXT = `# HELP req Requests.
# TYPE req histogram
req_bucket{le="0.1",route="/a/:id"} 50
req_bucket{le="0.5",route="/a/:id"} 90
req_bucket{le="+Inf",route="/a/:id"} 100
req_sum{route="/a/:id"} 12.5
req_count{route="/a/:id"} 100
req_bucket{le="0.1",route="/b"} 0
req_bucket{le="0.5",route="/b"} 0
req_bucket{le="+Inf",route="/b"} 2
req_sum{route="/b"} 3
req_count{route="/b"} 2

# HELP up Up, with a "quote" in a label.
# TYPE up gauge
up{note="say \\"hi\\"\\nbye"} 1
`;

describe('parseMetrics', () => {
  it('reads families, labelled series and escapes', () => {
    const families = parseMetrics(TEXT);
    expect(families.get('req')?.type).toBe('histogram');
    expect(histogramCount(families.get('req'), { route: '/a/:id' })).toBe(100);
    expect(histogramCount(families.get('req'), {})).toBe(102);
    expect(samplesWith(families.get('up'), {})[0]).toMatchObject({
      labels: { note: 'say "hi"\nbye' },
      value: 1,
    });
  });

  it('refuses what is not the format', () => {
    expect(() => parseMetrics('req{route="/a"} one')).toThrow(/bad value/);
    expect(() => parseMetrics('req{route=/a} 1')).toThrow(/bad labels/);
    expect(() => parseMetrics('# TYPE req sometimes')).toThrow(/bad TYPE/);
    expect(() => parseMetrics('<html>404</html>')).toThrow(/not a sample line/);
  });
});

describe('histogramQuantile', () => {
  it('interpolates inside the bucket, as PromQL does', () => {
    const req = parseMetrics(TEXT).get('req');
    // 95th of 100: between 90 (0.5 s) and 100 (+Inf): the last finite bound.
    expect(histogramQuantile(req, { route: '/a/:id' }, 0.95)).toBe(0.5);
    // 70th: 20 of the 40 between 0.1 and 0.5.
    expect(histogramQuantile(req, { route: '/a/:id' }, 0.7)).toBeCloseTo(0.3);
    expect(histogramQuantile(req, { route: '/none' }, 0.5)).toBeNull();
  });
});
