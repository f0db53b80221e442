/**
 * Reads a `/metrics` answer (decision 0063) as Prometheus would: the text exposition format 0.0.4 checked line by
 * line (a line that is not a comment, `# HELP`, `# TYPE` or a sample of a declared family throws), samples grouped
 * by family, and a histogram's quantile estimated from its buckets as PromQL's `histogram_quantile` does. The
 * metrics tests and the bench use it. (The npm parser `parse-prometheus-text-format` merges a histogram's labelled
 * series into one, so it cannot read per-route histograms.)
 */

export interface Sample {
  /** The sample's own name: the family's, or with `_bucket`, `_sum` or `_count`. */
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface MetricFamily {
  name: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  help: string;
  samples: Sample[];
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const SAMPLE_LINE = new RegExp(`^(${NAME})(?:\\{(.*)\\})?\\s+(\\S+)(?:\\s+(-?\\d+))?$`);
const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*(,|$)/y;
const SUFFIXES: Record<MetricFamily['type'], readonly string[]> = {
  counter: [''],
  gauge: [''],
  untyped: [''],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const start = LABEL.lastIndex;
    const m = LABEL.exec(text);
    if (!m || m.index !== start) throw new Error(`bad labels in: ${line}`);
    const [, name, raw] = m as unknown as [string, string, string];
    labels[name] = raw.replace(/\\(.)/g, (_all, c: string) => (c === 'n' ? '\n' : c));
  }
  return labels;
}

function parseValue(text: string, line: string): number {
  // As Prometheus reads them (Go's ParseFloat): NaN and Inf in any case; prom-client writes `Nan`.
  if (/^nan$/i.test(text)) return NaN;
  if (/^\+?inf(inity)?$/i.test(text)) return Infinity;
  if (/^-inf(inity)?$/i.test(text)) return -Infinity;
  const value = Number(text);
  if (text === '' || Number.isNaN(value)) throw new Error(`bad value in: ${line}`);
  return value;
}

/** Every metric family of `text`, by name. Throws, naming the line, when `text` is not of the format. */
export function parseMetrics(text: string): Map<string, MetricFamily> {
  const families = new Map<string, MetricFamily>();
  const familyOf = (name: string): MetricFamily => {
    let family = families.get(name);
    if (!family) {
      family = { name, type: 'untyped', help: '', samples: [] };
      families.set(name, family);
    }
    return family;
  };
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const meta = /^# (HELP|TYPE) (\S+)(?: (.*))?$/.exec(line);
    if (meta) {
      const [, kind, name, rest = ''] = meta as unknown as [string, string, string, string?];
      if (!new RegExp(`^${NAME}$`).test(name)) throw new Error(`bad metric name in: ${line}`);
      const family = familyOf(name);
      if (kind === 'HELP') family.help = rest;
      else if (/^(counter|gauge|histogram|summary|untyped)$/.test(rest)) {
        if (family.samples.length > 0) throw new Error(`TYPE after samples: ${line}`);
        family.type = rest as MetricFamily['type'];
      } else throw new Error(`bad TYPE line: ${line}`);
      continue;
    }
    if (line.startsWith('#')) continue;
    const m = SAMPLE_LINE.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const [, name, labelText, valueText] = m as unknown as [string, string, string | undefined, string];
    const family = [...families.values()].find((f) =>
      SUFFIXES[f.type].some((suffix) => `${f.name}${suffix}` === name),
    );
    const owner = family ?? familyOf(name);
    owner.samples.push({
      name,
      labels: labelText ? parseLabels(labelText, line) : {},
      value: parseValue(valueText, line),
    });
  }
  return families;
}

/** The samples of `family` named `name` (default: the family's own) whose labels include all of `labels`. */
export function samplesWith(
  family: MetricFamily | undefined,
  labels: Record<string, string>,
  name: string = family?.name ?? '',
): Sample[] {
  return (family?.samples ?? []).filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
}

/** A histogram's `_count` over its series whose labels include all of `labels` (0 when none). */
export function histogramCount(family: MetricFamily | undefined, labels: Record<string, string>): number {
  return samplesWith(family, labels, `${family?.name}_count`).reduce((sum, s) => sum + s.value, 0);
}

/**
 * The `q` quantile (0..1) of a histogram over its series whose labels include all of `labels` (added together),
 * in the metric's unit, interpolated inside the bucket it falls in as PromQL's `histogram_quantile`; null when
 * they counted nothing.
 */
export function histogramQuantile(
  family: MetricFamily | undefined,
  labels: Record<string, string>,
  q: number,
): number | null {
  const totals = new Map<number, number>();
  for (const s of samplesWith(family, labels, `${family?.name}_bucket`)) {
    const bound = parseValue(s.labels.le ?? '', `le of ${s.name}`);
    totals.set(bound, (totals.get(bound) ?? 0) + s.value);
  }
  const buckets = [...totals].sort((a, b) => a[0] - b[0]);
  const total = buckets.at(-1)?.[1] ?? 0;
  if (total === 0) return null;
  const rank = q * total;
  let lowerBound = 0;
  let lowerCount = 0;
  for (const [bound, count] of buckets) {
    if (count >= rank) {
      // Past the last finite bound PromQL answers that bound: the histogram cannot say more.
      if (bound === Infinity) return lowerBound;
      return lowerBound + ((bound - lowerBound) * (rank - lowerCount)) / (count - lowerCount || 1);
    }
    lowerBound = bound;
    lowerCount = count;
  }
  return lowerBound;
}
