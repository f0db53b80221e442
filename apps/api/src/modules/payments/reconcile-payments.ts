/**
 * Reconciliation (issue 10, `npm run payments:reconcile`): compares our orders' payment status with what Stripe
 * and PayPal say, and fixes what it can with the same payment-status functions the webhooks use, so that a
 * missed webhook or a lost answer cannot leave money and orders out of step.
 *
 * Checked: every order of a live provider still pending after `pendingGraceMinutes` (default 2), and every
 * order settled in the last `sinceDays` (default 7): paid ones for refunds and disputes, failed ones for money
 * the provider took after all. A card payment still waiting for 3-D Secure after `abandonAfterMinutes` (60) is
 * cancelled at the provider, then the order. Orders of the offline test providers are not checked (their
 * payments live in the server's memory).
 *
 * Refunds left 'pending' (issue 43 §1: reserved before the provider was asked, and its answer never arrived) for
 * more than `refundGraceMinutes` (default 5) are settled by asking the provider for the refund made with our
 * key (findRefund): made → 'succeeded' with everything a refund records; refused, or never received by the
 * provider → 'failed', the reservation released. One whose provider the store is not connected to, or that
 * cannot be asked now, is listed for a person. This covers every provider, the offline ones included (they
 * derive the refund from the key).
 */
