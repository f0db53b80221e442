/**
 * The store's jobs, assembled once for the store (app.ts) and the worker (worker.ts) (issue 38 §2, decision
 * 0062): the mailer, the durable job queue over the store's database, the mail service and order mails that
 * enqueue on it, and every queue and schedule: rendered mails, order mails, the daily low-stock report, payment
 * reconciliation, the embedded database's upkeep and the back office's catalog imports. Nothing runs until `jobs.start()`.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from './db/client';
import type { AppConfig } from './env';
import type { FileStores } from './storage/file-store';
import { catalogImportQueue } from './modules/admin/catalog-import-queue';
import { defineLowStockSchedule } from './modules/admin/low-stock-schedule';
import { defineDatabaseUpkeepSchedule } from './modules/jobs/database-upkeep-schedule';
import { createJobQueue, type JobQueue, type JobTimings } from './modules/jobs/job-queue';
import { createMailService, mailQueue, type MailService } from './modules/mail/mail-service';
import { mailStoreOf } from './modules/mail/mail-store';
import { createMailer, type Mailer } from './modules/mail/send-mail';
import { createOrderMails, type OrderMails } from './modules/orders/order-mails';
import type { PaymentProviders } from './modules/payments/choose-payment-providers';
import { defineReconcileSchedule } from './modules/payments/reconcile-schedule';
import { defineStatementSchedule } from './modules/trade/statement-schedule';

export interface StoreJobs {
  jobs: JobQueue;
  mailer: Mailer;
  mail: MailService;
  orderMails: OrderMails;
}

export interface StoreJobsOptions {
  config: AppConfig;
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  payments: Pick<PaymentProviders, 'card' | 'wallet'>;
  /** Tests shorten polling and retries. */
  timings?: JobTimings;
  /**
   * The store's file stores, for the catalog-import queue (the uploads in `private`, the pictures in `media`).
   * The store and the worker pass them; a command that only enqueues other jobs may not, and then does not
   * define that queue.
   */
  files?: Pick<FileStores, 'media' | 'private'>;
  /** Awaited after an import's commit, before its row says finished: the store's catalog read model's refresh. */
  onCatalogChanged?: () => Promise<void>;
}

/** See the module comment. Works jobs where `config.runJobs`, takes part in schedules where `config.runSchedules`. */
export function createStoreJobs(options: StoreJobsOptions): StoreJobs {
  const { config, database, log, payments, timings, files, onCatalogChanged } = options;
  const { db } = database;
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    outboxDir: config.outboxDir,
    from: async () => ({
      name: (await mailStoreOf(db, config.publicBaseUrl)).name,
      address: config.mailFrom,
    }),
  });
  const jobs = createJobQueue({
    database,
    log,
    runJobs: config.runJobs,
    runSchedules: config.runSchedules,
    ...(timings ? { timings } : {}),
  });
  jobs.define(mailQueue(mailer));
  const mail = createMailService(mailer, log, jobs);
  const orderMails = createOrderMails({
    db,
    jobs,
    mailer,
    baseUrl: config.publicBaseUrl,
    taxConfig: { mailFrom: config.mailFrom },
    log,
  });
  defineLowStockSchedule(jobs, { db, mail, config }, config.lowStockMailAt);
  defineReconcileSchedule(
    jobs,
    { db, providers: payments, mails: orderMails, refundMail: { mail, log, config } },
    config.paymentsReconcileMinutes,
  );
  defineStatementSchedule(jobs, { db, mail, config });
  defineDatabaseUpkeepSchedule(jobs, database, config.databaseUpkeepMinutes);
  if (files) jobs.define(catalogImportQueue({ db, files, log, onCatalogChanged }));
  return { jobs, mailer, mail, orderMails };
}
