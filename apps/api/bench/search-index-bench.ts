/**
 * Speed and memory of the in-process search index (decision 0020) on a generated catalog:
 *
 *   npx tsx apps/api/bench/search-index-bench.ts            (100,000 products)
 *   SEARCH_BENCH_SIZE=20000 npx tsx apps/api/bench/search-index-bench.ts
 *
 * Builds the index once (time, heap and off-heap growth, RSS growth), then runs 2,000+ distinct queries of five
 * kinds once each, shuffled, after a warm-up on other queries: whole words, 3-letter prefixes, two-word queries,
 * SKUs and one-letter typos. Prints p50/p95/p99 of `searchIndex` per kind, in milliseconds. No result is cached.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parse } from 'csv-parse/sync';
import { generateCatalogCsv, seededRandom } from '../src/modules/catalog-import/generate-catalog-csv';
import {
  buildSearchIndex,
  searchIndex,
  searchWordsOf,
  type SearchDocument,
} from '../src/modules/catalog/search-index';

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
/** The generated CSV as search documents (the CSV text and rows are garbage once this returns). */
function generatedDocs(): SearchDocument[] {
  const rows = parse(generateCatalogCsv({ count: SIZE, seed: 1 }), { columns: true }) as Record<
    string,
    string
  >[];
  return rows.map((r) => ({
    id: Number(r.ID),
    sku: r.SKU ?? '',
    title: r.Name ?? '',
    brand: r.Brands ?? '',
    category: (r.Categories ?? '').split(' > ').join(' '),
    tags: r.Tags ?? '',
  }));
}
const docs = generatedDocs();
console.log(`${docs.length} products generated and parsed in ${(performance.now() - t0).toFixed(0)} ms`);

// 2. The index.
const before = memory();
t0 = performance.now();
const cpu0 = process.cpuUsage();
const index = buildSearchIndex(docs);
const buildMs = performance.now() - t0;
const buildCpu = process.cpuUsage(cpu0);
const after = memory();
const buildCpuMs = (buildCpu.user + buildCpu.system) / 1000;
console.log(`build of ${index.size}: ${buildMs.toFixed(0)} ms (CPU ${buildCpuMs.toFixed(0)} ms)`);
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