import { and, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import {
  PAYMENT_METHOD_CARD,
  PAYMENT_STATUS_COMPLETED,
  PAYMENT_STATUS_DISPUTED,
  PAYMENT_STATUS_FAILED,
  PAYMENT_STATUS_PARTIALLY_REFUNDED,
  PAYMENT_STATUS_PENDING,
} from '@store/shared/order-constants';
import { REFUND_STATUS_FAILED, REFUND_STATUS_PENDING } from '@store/shared/admin-orders';
import { formatCents } from '@store/shared/money';
import type { Database } from '../../db/client';
import { orders, refunds } from '../../db/schema';
import {
  mailRefundNotice,
  providerOf,
  providerRefundKey,
  settleRefund,
  type RefundOrderDeps,
} from '../admin/refund-order';
import type { OrderMails } from '../orders/order-mails';
import { applyPaymentNews, type PaymentNews } from '../orders/order-payment-status';
import type { PaymentProviders } from './choose-payment-providers';
import type { ProviderPaymentState, RefundResult } from './payment-provider';

export interface ReconcileOptions {
  /** Paid orders younger than this many days are checked for refunds and disputes. */
  sinceDays?: number;
  /** Pending orders younger than this are left alone (their shopper may still be paying), minutes. */
  pendingGraceMinutes?: number;
  /**
   * A pending order the provider has no payment for (it never reached the provider), or whose card payment still
   * waits for 3-D Secure (the shopper left), is cancelled with its stock once it is this old, minutes.
   */
  abandonAfterMinutes?: number;
  /** List only; change nothing. */
  dryRun?: boolean;
  /** Told of every order this run marked paid (the customer's confirmation mail). */
  mails?: Pick<OrderMails, 'paymentConfirmed' | 'queueConfirmation'>;
  /** Pending refunds younger than this are left to the request still making them, minutes (default 5). */
  refundGraceMinutes?: number;
  /** With `mail` and `config`, a refund this run settles as made mails the customer its notice. */
  refundMail?: Pick<RefundOrderDeps, 'mail' | 'config' | 'log'>;
}

/** One order that was checked. */
export interface ReconcileLine {
  invoiceNumber: string;
  publicId: string;
  provider: string;
  ours: string;
  theirs: ProviderPaymentState | 'unreachable';
  /** 'agrees', 'fixed' (or 'would fix' in a dry run), 'waiting' (still in progress) or 'needs a person'. */
  result: 'agrees' | 'fixed' | 'would fix' | 'waiting' | 'needs a person';
  note: string;
}

/** Settled orders of the last days are checked too: refunds, disputes, and money taken for a cancelled order. */
const RECENT_STATES = [
  PAYMENT_STATUS_COMPLETED,
  PAYMENT_STATUS_PARTIALLY_REFUNDED,
  PAYMENT_STATUS_DISPUTED,
  PAYMENT_STATUS_FAILED,
];

/** Checks and fixes (see the module comment). Never throws for one provider call; the line says 'unreachable'. */
export async function reconcilePayments(
  db: Database,
  providers: Pick<PaymentProviders, 'card' | 'wallet'>,
  options: ReconcileOptions = {},
): Promise<ReconcileLine[]> {
  const refundLines = await reconcilePendingRefunds(db, providers, options);
  const live = [providers.card, providers.wallet].filter((p) => p !== null && p.mode === 'live');
  const names = live.map((p) => p?.name ?? '');
  if (names.length === 0) return refundLines;
  const sinceDays = options.sinceDays ?? 7;
  const grace = options.pendingGraceMinutes ?? 2;
  const abandonAfter = options.abandonAfterMinutes ?? 60;
  const minutesAgo = (m: number) => sql`now() - make_interval(mins => ${m})`;

  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        inArray(orders.paymentProvider, names),
        or(
          and(eq(orders.paymentStatus, PAYMENT_STATUS_PENDING), lt(orders.createdAt, minutesAgo(grace))),
          and(
            inArray(orders.paymentStatus, RECENT_STATES),
            gte(orders.createdAt, minutesAgo(sinceDays * 24 * 60)),
          ),
        ),
      ),
    )
    .orderBy(orders.id);

  const lines: ReconcileLine[] = [...refundLines];
  for (const order of rows) {
    const base = {
      invoiceNumber: order.invoiceNumber,
      publicId: order.publicId,
      provider: order.paymentProvider ?? '',
      ours: order.paymentStatus,
    };
    let theirs: ProviderPaymentState;
    let reference: string | null = null;
    try {
      if (order.paymentMethod === PAYMENT_METHOD_CARD) {
        if (!providers.card || providers.card.name !== order.paymentProvider) continue;
        const found = await providers.card.paymentState({
          paymentId: order.paymentReference,
          orderPublicId: order.publicId,
        });
        theirs = found.state;
        reference = found.paymentId ?? null;
      } else {
        if (!providers.wallet || providers.wallet.name !== order.paymentProvider || !order.walletOrderId)
          continue;
        const found = await providers.wallet.paymentState(order.walletOrderId);
        theirs = found.state;
        reference = found.captureId ?? null;
      }
    } catch (err) {
      lines.push({
        ...base,
        theirs: 'unreachable',
        result: 'needs a person',
        note: `the provider could not be asked (${(err as Error).message}); run again later`,
      });
      continue;
    }
    const ageMinutes = (Date.now() - order.createdAt.getTime()) / 60_000;
    const abandoned = ageMinutes >= abandonAfter;
    if (
      order.paymentStatus === PAYMENT_STATUS_PENDING &&
      theirs === 'pending' &&
      abandoned &&
      order.paymentMethod === PAYMENT_METHOD_CARD &&
      reference &&
      providers.card
    ) {
      // 3-D Secure never finished: give the payment up at the provider, then the order (stock back).
      if (options.dryRun) {
        lines.push({ ...base, theirs, result: 'would fix', note: 'abandoned at 3-D Secure: would cancel' });
        continue;
      }
      const cancelled = await providers.card.cancel(reference).catch(() => false);
      if (cancelled) theirs = 'failed';
    }
    const plan = decide(order.paymentStatus, theirs, abandoned);
    if (plan.news === null) {
      lines.push({ ...base, theirs, result: plan.result, note: plan.note });
      continue;
    }
    if (options.dryRun) {
      lines.push({ ...base, theirs, result: 'would fix', note: plan.note });
      continue;
    }
    const change = await applyPaymentNews(
      db,
      order.id,
      plan.news,
      reference,
      options.mails?.queueConfirmation,
    );
    if (change === 'changed' && plan.news === 'completed') await options.mails?.paymentConfirmed(order.id);
    lines.push({
      ...base,
      theirs,
      result: change === 'changed' ? 'fixed' : 'agrees',
      note: change === 'changed' ? plan.note : 'settled meanwhile (webhook)',
    });
  }
  return lines;
}

/**
 * Settles every refund pending for longer than the grace (see the module comment), oldest first, one line each.
 * Never throws for one provider call: that line says 'unreachable' and 'needs a person'.
 */
