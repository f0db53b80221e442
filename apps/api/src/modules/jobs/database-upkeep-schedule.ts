/**
 * The embedded database's upkeep on a schedule (decision 0090): every DATABASE_UPKEEP_MINUTES (10) the
 * `database-upkeep` queue gets a job that vacuums and analyses the tables autovacuum's rules say are due
 * (`runDatabaseUpkeep`), because PGlite never starts autovacuum. On PostgreSQL the server's autovacuum does this
 * and there is neither queue nor schedule. The job's output (kept with the job) names each table worked and its
 * time; Back office → Jobs lists the queue and a failed run.
 */
import type { DatabaseHandle } from '../../db/client';
import { runDatabaseUpkeep } from '../../db/database-upkeep';
import { everyMinutesCron, type JobQueue } from './job-queue';

export const DATABASE_UPKEEP_QUEUE = 'database-upkeep';

/**
 * On PGlite, defines the queue in `jobs` and its schedule every `minutes` minutes (with null, off, removes the
 * schedule). On PostgreSQL defines no queue, so the back office lists none, and removes the schedule.
 */
export function defineDatabaseUpkeepSchedule(
  jobs: JobQueue,
  database: Pick<DatabaseHandle, 'db' | 'kind'>,
  minutes: number | null,
): void {
  if (database.kind !== 'pglite') {
    jobs.schedule({ queue: DATABASE_UPKEEP_QUEUE, cron: null, timezone: 'UTC' });
    return;
  }
  jobs.define({
    name: DATABASE_UPKEEP_QUEUE,
    // The next run is minutes away and picks up what this one left.
    retryLimit: 0,
    retryDelaySeconds: 0,
    retryBackoff: false,
    expireInSeconds: 3600,
    handler: async () => {
      const report = await runDatabaseUpkeep(database.db, { withoutAutovacuum: true });
      return {
        tables: report.tables.map(
          (t) =>
            `${t.name}: ${[t.vacuumed && 'vacuumed', t.analyzed && 'analysed'].filter(Boolean).join(' and ')} in ${t.ms} ms`,
        ),
        deadRowsRemoved: report.deadRowsRemoved,
        longestMs: report.longestMs,
        totalMs: report.totalMs,
      };
    },
  });
  jobs.schedule({
    queue: DATABASE_UPKEEP_QUEUE,
    cron: everyMinutesCron(minutes),
    timezone: 'UTC',
  });
}
