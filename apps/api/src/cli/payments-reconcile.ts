/**
 * `npm run payments:reconcile [-- --dry-run] [--since-days 7]` (issue 10): lists the orders whose payment status
 * disagrees with Stripe's or PayPal's and fixes the ones it can (reconcile-payments.ts). Uses the configured
 * database and providers (env.ts). The store runs the same work on a schedule (PAYMENTS_RECONCILE_MINUTES, decision
 * 0062); this runs it now. Mails it causes are queued as jobs, sent by the store (or a worker).
 * Exit codes: 0 everything agrees or was fixed; 1 some orders need a person, or a provider could not be asked;
 * 2 usage error.
 */
import { parseArgs } from 'node:util';
import pino from 'pino';
import { CLI_VERBOSE_USAGE } from '@store/shared/cli-messages';
import type { Database } from '../db/client';
import { loadConfig } from '../env';
import { choosePaymentProviders, type PaymentProviders } from '../modules/payments/choose-payment-providers';
import {
  reconcilePayments,
  type ReconcileLine,
  type ReconcileOptions,
} from '../modules/payments/reconcile-payments';
import type { OrderMails } from '../modules/orders/order-mails';
import { createStoreJobs } from '../store-jobs';
import { PaypalUnavailableError } from '../modules/payments/paypal-wallet-provider';
import { StripeUnavailableError } from '../modules/payments/stripe-card-provider';
import type { CommandIo } from './control-channel';
import { describeCliFailure } from './describe-cli-failure';
import { openCommandDatabase, runCommandLine } from './run-command-line';
import { isMainModule } from './is-main-module';

export const USAGE = `Usage: npm run payments:reconcile -- [--dry-run] [--since-days <days>]

Compares orders paid through Stripe or PayPal with the providers and fixes what it can:
pending orders the provider has paid are marked paid, refunds and disputes are recorded, and
pending orders whose payment never reached the provider are cancelled after an hour (stock back).
  --dry-run           list what would change; change nothing
  --since-days <n>    check paid orders of the last n days for refunds and disputes (default 7)
${CLI_VERBOSE_USAGE}
  --help              show this help

While the store runs on its embedded database, the running store does the reconciliation.`;

export interface ReconcileIo extends CommandIo {
  /** Tests, and the running store (decision 0042), pass their own database, providers and mails. */
  open?: () => Promise<{
    db: Database;
    providers: PaymentProviders;
    mails?: OrderMails;
    /** Mails the customer a refund notice for each pending refund this run settles as made. */
    refundMail?: NonNullable<ReconcileOptions['refundMail']>;
    close(): Promise<void>;
  }>;
}

/** One line per checked order: invoice, public id, provider, ours -> theirs, result, note. */
export function formatLine(l: ReconcileLine): string {
  return `${l.invoiceNumber}  ${l.publicId}  ${l.provider}  ours ${l.ours}, provider ${l.theirs}: ${l.result}${l.note ? ` (${l.note})` : ''}`;
}

/** Runs the CLI with `argv`; resolves to the exit code. */
export async function runPaymentsReconcile(argv: string[], io: ReconcileIo): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      options: {
        'dry-run': { type: 'boolean', default: false },
        'since-days': { type: 'string', default: '7' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (args.values.help) {
    io.out(USAGE);
    return 0;
  }
  const sinceDays = Number(args.values['since-days']);
  if (!Number.isInteger(sinceDays) || sinceDays < 0 || sinceDays > 3650) {
    io.err(
      `--since-days must be a whole number of days from 0 to 3650, not "${args.values['since-days']}".\n\n${USAGE}`,
    );
    return 2;
  }
  const open =
    io.open ??
    (async () => {
      // This command only enqueues: the store (or a worker) sends what it queues, durable meanwhile.
      const config = { ...loadConfig(), runJobs: false, runSchedules: false };
      const log = pino({ level: 'warn' });
      const handle = await openCommandDatabase(config, 'payments:reconcile');
      const providers = choosePaymentProviders(config, log);
      // Orders this run marks paid get their confirmation mail, as the webhook would have sent it.
      const {
        jobs,
        mail,
        orderMails: mails,
      } = createStoreJobs({
        config,
        database: handle,
        log,
        payments: providers,
      });
      await jobs.start();
      return {
        db: handle.db,
        providers,
        mails,
        refundMail: {
          mail,
          log,
          config: {
            publicBaseUrl: config.publicBaseUrl,
            mailFrom: config.mailFrom,
          },
        },
        close: async () => {
          await mail.close();
          await jobs.stop();
          await handle.close();
        },
      };
    });
  const target = await open();
  try {
    const lines = await reconcilePayments(target.db, target.providers, {
      sinceDays,
      dryRun: args.values['dry-run'],
      ...(target.mails ? { mails: target.mails } : {}),
      ...(target.refundMail ? { refundMail: target.refundMail } : {}),
    });
    const live = [target.providers.card, target.providers.wallet].some((p) => p?.mode === 'live');
    // Refunds left pending are settled with every provider, the offline test ones too (decision 0041).
    if (!live && lines.length === 0) {
      io.out(
        'Nothing to reconcile: the store runs on the offline test providers (no Stripe or PayPal keys).',
      );
      return 0;
    }
    const disagreeing = lines.filter((l) => l.result !== 'agrees');
    for (const l of disagreeing) io.out(formatLine(l));
    const count = (r: ReconcileLine['result']) => lines.filter((l) => l.result === r).length;
    io.out(
      `Checked ${lines.length} order${lines.length === 1 ? '' : 's'}: ${count('agrees')} agree, ` +
        `${count(args.values['dry-run'] ? 'would fix' : 'fixed')} ${args.values['dry-run'] ? 'would be fixed' : 'fixed'}, ` +
        `${count('waiting')} waiting, ${count('needs a person')} need a person.`,
    );
    return count('needs a person') > 0 ? 1 : 0;
  } catch (error) {
    // A provider that did not answer says which and what to do; anything else is described without its values.
    io.err(
      error instanceof StripeUnavailableError || error instanceof PaypalUnavailableError
        ? `Reconciliation stopped: ${error.message}`
        : describeCliFailure('Reconciliation stopped', error, io.verbose),
    );
    return 1;
  } finally {
    await target.close();
  }
}

if (isMainModule(import.meta.url, 'payments-reconcile.ts')) {
  process.exitCode = await runCommandLine('payments:reconcile', process.argv.slice(2), runPaymentsReconcile);
}
