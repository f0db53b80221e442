/**
 * Refunds from the back office (issue 12): money given back through the order's payment provider and
 * recorded once. Used by `POST /api/admin/orders/{public id}/refunds` and by a return approved with a refund.
 *
 * Order of work, so that a refund is never made twice nor recorded without the money moving:
 * 1. the same idempotency key already recorded answers that refund again (no provider call);
 * 2. checks: a paid order, an amount within what is left;
 * 3. the provider's refund, with a key derived from ours — two requests racing with one key make one refund
 *    at the provider (the test providers derive the refund id from it, Stripe and PayPal keep it);
 * 4. one transaction (the order row locked): the `refunds` row (its unique idempotency key makes the racing
 *    twin record nothing), the payment status ('partially_refunded' or 'refunded') and the 'order.refund'
 *    audit row.
 * A refusal or an unreachable provider records nothing. Webhooks that later tell of the same refund find the
 * order already there (order-payment-status.ts moves only forward), so nothing is counted twice.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ADMIN_ORDER_MESSAGES, ADMIN_REFUND_MESSAGES as M } from '@store/shared/admin-orders';
import { formatCents } from '@store/shared/money';
import {
  IDEMPOTENCY_KEY_PATTERN,
  PAYMENT_METHOD_CARD,
  PAYMENT_STATUS_COMPLETED,
  PAYMENT_STATUS_PARTIALLY_REFUNDED,
  PAYMENT_STATUS_REFUNDED,
} from '@store/shared/order-constants';
import type { Database } from '../../db/client';
import { orders, refunds } from '../../db/schema';
import { HttpError } from '../../plugins/error-handling';
import type { MailService } from '../mail/mail-service';
import { mailStoreOf } from '../mail/mail-store';
import { renderMail } from '../mail/render-mail';
import { RefundNoticeMail, refundNoticeSubject } from '../mail/templates/refund-notice-mail';
import { issueAdjustmentNote } from '../orders/issue-adjustment-note';
import type { OrderRow } from '../orders/order-presenter';
import type { PaymentProviders } from '../payments/choose-payment-providers';
import type { RefundResult } from '../payments/payment-provider';
import { recordAudit } from './record-audit';

/** What refundOrder needs; the Fastify app has all of it (pass `app`). */
export interface RefundOrderDeps {
  db: Database;
  payments: Pick<PaymentProviders, 'card' | 'wallet'>;
  log?: FastifyBaseLogger;
  /** With `mail` and `config`, the customer is mailed a refund notice once the refund is recorded. */
  mail?: MailService;
  /**
   * `storeAbn` and `mailFrom` issue the order's tax invoice when a refund finds it has none (issue 18 §3); without
   * them such an invoice shows the demo placeholder ABN.
   */
  config?: { publicBaseUrl: string; storeAbn?: string | undefined; mailFrom?: string };
}

export interface RefundOrderRequest {
  orderPublicId: string;
  /** Integer cents, > 0, at most the order's total less what was refunded already. */
  amountCents: number;
  /** Why (shown to staff, in the customer's mail and on the provider's dashboard); may be ''. */
  reason: string;
  /** One per intended refund (8–100 of A–Z a–z 0–9 _ -): the same key is the same refund, never a second. */
  idempotencyKey: string;
  /** Who refunds; null for the command line. */
  staffId: number | null;
  /** The return this refund settles, when it comes from one. */
  returnId?: number | null;
}

export type RefundRow = typeof refunds.$inferSelect;

export interface RefundOutcome {
  /** True when this key had made the refund before: nothing was done again. */
  replayed: boolean;
  refund: RefundRow;
  /** The order after the refund. */
  order: OrderRow;
  /** Everything refunded on the order so far, integer cents. */
  refundedCents: number;
}

/** Payment statuses from which money can be given back. */
const REFUNDABLE = [PAYMENT_STATUS_COMPLETED, PAYMENT_STATUS_PARTIALLY_REFUNDED];

/** The key the provider gets: derived from ours, short enough for PayPal-Request-Id (≤ 108 characters). */
export function providerRefundKey(idempotencyKey: string): string {
  return `refund_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 40)}`;
}