async function reconcilePendingRefunds(
  db: Database,
  providers: Pick<PaymentProviders, 'card' | 'wallet'>,
  options: ReconcileOptions,
): Promise<ReconcileLine[]> {
  const grace = options.refundGraceMinutes ?? 5;
  const pending = await db
    .select({ refund: refunds, order: orders })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(
      and(
        eq(refunds.status, REFUND_STATUS_PENDING),
        lt(refunds.createdAt, sql`now() - make_interval(mins => ${grace})`),
      ),
    )
    .orderBy(refunds.id);
  const lines: ReconcileLine[] = [];
  for (const { refund, order } of pending) {
    const base = {
      invoiceNumber: order.invoiceNumber,
      publicId: order.publicId,
      provider: refund.provider,
      ours: `refund #${refund.id} of ${formatCents(refund.amountCents)} pending`,
    };
    const provider = providerOf(providers, refund.provider, db);
    if (!provider || !order.paymentReference) {
      lines.push({
        ...base,
        theirs: 'unknown',
        result: 'needs a person',
        note: `the store is not connected to ${refund.provider}: check the refund on its dashboard`,
      });
      continue;
    }
    let found: RefundResult | null;
    try {
      found = await provider.findRefund({
        paymentId: order.paymentReference,
        walletOrderId: order.walletOrderId,
        idempotencyKey: providerRefundKey(refund.idempotencyKey),
      });
    } catch (err) {
      lines.push({
        ...base,
        theirs: 'unreachable',
        result: 'needs a person',
        note: `the provider could not be asked about the refund (${(err as Error).message}); run again later`,
      });
      continue;
    }
    // Never received by the provider: nothing went back, so the reservation is released.
    const result: RefundResult = found ?? {
      status: 'failed',
      message: 'the payment provider has no refund with our key',
    };
    const theirs = result.status === 'failed' ? (found ? 'failed' : 'unknown') : 'refunded';
    const note =
      result.status === 'failed'
        ? `not refunded at the provider (${result.message}): reservation released`
        : `refunded at the provider (${result.refundId}): recorded`;
    if (options.dryRun) {
      lines.push({ ...base, theirs, result: 'would fix', note });
      continue;
    }
    const deps: RefundOrderDeps = { db, payments: providers, ...options.refundMail };
    const settled = await settleRefund(deps, refund, result);
    if (settled.outcome) mailRefundNotice(deps, settled.outcome);
    lines.push({
      ...base,
      theirs,
      result: settled.status === REFUND_STATUS_PENDING ? 'needs a person' : 'fixed',
      note: settled.outcome || settled.status === REFUND_STATUS_FAILED ? note : 'settled meanwhile',
    });
  }
  return lines;
}

type Plan =
  | { news: PaymentNews; note: string }
  | { news: null; result: 'agrees' | 'waiting' | 'needs a person'; note: string };

/** What to do when we say `ours` and the provider says `theirs`. */
function decide(ours: string, theirs: ProviderPaymentState, abandoned: boolean): Plan {
  if (ours === PAYMENT_STATUS_PENDING) {
    if (theirs === 'completed' || theirs === 'partially_refunded' || theirs === 'disputed') {
      return { news: 'completed', note: 'paid at the provider: marked paid' };
    }
    if (theirs === 'failed' || theirs === 'refunded') {
      return { news: 'failed', note: 'not paid at the provider: order cancelled, stock released' };
    }
    if (theirs === 'unknown') {
      return abandoned
        ? { news: 'failed', note: 'no payment at the provider: order cancelled, stock released' }
        : { news: null, result: 'waiting', note: 'no payment at the provider yet' };
    }
    return {
      news: null,
      result: 'waiting',
      note: 'still in progress at the provider (3-D Secure or processing)',
    };
  }
  if (
    theirs === ours ||
    (ours === PAYMENT_STATUS_FAILED && (theirs === 'unknown' || theirs === 'refunded'))
  ) {
    return { news: null, result: 'agrees', note: '' };
  }
  if (ours === PAYMENT_STATUS_FAILED) {
    return {
      news: null,
      result: 'needs a person',
      note: `we say ${ours}, the provider says ${theirs}: refund the payment or restore the order`,
    };
  }
  if (theirs === 'refunded' || theirs === 'partially_refunded' || theirs === 'disputed') {
    return { news: theirs, note: `${theirs.replace('_', ' ')} at the provider` };
  }
  return {
    news: null,
    result: 'needs a person',
    note: `we say ${ours}, the provider says ${theirs}: check the order and the provider's dashboard`,
  };
}
