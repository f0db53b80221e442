/**
 * Speed and memory of the in-process search index (decision 0020) on a generated catalog:
 *
 *   npx tsx apps/api/bench/search-index-bench.ts            (100,000 products)
 *   SEARCH_BENCH_SIZE=20000 npx tsx apps/api/bench/search-index-bench.ts
 *   SEARCH_BENCH_SIZE=1000000 node --max-old-space-size=8000 --import tsx apps/api/bench/search-index-bench.ts
 *
 * Builds the index once as the store does, a slice at a time (decision 0074: wall time, CPU time, the longest the
 * event loop waited between two slices, heap and off-heap growth, RSS growth), then runs 2,000+ distinct queries
 * of five kinds once each, shuffled, after a warm-up on other queries: whole words, 3-letter prefixes, two-word
 * queries, SKUs and one-letter typos. Prints p50/p95/p99 of `searchIndex` per kind, in milliseconds. No result is
 * cached. Last, the suggestions' vocabulary the same way, and "did you mean" for mistyped SKUs.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parse } from 'csv-parse/sync';
import { generateCatalogCsvChunks, seededRandom } from '../src/modules/catalog-import/generate-catalog-csv';
import { runInSlices } from '../src/modules/catalog/run-in-slices';
import {
  searchIndex,
  searchIndexSteps,
  searchWordsOf,
  type SearchDocument,
} from '../src/modules/catalog/search-index';
import { suggestionVocabularySteps, suggestSearches } from '../src/modules/catalog/search-suggestions';

const SIZE = Number(process.env.SEARCH_BENCH_SIZE ?? 100_000);

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function memory() {
  gc();
  gc();
  const m = process.memoryUsage();
  return { heap: m.heapUsed + m.arrayBuffers, rss: m.rss };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

// 1. The catalog, as the read model would hand it over.
let t0 = performance.now();
/**
 * The generated CSV as search documents, read 5,000 rows at a time (a million products are past the longest string
 * V8 holds); ids ascending, as the catalog keeps them.
 */
function generatedDocs(): SearchDocument[] {
  const docs: SearchDocument[] = [];
  let header: string | null = null;
  for (const chunk of generateCatalogCsvChunks({ count: SIZE, seed: 1 })) {
    if (header === null) {
      header = chunk;
      continue;
    }
    for (const r of parse(header + chunk, { columns: true }) as Record<string, string>[])
      docs.push({
        id: Number(r.ID),
        sku: r.SKU ?? '',
        title: r.Name ?? '',
        brand: r.Brands ?? '',
        category: (r.Categories ?? '').split(' > ').join(' '),
        tags: r.Tags ?? '',
      });
  }
  return docs;
}

/** Runs a sliced build as the store does; its value, and the longest the event loop waited meanwhile (ms). */
async function sliced<T>(steps: Generator<void, T>): Promise<{ value: T; stallMs: number; p99Ms: number }> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const value = await runInSlices(steps).done;
  delay.disable();
  return { value, stallMs: delay.max / 1e6, p99Ms: delay.percentile(99) / 1e6 };
}
const docs = generatedDocs();
console.log(`${docs.length} products generated and parsed in ${(performance.now() - t0).toFixed(0)} ms`);

// 2. The index.
const before = memory();
t0 = performance.now();
const cpu0 = process.cpuUsage();
const built = await sliced(searchIndexSteps(docs));
const index = built.value;
const buildMs = performance.now() - t0;
const buildCpu = process.cpuUsage(cpu0);
const after = memory();
const buildCpuMs = (buildCpu.user + buildCpu.system) / 1000;
console.log(
  `build of ${index.size} in slices: ${buildMs.toFixed(0)} ms (CPU ${buildCpuMs.toFixed(0)} ms); event loop waited ` +
    `${built.stallMs.toFixed(0)} ms at most, p99 ${built.p99Ms.toFixed(0)} ms`,
);
console.log(`heap + array buffers +${mb(after.heap - before.heap)}, RSS +${mb(after.rss - before.rss)}`);

// 3. Queries, from the catalog's own words.
const rand = seededRandom(7);
const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
const titleWords = [...new Set(docs.flatMap((d) => searchWordsOf(d.title)))].filter(
  (w) => !/^\d{5,}$/.test(w),
); // not the part numbers;
const letterWords = titleWords.filter((w) => /^[a-z]{4,}$/.test(w));
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