/** Integer cents refunded on order `orderId` so far. */
export async function refundedCentsOf(db: Database, orderId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(eq(refunds.orderId, orderId));
  return Number(row?.n ?? 0);
}

async function replay(db: Database, refund: RefundRow, request: RefundOrderRequest): Promise<RefundOutcome> {
  const [order] = await db.select().from(orders).where(eq(orders.id, refund.orderId));
  if (!order || order.publicId !== request.orderPublicId || refund.amountCents !== request.amountCents) {
    throw new HttpError(422, M.keyReused);
  }
  return { replayed: true, refund, order, refundedCents: await refundedCentsOf(db, order.id) };
}

/**
 * Refunds `amountCents` of order `orderPublicId` through the provider that took its payment (issue 12) and
 * records it once: a `refunds` row, the payment status ('refunded' when the whole total is back, else
 * 'partially_refunded') and an 'order.refund' audit row in one transaction; then mails the customer when
 * `deps` has mail. The same `idempotencyKey` answers the first refund again (`replayed: true`) without calling
 * the provider, also when two requests race.
 *
 * Throws HttpError 400 (bad amount or key; `amount` over what is left, naming the most in dollars), 404 (no such
 * order), 409 (not paid, fully refunded, or paid through a provider the store is not connected to),
 * 422 (the key was used for another refund), 402 (the provider refused: nothing recorded) and 502 (the
 * provider could not be reached: nothing recorded).
 */
export async function refundOrder(
  deps: RefundOrderDeps,
  request: RefundOrderRequest,
): Promise<RefundOutcome> {
  const { db } = deps;
  if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
    throw new HttpError(400, M.amount, [{ field: 'amount', message: M.amount }]);
  }
  if (!IDEMPOTENCY_KEY_PATTERN.test(request.idempotencyKey)) throw new HttpError(400, M.keyRequired);

  const [earlier] = await db.select().from(refunds).where(eq(refunds.idempotencyKey, request.idempotencyKey));
  if (earlier) return replay(db, earlier, request);

  const [order] = await db.select().from(orders).where(eq(orders.publicId, request.orderPublicId));
  if (!order) throw new HttpError(404, ADMIN_ORDER_MESSAGES.notFound);
  if (order.paymentStatus === PAYMENT_STATUS_REFUNDED) throw new HttpError(409, M.fullyRefunded);
  if (!REFUNDABLE.includes(order.paymentStatus)) throw new HttpError(409, M.notPaid(order.paymentStatus));
  const left = order.totalCents - (await refundedCentsOf(db, order.id));
  if (left <= 0) throw new HttpError(409, M.fullyRefunded);
  if (request.amountCents > left) {
    throw new HttpError(400, M.tooMuch(left), [{ field: 'amount', message: M.tooMuch(left) }]);
  }

  const { card, wallet } = deps.payments;
  const provider =
    card?.name === order.paymentProvider ? card : wallet?.name === order.paymentProvider ? wallet : null;
  if (!provider || !order.paymentReference) {
    throw new HttpError(409, M.providerMissing(order.paymentProvider || 'an unknown provider'));
  }

  let result: RefundResult;
  try {
    result = await provider.refund({
      paymentId: order.paymentReference,
      amountCents: request.amountCents,
      currency: 'AUD',
      idempotencyKey: providerRefundKey(request.idempotencyKey),
      reason: request.reason,
    });
  } catch (err) {
    deps.log?.error(
      { err, invoice: order.invoiceNumber },
      'refund: the payment provider could not be reached',
    );
    throw new HttpError(502, M.providerUnreachable);
  }
  if (result.status === 'failed') throw new HttpError(402, M.providerRefused(result.message));
  const providerRefundId = result.refundId;

  const recorded = await db.transaction(async (tx) => {
    // Locked, so two different refunds of one order add up their amounts one after the other.
    const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
    if (!locked) throw new HttpError(404, ADMIN_ORDER_MESSAGES.notFound);
    const [refund] = await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        amountCents: request.amountCents,
        reason: request.reason,
        provider: provider.name,
        providerRefundId,
        idempotencyKey: request.idempotencyKey,
        returnId: request.returnId ?? null,
        staffId: request.staffId,
      })
      .onConflictDoNothing({ target: refunds.idempotencyKey })
      .returning();
    // The racing twin with the same key recorded it first: answer that one (after this transaction).
    if (!refund) return null;
    await issueRefundNote(deps, tx, refund);
    const refundedCents = await refundedCentsOf(tx, order.id);
    if (refundedCents > locked.totalCents) {
      // Only possible when the provider let more back than the order's total: record the money, and say so.
      deps.log?.error({ invoice: order.invoiceNumber, refundedCents }, 'refunds exceed the order total');
    }
    const status =
      refundedCents >= locked.totalCents ? PAYMENT_STATUS_REFUNDED : PAYMENT_STATUS_PARTIALLY_REFUNDED;
    // Never back from 'refunded' (a webhook may have told of the full refund first).
    const [after] =
      locked.paymentStatus === PAYMENT_STATUS_REFUNDED
        ? [locked]
        : await tx
            .update(orders)
            .set({ paymentStatus: status, updatedAt: sql`now()` })
            .where(eq(orders.id, order.id))
            .returning();
    const updated = after ?? locked;
    await recordAudit(tx, {
      staffId: request.staffId,
      action: 'order.refund',
      entityType: 'order',
      entityId: order.publicId,
      before: { payment_status: locked.paymentStatus, refunded_cents: refundedCents - request.amountCents },
      after: {
        payment_status: updated.paymentStatus,
        refunded_cents: refundedCents,
        refund_cents: request.amountCents,
        provider_refund_id: providerRefundId,
        reason: request.reason,
        ...(request.returnId ? { return_id: request.returnId } : {}),
      },
    });
    return { replayed: false, refund, order: updated, refundedCents };
  });
  if (!recorded) {
    const [twin] = await db.select().from(refunds).where(eq(refunds.idempotencyKey, request.idempotencyKey));
    if (!twin) throw new HttpError(409, ADMIN_ORDER_MESSAGES.changedMeanwhile);
    return replay(db, twin, request);
  }
  mailRefundNotice(deps, recorded);
  return recorded;
}

