/**
 * The low-stock report to the store (issue 36 §4, decision 0054): every product the one low-stock rule
 * (low-stock.ts) finds, mailed to the store's sales address (store setting `sales_email`, else MAIL_FROM); nothing
 * is sent when nothing is low. Sent daily by the schedule (low-stock-schedule.ts), which runs it once per store
 * day however many instances run (`claimDailyRun`), and on demand from the back office.
 */
import { and, eq, sql } from 'drizzle-orm';
import { absoluteUrl, adminProductPath } from '@store/shared/paths';
import type { Database } from '../../db/client';
import { dailyJobRuns } from '../../db/schema';
import type { MailService } from '../mail/mail-service';
import { mailStoreOf } from '../mail/mail-store';
import { renderMail } from '../mail/render-mail';
import { LowStockMail, lowStockSubject } from '../mail/templates/low-stock-mail';
import { listLowStock } from './low-stock';

/** The daily job's name in `daily_job_runs`. */
export const LOW_STOCK_JOB = 'low-stock-mail';
const SYDNEY = 'Australia/Sydney';

export interface LowStockReportDeps {
  db: Database;
  mail: MailService;
  config: { publicBaseUrl: string; mailFrom: string };
}

/** The store's calendar day of `now`, yyyy-mm-dd ('en-CA' writes dates that way). */
export function storeDay(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: SYDNEY }).format(now);
}

/**
 * Reads the low products and, when there are any, hands the report to the mail service (sent after the caller
 * goes on, retried). Answers how many products it listed and where it went (`to` is '' when nothing was sent).
 */
export async function sendLowStockReport(
  { db, mail, config }: LowStockReportDeps,
  now = new Date(),
): Promise<{ products: number; to: string }> {
  const low = await listLowStock(db);
  if (low.length === 0) return { products: 0, to: '' };
  const store = await mailStoreOf(db, config.publicBaseUrl);
  const to = store.salesEmail || config.mailFrom;
  const day = new Intl.DateTimeFormat('en-AU', {
    timeZone: SYDNEY,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(now);
  mail.deliver('low-stock report', async () => ({
    to,
    subject: lowStockSubject(store.name, low.length),
    ...(await renderMail(
      LowStockMail({
        store,
        day,
        products: low.map((p) => ({
          sku: p.sku,
          title: p.title,
          stock: p.stock,
          reorderLevel: p.reorderLevel,
          url: absoluteUrl(config.publicBaseUrl, adminProductPath(p.sku)),
        })),
      }),
    )),
  }));
  return { products: low.length, to };
}

/**
 * Claims `job` for the store day of `now`: true for exactly one caller per (job, day), whichever instance and
 * however many at once (`INSERT … ON CONFLICT DO NOTHING`: a concurrent insert of the same key waits for the first
 * and then yields to it).
 */
export async function claimDailyRun(db: Database, job: string, now: Date): Promise<boolean> {
  const claimed = await db
    .insert(dailyJobRuns)
    .values({ job, day: storeDay(now) })
    .onConflictDoNothing()
    .returning({ job: dailyJobRuns.job });
  return claimed.length === 1;
}

/**
 * The daily run: claims today's low-stock report and, if this instance won the claim, sends it and records the
 * outcome. Answers 'taken' when another run (another instance, or a second tick) had claimed the day already.
 */
export async function runDailyLowStockReport(
  deps: LowStockReportDeps,
  now = new Date(),
): Promise<'taken' | { products: number }> {
  if (!(await claimDailyRun(deps.db, LOW_STOCK_JOB, now))) return 'taken';
  const { products } = await sendLowStockReport(deps, now);
  await deps.db
    .update(dailyJobRuns)
    .set({ finishedAt: sql`now()`, outcome: products === 0 ? 'nothing low' : `sent ${products}` })
    .where(and(eq(dailyJobRuns.job, LOW_STOCK_JOB), eq(dailyJobRuns.day, storeDay(now))));
  return { products };
}