function typo(word: string): string {
  const k = 1 + Math.floor(rand() * (word.length - 1));
  switch (Math.floor(rand() * 3)) {
    case 0:
      return word.slice(0, k) + word.slice(k + 1); // a letter left out
    case 1:
      return word.slice(0, k) + pick([...LETTERS]) + word.slice(k + 1); // a letter wrong
    default:
      return word.slice(0, k) + pick([...LETTERS]) + word.slice(k); // a letter too many
  }
}

function distinct(count: number, make: () => string, taken: Set<string>): string[] {
  const out: string[] = [];
  for (let tries = 0; out.length < count && tries < count * 50; tries++) {
    const q = make();
    if (!taken.has(q)) {
      taken.add(q);
      out.push(q);
    }
  }
  return out;
}

function queries(taken: Set<string>, scale: number): Record<string, string[]> {
  return {
    'whole word': distinct(Math.min(titleWords.length, 300 * scale), () => pick(titleWords), taken),
    '3-letter prefix': distinct(300 * scale, () => pick(letterWords).slice(0, 3), taken),
    'two words': distinct(700 * scale, () => `${pick(letterWords)} ${pick(titleWords)}`, taken),
    SKU: distinct(700 * scale, () => pick(docs).sku, taken),
    'one-letter typo': distinct(700 * scale, () => typo(pick(letterWords)), taken),
  };
}

const taken = new Set<string>();
const warmUp = queries(taken, 0.3);
const measured = queries(taken, 1);
for (const list of Object.values(warmUp)) for (const q of list) searchIndex(index, q);

const jobs = Object.entries(measured).flatMap(([kind, list]) => list.map((q) => ({ kind, q })));
for (let k = jobs.length - 1; k > 0; k--) {
  const j = Math.floor(rand() * (k + 1));
  [jobs[k], jobs[j]] = [jobs[j] as (typeof jobs)[number], jobs[k] as (typeof jobs)[number]];
}
const times = new Map<string, number[]>();
const cpuTimes = new Map<string, number[]>();
const hits = new Map<string, number[]>();
for (const { kind, q } of jobs) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const r = searchIndex(index, q);
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  (cpuTimes.get(kind) ?? cpuTimes.set(kind, []).get(kind))?.push((used.user + used.system) / 1000);
  (times.get(kind) ?? times.set(kind, []).get(kind))?.push(ms);
  (hits.get(kind) ?? hits.set(kind, []).get(kind))?.push(r.ids.length);
}

console.log(`\n${jobs.length} distinct queries, each once; ms of searchIndex, wall clock (and CPU time):`);
console.log('kind              queries     p50     p95     p99     max   median hits   CPU p50   p95   p99');
for (const [kind, list] of times) {
  const s = [...list].sort((a, b) => a - b);
  const h = [...(hits.get(kind) ?? [])].sort((a, b) => a - b);
  const c = [...(cpuTimes.get(kind) ?? [])].sort((a, b) => a - b);
  const wall = [50, 95, 99].map((p) => percentile(s, p).toFixed(2).padStart(7)).join(' ');
  const max = (s[s.length - 1] ?? 0).toFixed(2).padStart(7);
  const cpu = [50, 95, 99].map((p) => percentile(c, p).toFixed(2)).join('  ');
  const count = String(s.length).padStart(7);
  console.log(
    `${kind.padEnd(17)} ${count} ${wall} ${max} ${String(percentile(h, 50)).padStart(13)}   ${cpu}`,
  );
}

// 4. The suggestions' vocabulary, and "did you mean" for SKUs typed with one key wrong (each finds nothing).
t0 = performance.now();
const vocabularyBuild = await sliced(
  suggestionVocabularySteps(
    docs.map((d) => ({ sku: d.sku, title: d.title, brand: d.brand, partNumbers: [] })),
  ),
);
console.log(
  `\nsuggestions' vocabulary in slices: ${(performance.now() - t0).toFixed(0)} ms; event loop waited ` +
    `${vocabularyBuild.stallMs.toFixed(0)} ms at most`,
);
const suggestMs: number[] = [];
for (let k = 0; k < 200; k++) {
  const sku = pick(docs).sku;
  const at = sku.length - 1 - Math.floor(rand() * 3);
  const wrong = sku.slice(0, at) + (sku[at] === '9' ? '0' : 'q') + sku.slice(at + 1);
  const start = performance.now();
  suggestSearches(vocabularyBuild.value, wrong, (text) => searchIndex(index, text).ids.length > 0);
  suggestMs.push(performance.now() - start);
}
suggestMs.sort((a, b) => a - b);
console.log(
  `did you mean, 200 mistyped SKUs: p50 ${percentile(suggestMs, 50).toFixed(2)} ms, p99 ${percentile(suggestMs, 99).toFixed(2)} ms`,
);