/**
 * The refund's adjustment note (issue 18 §3, decision 0036), recorded with the refund. In a savepoint, and a
 * failure only logged: the money has already moved, so the refund itself must be recorded whatever happens here.
 */
async function issueRefundNote(deps: RefundOrderDeps, tx: Database, refund: RefundRow): Promise<void> {
  const taxConfig = { storeAbn: deps.config?.storeAbn, mailFrom: deps.config?.mailFrom ?? '' };
  try {
    await tx.transaction((sp) =>
      issueAdjustmentNote(
        sp,
        {
          orderId: refund.orderId,
          kind: 'refund',
          source: `refund:${refund.id}`,
          amountCents: refund.amountCents,
          reason: refund.reason,
        },
        taxConfig,
      ),
    );
  } catch (err) {
    deps.log?.error({ err, refundId: refund.id }, 'refund: its adjustment note could not be issued');
  }
}

/** Mails the customer what was refunded (after the answer; the mail service retries and never throws). */
function mailRefundNotice(deps: RefundOrderDeps, { order, refund, refundedCents }: RefundOutcome): void {
  const { mail, config } = deps;
  if (!mail || !config) return;
  mail.deliver(
    'refund notice',
    mailStoreOf(deps.db, config.publicBaseUrl).then(async (store) => ({
      to: order.email,
      subject: refundNoticeSubject(store.name, order.invoiceNumber),
      ...(await renderMail(
        RefundNoticeMail({
          store,
          fName: order.fName,
          invoiceNumber: order.invoiceNumber,
          amount: formatCents(refund.amountCents),
          refundedTotal: formatCents(refundedCents),
          paidWith: order.paymentMethod === PAYMENT_METHOD_CARD ? 'card' : 'PayPal account',
          reason: refund.reason,
          orderUrl: `${config.publicBaseUrl}/guest-track-order?id=${order.publicId}`,
        }),
      )),
    })),
  );
}
