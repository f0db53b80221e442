/**
 * The monthly statements (issue 39 §4): on the 1st at 07:00 Australia/Sydney pg-boss sends the `trade-statements`
 * queue a job (once however many instances run the schedules, like the low-stock report), and one process mails
 * last month's statement, its PDF attached, to every approved or suspended account that had ledger activity that
 * month or still owes at its end. The day's claim in `daily_job_runs` makes a retried or doubled job mail once.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { previousMonth, storeDay } from '@store/shared/trade-accounts';
import type { Database } from '../../db/client';
import { dailyJobRuns, tradeAccounts } from '../../db/schema';
import type { JobQueue } from '../jobs/job-queue';
import { claimDailyRun } from '../admin/low-stock-report';
import { ledgerEntries } from './trade-ledger';
import { renderStatementPdf, statementFigures } from './render-statement-pdf';
import { mailStatement, type TradeMailDeps } from './trade-admin-mails';
import { HttpError } from '../../plugins/error-handling';
import { TRADE_ADMIN_MESSAGES } from '@store/shared/trade-accounts';

export const STATEMENT_QUEUE = 'trade-statements';
export const STATEMENT_JOB = 'trade-statements';
/** On the 1st of each month at 07:00 (Sydney). */
export const STATEMENT_CRON = '0 7 1 * *';

/** Mails account `accountId`'s statement for `month` to its owner and accounts email; answers who it went to. */
export async function sendStatement(
  deps: TradeMailDeps,
  accountId: number,
  month: string,
  now = new Date(),
): Promise<string[]> {
  const [account] = await deps.db.select().from(tradeAccounts).where(eq(tradeAccounts.id, accountId));
  if (!account) throw new HttpError(404, TRADE_ADMIN_MESSAGES.accountNotFound);
  const figures = statementFigures(await ledgerEntries(deps.db, accountId), month, storeDay(now));
  const pdf = await renderStatementPdf(deps.db, accountId, month, now);
  return mailStatement(deps, {
    accountId,
    businessName: account.businessName,
    accountsEmail: account.accountsEmail,
    month,
    amountDueCents: figures.closingCents,
    pdf,
  });
}

/** The accounts a month's statement goes to: approved or on hold, with activity in the month or owing at its end. */
export async function accountsDueAStatement(
  db: Database,
  month: string,
  now = new Date(),
): Promise<number[]> {
  const rows = await db
    .select({ id: tradeAccounts.id })
    .from(tradeAccounts)
    .where(inArray(tradeAccounts.status, ['approved', 'suspended']));
  const due: number[] = [];
  for (const { id } of rows) {
    const f = statementFigures(await ledgerEntries(db, id), month, storeDay(now));
    if (f.entries.length > 0 || f.closingCents !== 0) due.push(id);
  }
  return due.sort((a, b) => a - b);
}

/** The monthly run: claims the day, then mails last month's statements. 'taken' when another run had the day. */
export async function runMonthlyStatements(
  deps: TradeMailDeps,
  now = new Date(),
): Promise<'taken' | { month: string; accounts: number }> {
  if (!(await claimDailyRun(deps.db, STATEMENT_JOB, now))) return 'taken';
  const month = previousMonth(storeDay(now));
  const ids = await accountsDueAStatement(deps.db, month, now);
  for (const id of ids) await sendStatement(deps, id, month, now);
  await deps.db
    .update(dailyJobRuns)
    .set({ finishedAt: sql`now()`, outcome: `mailed ${ids.length} statements for ${month}` })
    .where(and(eq(dailyJobRuns.job, STATEMENT_JOB), eq(dailyJobRuns.day, storeDay(now))));
  return { month, accounts: ids.length };
}

/** Defines the queue and its monthly schedule in `jobs`. */
export function defineStatementSchedule(jobs: JobQueue, deps: TradeMailDeps): void {
  jobs.define({
    name: STATEMENT_QUEUE,
    retryLimit: 2,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 1800,
    handler: async () => {
      const outcome = await runMonthlyStatements(deps);
      return outcome === 'taken' ? { outcome: 'sent this month already' } : outcome;
    },
  });
  jobs.schedule({ queue: STATEMENT_QUEUE, cron: STATEMENT_CRON, timezone: 'Australia/Sydney' });
}
