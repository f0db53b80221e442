/**
 * The Node flags the store runs with: `npm start` (apps/api/package.json) and the benches that measure what it
 * runs pass them before `dist/server.mjs`.
 *
 * `--max-semi-space-size=8` (MB, V8's default 16): V8's young generation is collected when a semi-space fills,
 * and until then every answer's bytes (a listing is a 28 kB Buffer outside the heap) wait for it. Half the space
 * frees them twice as often: 30 MiB less RSS at 100,000 products, req/s within the noise (decision 0040). Unlike
 * the heap's growth (HEAP_GROWTH_PERCENT, set at start by server.ts), the young generation's size is fixed when
 * Node starts, so it can only be a flag.
 *
 * `--import=./dist/tracing.mjs` (relative to apps/api, where they run): the tracing entry (src/tracing.ts,
 * decision 0063) runs before the server's modules load, so OpenTelemetry can patch them; with tracing off it
 * loads nothing more.
 */
export const SERVER_NODE_FLAGS: readonly string[] = [
  '--max-semi-space-size=8',
  '--import=./dist/tracing.mjs',
];
