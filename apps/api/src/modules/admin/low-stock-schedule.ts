/**
 * The daily low-stock report's schedule (issue 36 §4, decision 0054), as a scheduled job (issue 38 §2, decision
 * 0062): pg-boss sends the `low-stock-report` queue a job at a store-local time (LOW_STOCK_MAIL_AT, default 07:00
 * Australia/Sydney), once however many instances run the schedules, and one process works it. The day's claim in
 * the database (`runDailyLowStockReport`) stays, so a job retried or sent twice still mails once a day.
 */
import type { JobQueue } from '../jobs/job-queue';
import { runDailyLowStockReport, type LowStockReportDeps } from './low-stock-report';

export const LOW_STOCK_QUEUE = 'low-stock-report';

/**
 * Defines the queue in `jobs` and its schedule at `at` ('HH:MM', 24-hour, Sydney time), or, with null (off),
 * removes the schedule.
 */
export function defineLowStockSchedule(jobs: JobQueue, deps: LowStockReportDeps, at: string | null): void {
  jobs.define({
    name: LOW_STOCK_QUEUE,
    // Tomorrow's run comes anyway; two quick retries cover a database that blinked.
    retryLimit: 2,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 600,
    handler: async () => {
      const outcome = await runDailyLowStockReport(deps);
      return outcome === 'taken' ? { outcome: 'sent today already' } : { products: outcome.products };
    },
  });
  const [hour, minute] = (at ?? '').split(':').map(Number);
  jobs.schedule({
    queue: LOW_STOCK_QUEUE,
    cron: at === null ? null : `${minute} ${hour} * * *`,
    timezone: 'Australia/Sydney',
  });
}
