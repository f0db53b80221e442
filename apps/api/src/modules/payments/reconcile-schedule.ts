/**
 * Reconciliation on a schedule (issue 38 §2, decision 0062): every PAYMENTS_RECONCILE_MINUTES (15) the
 * `payments-reconcile` queue gets a job that does what `npm run payments:reconcile` does (issue 10), so a missed
 * webhook or a lost answer is caught within minutes without anyone running the command. One instance sends each
 * run, one process works it; orders it marks paid get their confirmation's job in the same transaction.
 */
import { everyMinutesCron, type JobQueue } from '../jobs/job-queue';
import { reconcilePayments, type ReconcileOptions } from './reconcile-payments';
import type { Database } from '../../db/client';
import type { PaymentProviders } from './choose-payment-providers';

export const RECONCILE_QUEUE = 'payments-reconcile';

export interface ReconcileScheduleDeps {
  db: Database;
  providers: Pick<PaymentProviders, 'card' | 'wallet'>;
  mails: NonNullable<ReconcileOptions['mails']>;
  refundMail: NonNullable<ReconcileOptions['refundMail']>;
}

/** Defines the queue in `jobs` and its schedule every `minutes` minutes, or, with null (off), removes it. */
export function defineReconcileSchedule(
  jobs: JobQueue,
  deps: ReconcileScheduleDeps,
  minutes: number | null,
): void {
  jobs.define({
    name: RECONCILE_QUEUE,
    // The next run is minutes away: a failed one is not retried, it is listed for a person.
    retryLimit: 0,
    retryDelaySeconds: 0,
    retryBackoff: false,
    expireInSeconds: 600,
    handler: async () => {
      const lines = await reconcilePayments(deps.db, deps.providers, {
        mails: deps.mails,
        refundMail: deps.refundMail,
      });
      const count = (result: string) => lines.filter((l) => l.result === result).length;
      return { checked: lines.length, fixed: count('fixed'), needsAPerson: count('needs a person') };
    },
  });
  jobs.schedule({
    queue: RECONCILE_QUEUE,
    cron: everyMinutesCron(minutes),
    timezone: 'UTC',
  });
}
