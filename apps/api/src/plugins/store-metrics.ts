/**
 * The process's own Prometheus metrics (issue 38 §3, decision 0063): one registry per process, because what it
 * counts belongs to the process, not to one Fastify app (tests build many apps in one process):
 *
 * - Node's process metrics from prom-client (`process_*`, `nodejs_*`: CPU, memory, heap, GC, handles, and the
 *   event loop lag: `nodejs_eventloop_lag_seconds` sampled at the scrape, `nodejs_eventloop_lag_p99_seconds` and
 *   friends from Node's own delay histogram), turned on by the first `/metrics` app (`startProcessMetrics`);
 * - the shop's own counters, incremented by the module where the thing happens:
 *   `store_orders_placed_total{payment_method}` (an order written by place-order, paid or not yet: whether it
 *   was paid shows in `store_payments_failed_total` and the order list) and `store_payments_failed_total` (a
 *   pending order cancelled because its payment failed: declined at checkout, a provider's webhook, or
 *   reconciliation);
 * - `store_catalog_json_reads_total{source}`: products' answer JSON put into catalog answers, from the working set
 *   held in memory (`memory`) or read from the database (`database`) (decision 0077): how well
 *   CATALOG_JSON_CACHE_MB fits the catalog's traffic.
 */
import { Counter, Registry, collectDefaultMetrics } from 'prom-client';

const registry = new Registry();

export const storeMetrics = {
  registry,
  ordersPlaced: new Counter({
    name: 'store_orders_placed_total',
    help: 'Orders written by place-order (stock reserved, order saved), before their payment is known.',
    labelNames: ['payment_method'] as const,
    registers: [registry],
  }),
  catalogJsonReads: new Counter({
    name: 'store_catalog_json_reads_total',
    help: "Products' answer JSON put into catalog answers, by where it came from: memory (the working set) or database.",
    labelNames: ['source'] as const,
    registers: [registry],
  }),
  paymentsFailed: new Counter({
    name: 'store_payments_failed_total',
    help: 'Pending orders cancelled because their payment failed (declined, a webhook, reconciliation).',
    registers: [registry],
  }),
};

let processMetricsOn = false;

/** Turns on Node's process metrics in `storeMetrics.registry`, once per process (later calls do nothing). */
export function startProcessMetrics(): void {
  if (processMetricsOn) return;
  processMetricsOn = true;
  // 10 ms resolution for the event loop delay histogram (prom-client's default): a lag under that is no news.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
}
