/**
 * Where src/tracing.ts leaves the running tracing (`{ shutdown(): Promise<void> }`, start-tracing.ts) for the
 * server: two bundles (dist/tracing.mjs, dist/server.mjs) share nothing but the process, so a global symbol.
 */
export const TRACING_GLOBAL = Symbol.for('auto-parts-store.tracing');

/** The tracing src/tracing.ts started in this process, if any. */
export function runningTracing(): { shutdown(): Promise<void> } | undefined {
  return (globalThis as Record<symbol, { shutdown(): Promise<void> } | undefined>)[TRACING_GLOBAL];
}
