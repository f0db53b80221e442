/**
 * Refunds from the back office (issue 12; issue 43 §1, decision 0041): money given back through the order's
 * payment provider, reserved in our database before the provider is asked and settled after. Used by
 * `POST /api/admin/orders/{public id}/refunds`, by a return approved with a refund, and by payments:reconcile
 * (settleRefund) for a refund whose provider answer never arrived.
 *
 * Reserve → call → settle, so that no race and no crash can give back more than was paid:
 * 1. reserve, in one transaction with the order row locked (`SELECT … FOR UPDATE`): the same idempotency key
 *    already recorded answers that refund again (no provider call); the order must be paid; the amount must fit
 *    in its total less every refund that succeeded or is still pending; then the `refunds` row is inserted as
 *    'pending' (its unique key makes a racing twin record nothing). The caller's `onReserve` (a return's
 *    decision) runs in the same transaction;
 * 2. the provider's refund, with a key derived from ours, no lock held (the test providers derive the refund id
 *    from it, Stripe and PayPal keep it);
 * 3. settle: 'succeeded' (with the provider's refund id), and in the same transaction, the order locked again,
 *    the payment status, the adjustment note and the 'order.refund' audit row; then the customer's mail. A
 *    provider's refusal settles it 'failed' (the reservation is released, nothing else recorded, a return it
 *    came from is reopened). A provider that cannot be reached leaves it 'pending', still counting against what
 *    is left, until reconciliation asks the provider by our key and settles it.
 * Every sum of money given back counts 'succeeded' rows only (refundedCentsOf).
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  ADMIN_ORDER_MESSAGES,
  ADMIN_REFUND_MESSAGES as M,
  REFUND_STATUS_FAILED,
  REFUND_STATUS_PENDING,
  REFUND_STATUS_SUCCEEDED,
} from '@store/shared/admin-orders';
import { formatCents } from '@store/shared/money';
import {
  IDEMPOTENCY_KEY_PATTERN,
  PAYMENT_STATUS_COMPLETED,
  PAYMENT_STATUS_PARTIALLY_REFUNDED,
  PAYMENT_STATUS_REFUNDED,
} from '@store/shared/order-constants';
import type { Database } from '../../db/client';
import { orderLineItems, orders, refundLines, refunds } from '../../db/schema';
import { LINE_REFUND_MESSAGES as LINE_M, lineRefundAmount, refundPaidWith } from '@store/shared/refund-lines';
import { lineRefundPlan, refundedLinesOf } from '../orders/refunded-lines';
import { HttpError } from '../../plugins/error-handling';
import type { MailService } from '../mail/mail-service';
import { mailStoreOf } from '../mail/mail-store';
import { renderMail } from '../mail/render-mail';
import { RefundNoticeMail, refundNoticeSubject } from '../mail/templates/refund-notice-mail';
import { issueAdjustmentNote } from '../orders/issue-adjustment-note';
import type { OrderRow } from '../orders/order-presenter';
import type { PaymentProviders } from '../payments/choose-payment-providers';
import type { CardPaymentProvider, RefundResult, WalletPaymentProvider } from '../payments/payment-provider';
import { accountRefunds, ACCOUNT_REFUNDS_NAME } from '../trade/account-refunds';
import { reopenReturn } from './admin-returns';
import { recordAudit } from './record-audit';
import { absoluteUrl, guestTrackOrderPath } from '@store/shared/paths';
import { putBackOrderUnits, takeUnitsOff } from '../locations/put-back-order-units';

/** What refundOrder needs; the Fastify app has all of it (pass `app`). */
export interface RefundOrderDeps {
  db: Database;
  payments: Pick<PaymentProviders, 'card' | 'wallet'>;
  log?: FastifyBaseLogger;
  /** With `mail` and `config`, the customer is mailed a refund notice once the refund is recorded. */
  mail?: MailService;
  /** `mailFrom` is the seller's email on a tax invoice a refund issues (issue 18 §3) when settings have none. */
  config?: { publicBaseUrl: string; mailFrom?: string };
  /** How long a repeat of a key whose refund is still pending waits for it to settle, ms (default 5 000). */
  replayWaitMs?: number;
  /**
   * The storefront's catalog: re-read after a restock (and after a refused refund takes it back), so the stock
   * shown on the next request is the shelf's, not the read model's poll later (decision 0019).
   */
  catalog?: { refresh(): Promise<void> };
}

/** A refund by line item (issue 36 §3): units per order line, each restocked or not, and delivery, in cents. */
export interface ItemisedRefund {
  lines: readonly { lineId: number; quantity: number; restock: boolean }[];
  shippingCents: number;
}

export interface RefundOrderRequest {
  orderPublicId: string;
  /**
   * Integer cents, > 0, at most the order's total less what was refunded already or is pending. Ignored for an
   * itemised refund: the server computes its amount from the lines under the order's lock (refund-lines.ts).
   */
  amountCents: number;
  /** Issue 36 §3: refund these units and this much delivery; the amount is theirs. */
  itemised?: ItemisedRefund;
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
  /** Everything refunded on the order so far (succeeded refunds), integer cents. */
  refundedCents: number;
}

/** Payment statuses from which money can be given back. */
const REFUNDABLE = [PAYMENT_STATUS_COMPLETED, PAYMENT_STATUS_PARTIALLY_REFUNDED];

/** Refund states that hold money of the order: given back, or reserved while the provider is asked. */
const COMMITTED = [REFUND_STATUS_SUCCEEDED, REFUND_STATUS_PENDING];

/** The key the provider gets: derived from ours, short enough for PayPal-Request-Id (≤ 108 characters). */
export function providerRefundKey(idempotencyKey: string): string {
  return `refund_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 40)}`;
}

/** Integer cents given back on order `orderId` so far: succeeded refunds only. */
export async function refundedCentsOf(db: Database, orderId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, REFUND_STATUS_SUCCEEDED)));
  return Number(row?.n ?? 0);
}

/** Integer cents of order `orderId` that refunds hold: succeeded plus pending (reserved, not yet settled). */
export async function committedCentsOf(db: Database, orderId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), inArray(refunds.status, COMMITTED)));
  return Number(row?.n ?? 0);
}

/** The provider that took order `order`'s payment, or null when the store is not connected to it now. */
export function providerOf(
  payments: RefundOrderDeps['payments'],
  paymentProvider: string | null,
  db?: Database,
): RefundProvider | null {
  const { card, wallet } = payments;
  // Issue 39: an order charged to a trade account is refunded as a credit on the account's ledger.
  if (db && paymentProvider === ACCOUNT_REFUNDS_NAME) return accountRefunds(db);
  return card?.name === paymentProvider ? card : wallet?.name === paymentProvider ? wallet : null;
}

/** What a refund needs of whoever took the money: a card or wallet provider, or the trade account's ledger. */
export type RefundProvider = Pick<
  CardPaymentProvider | WalletPaymentProvider,
  'name' | 'refund' | 'findRefund'
>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The same key again: the refund it made, once settled. A pending one is waited for (its first request is still
 * asking the provider) up to `replayWaitMs`; then 502 stillPending. A failed one is 402 earlierRefused; another
 * order or amount is 422 keyReused.
 */
async function replay(
  deps: RefundOrderDeps,
  first: RefundRow,
  request: RefundOrderRequest,
): Promise<RefundOutcome> {
  const { db } = deps;
  const [order] = await db.select().from(orders).where(eq(orders.id, first.orderId));
  const sameAmount = request.itemised !== undefined || first.amountCents === request.amountCents;
  if (!order || order.publicId !== request.orderPublicId || !sameAmount) {
    throw new HttpError(422, M.keyReused);
  }
  const deadline = Date.now() + (deps.replayWaitMs ?? 5_000);
  let refund = first;
  while (refund.status === REFUND_STATUS_PENDING && Date.now() < deadline) {
    await sleep(50);
    const [now] = await db.select().from(refunds).where(eq(refunds.id, refund.id));
    if (now) refund = now;
  }
  if (refund.status === REFUND_STATUS_PENDING) throw new HttpError(502, M.stillPending);
  if (refund.status === REFUND_STATUS_FAILED) throw new HttpError(402, M.earlierRefused);
  const [after] = await db.select().from(orders).where(eq(orders.id, refund.orderId));
  return {
    replayed: true,
    refund,
    order: after ?? order,
    refundedCents: await refundedCentsOf(db, order.id),
  };
}

/**
 * Refunds `amountCents` of order `orderPublicId` through the provider that took its payment (issue 12) and
 * records it once (reserve → call → settle, see the module comment); then mails the customer when `deps` has
 * mail. The same `idempotencyKey` answers the first refund again (`replayed: true`) without calling the
 * provider, also when two requests race. `onReserve` runs inside the reservation's transaction (the order row
 * locked), after the checks: what it throws undoes the reservation.
 *
 * Throws HttpError 400 (bad amount or key; `amount` over what is left, naming the most in dollars), 404 (no such
 * order), 409 (not paid, fully refunded or reserved in full, or paid through a provider the store is not
 * connected to), 422 (the key was used for another refund), 402 (the provider refused: the reservation is
 * released) and 502 (the provider did not answer: the refund stays pending for reconciliation).
 */
export async function refundOrder(
  deps: RefundOrderDeps,
  request: RefundOrderRequest,
  onReserve?: (tx: Database, refund: RefundRow) => Promise<void>,
): Promise<RefundOutcome> {
  const { db } = deps;
  if (!request.itemised && (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0)) {
    throw new HttpError(400, M.amount, [{ field: 'amount', message: M.amount }]);
  }
  if (!IDEMPOTENCY_KEY_PATTERN.test(request.idempotencyKey)) throw new HttpError(400, M.keyRequired);

  // A repeat needs no lock: its row is there already.
  const [earlier] = await db.select().from(refunds).where(eq(refunds.idempotencyKey, request.idempotencyKey));
  if (earlier) return replay(deps, earlier, request);

  // 1. Reserve: every check and the pending row under the order's lock.
  const reserved = await db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(orders.publicId, request.orderPublicId))
      .for('update');
    if (!order) throw new HttpError(404, ADMIN_ORDER_MESSAGES.notFound);
    const [twin] = await tx.select().from(refunds).where(eq(refunds.idempotencyKey, request.idempotencyKey));
    if (twin) return { kind: 'twin' as const, twin };
    if (order.paymentStatus === PAYMENT_STATUS_REFUNDED) throw new HttpError(409, M.fullyRefunded);
    if (!REFUNDABLE.includes(order.paymentStatus)) throw new HttpError(409, M.notPaid(order.paymentStatus));
    const provider = providerOf(deps.payments, order.paymentProvider, db);
    if (!provider || !order.paymentReference) {
      throw new HttpError(409, M.providerMissing(order.paymentProvider || 'an unknown provider'));
    }
    const [committed, refunded] = await Promise.all([
      committedCentsOf(tx, order.id),
      refundedCentsOf(tx, order.id),
    ]);
    const left = order.totalCents - committed;
    if (left <= 0)
      throw new HttpError(409, refunded >= order.totalCents ? M.fullyRefunded : M.reservedInFull);
    // Itemised: the amount is the lines' and the delivery's, from what is left of each, under this lock.
    const itemised = request.itemised ? await itemisedAmount(tx, order, request.itemised) : null;
    const amountCents = itemised?.totalCents ?? request.amountCents;
    if (amountCents > left) {
      throw new HttpError(400, M.tooMuch(left), [{ field: 'amount', message: M.tooMuch(left) }]);
    }
    const [refund] = await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        amountCents,
        shippingCents: itemised?.shippingCents ?? 0,
        reason: request.reason,
        provider: provider.name,
        idempotencyKey: request.idempotencyKey,
        returnId: request.returnId ?? null,
        staffId: request.staffId,
        status: REFUND_STATUS_PENDING,
      })
      // The same key on another order, at the same moment: that order's lock does not cover this one.
      .onConflictDoNothing({ target: refunds.idempotencyKey })
      .returning();
    if (!refund) return { kind: 'twin' as const, twin: null };
    if (itemised && request.itemised)
      await recordRefundLines(tx, order.id, refund.id, request.itemised, itemised);
    await onReserve?.(tx, refund);
    return { kind: 'reserved' as const, refund, order, provider };
  });
  if (reserved.kind === 'twin') {
    const [twin] = reserved.twin
      ? [reserved.twin]
      : await db.select().from(refunds).where(eq(refunds.idempotencyKey, request.idempotencyKey));
    if (!twin) throw new HttpError(409, ADMIN_ORDER_MESSAGES.changedMeanwhile);
    return replay(deps, twin, request);
  }
  const { refund, order, provider } = reserved;
  const restocked = request.itemised?.lines.some((l) => l.restock) ?? false;
  if (restocked) await refreshCatalog(deps);

  // 2. The provider, no lock held.
  let result: RefundResult;
  try {
    result = await provider.refund({
      paymentId: order.paymentReference ?? '',
      amountCents: refund.amountCents,
      currency: 'AUD',
      idempotencyKey: providerRefundKey(refund.idempotencyKey),
      reason: refund.reason,
    });
  } catch (err) {
    deps.log?.error(
      { err, invoice: order.invoiceNumber, refundId: refund.id },
      'refund: the payment provider did not answer; the refund stays pending for payments:reconcile',
    );
    throw new HttpError(502, M.providerUnreachable);
  }

  // 3. Settle.
  const settled = await settleRefund(deps, refund, result);
  if (settled.status === REFUND_STATUS_FAILED) {
    if (restocked) await refreshCatalog(deps);
    throw new HttpError(
      402,
      result.status === 'failed' ? M.providerRefused(result.message) : M.earlierRefused,
    );
  }
  if (!settled.outcome) return replay(deps, settled.refund, request);
  mailRefundNotice(deps, settled.outcome);
  return settled.outcome;
}

/** Re-reads the storefront's catalog after stock moved; a failure only delays the change to the next poll. */
async function refreshCatalog(deps: RefundOrderDeps): Promise<void> {
  try {
    await deps.catalog?.refresh();
  } catch (err) {
    deps.log?.warn(
      { err },
      'refund: the catalog was not re-read after a restock; the next poll will show it',
    );
  }
}

/** What settling a pending refund did. */
export interface SettledRefund {
  /** The refund's state after: 'succeeded' or 'failed'; 'pending' only when it was settled by no one. */
  status: string;
  refund: RefundRow;
  /** Set when this call recorded the success (payment status, note, audit); null when it was settled before. */
  outcome: RefundOutcome | null;
}

/**
 * Settles pending refund `pending` with the provider's `result` (issue 43 §1): 'failed' releases the reservation
 * (and reopens the return it came from); 'succeeded' or the provider's 'pending' (it has the refund and finishes
 * it later) records it as given back: its provider refund id, the payment status ('refunded' when the whole
 * total is back, else 'partially_refunded', never back from 'refunded'), the adjustment note and the
 * 'order.refund' audit row, in one transaction with the order locked. Conditional on the row still being
 * pending, so the refund's own request and reconciliation settle it once. Mails nothing (the caller does).
 */
export async function settleRefund(
  deps: RefundOrderDeps,
  pending: RefundRow,
  result: RefundResult,
): Promise<SettledRefund> {
  const { db } = deps;
  if (result.status === 'failed') {
    return db.transaction(async (tx) => {
      const [failed] = await tx
        .update(refunds)
        .set({ status: REFUND_STATUS_FAILED, settledAt: sql`now()` })
        .where(and(eq(refunds.id, pending.id), eq(refunds.status, REFUND_STATUS_PENDING)))
        .returning();
      if (!failed) return current(tx, pending);
      await undoRestock(tx, failed.id);
      if (failed.returnId !== null) {
        await reopenReturn(
          tx,
          failed.returnId,
          failed.staffId,
          `the payment provider refused the refund: ${result.message}`,
        );
      }
      return { status: REFUND_STATUS_FAILED, refund: failed, outcome: null };
    });
  }
  return db.transaction(async (tx) => {
    // Locked, so the payment status and the sums below see every other settling refund of the order.
    const [locked] = await tx.select().from(orders).where(eq(orders.id, pending.orderId)).for('update');
    if (!locked) throw new HttpError(404, ADMIN_ORDER_MESSAGES.notFound);
    const [refund] = await tx
      .update(refunds)
      .set({ status: REFUND_STATUS_SUCCEEDED, providerRefundId: result.refundId, settledAt: sql`now()` })
      .where(and(eq(refunds.id, pending.id), eq(refunds.status, REFUND_STATUS_PENDING)))
      .returning();
    if (!refund) return current(tx, pending);
    await issueRefundNote(deps, tx, refund);
    const refundedCents = await refundedCentsOf(tx, locked.id);
    if (refundedCents > locked.totalCents) {
      // Cannot happen through the reservation; a person must look at it if it ever does.
      deps.log?.error({ invoice: locked.invoiceNumber, refundedCents }, 'refunds exceed the order total');
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
            .where(eq(orders.id, locked.id))
            .returning();
    const updated = after ?? locked;
    await recordAudit(tx, {
      staffId: refund.staffId,
      action: 'order.refund',
      entityType: 'order',
      entityId: locked.publicId,
      before: { payment_status: locked.paymentStatus, refunded_cents: refundedCents - refund.amountCents },
      after: {
        payment_status: updated.paymentStatus,
        refunded_cents: refundedCents,
        refund_cents: refund.amountCents,
        provider_refund_id: result.refundId,
        reason: refund.reason,
        ...(refund.returnId ? { return_id: refund.returnId } : {}),
      },
    });
    return {
      status: REFUND_STATUS_SUCCEEDED,
      refund,
      outcome: { replayed: false, refund, order: updated, refundedCents },
    };
  });
}

/** The refund as someone else settled it meanwhile. */
async function current(tx: Database, pending: RefundRow): Promise<SettledRefund> {
  const [now] = await tx.select().from(refunds).where(eq(refunds.id, pending.id));
  const refund = now ?? pending;
  return { status: refund.status, refund, outcome: null };
}

/**
 * The refund's adjustment note (issue 18 §3, decision 0036), recorded with the refund. In a savepoint, and a
 * failure only logged: the money has already moved, so the refund itself must be recorded whatever happens here.
 */
async function issueRefundNote(deps: RefundOrderDeps, tx: Database, refund: RefundRow): Promise<void> {
  const taxConfig = { mailFrom: deps.config?.mailFrom ?? '' };
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
export function mailRefundNotice(
  deps: RefundOrderDeps,
  { order, refund, refundedCents }: RefundOutcome,
  returnRa: string | null = null,
): void {
  const { mail, config } = deps;
  if (!mail || !config) return;
  mail.deliver(
    'refund notice',
    Promise.all([mailStoreOf(deps.db, config.publicBaseUrl), refundedLinesOf(deps.db, refund.id)]).then(
      async ([store, itemised]) => ({
        to: order.email,
        subject: refundNoticeSubject(store.name, order.invoiceNumber),
        ...(await renderMail(
          RefundNoticeMail({
            store,
            fName: order.fName,
            invoiceNumber: order.invoiceNumber,
            amount: formatCents(refund.amountCents),
            refundedTotal: formatCents(refundedCents),
            paidWith: refundPaidWith(order.paymentMethod, order.paymentMethodType),
            reason: refund.reason,
            lines: itemised.lines,
            shippingCents: itemised.shippingCents,
            returnRa,
            orderUrl: absoluteUrl(config.publicBaseUrl, guestTrackOrderPath(order.publicId)),
          }),
        )),
      }),
    ),
  );
}

/** The amount of itemised refund `request` of locked `order`, or HttpError 400 naming the field. */
async function itemisedAmount(tx: Database, order: OrderRow, request: ItemisedRefund) {
  if (request.lines.length === 0 && request.shippingCents <= 0) {
    throw new HttpError(400, LINE_M.nothing, [{ field: 'lines', message: LINE_M.nothing }]);
  }
  const plan = await lineRefundPlan(tx, order);
  try {
    return {
      plan,
      ...lineRefundAmount(
        plan.lines,
        request.lines.map((l) => ({ line_id: l.lineId, quantity: l.quantity })),
        request.shippingCents,
        plan.shippingLeftCents,
      ),
    };
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    const field = /delivery/.test(err.message) ? 'shipping' : 'lines';
    throw new HttpError(400, err.message, [{ field, message: err.message }]);
  }
}

/**
 * The refund's lines, and the restock of those asked for, in the reservation's transaction (issue 36 §3): stock
 * goes back at once, and comes off again if the provider refuses (undoRestock). Untracked stock (null) is skipped.
 */
async function recordRefundLines(
  tx: Database,
  orderId: number,
  refundId: number,
  request: ItemisedRefund,
  amount: Awaited<ReturnType<typeof itemisedAmount>>,
): Promise<void> {
  if (request.lines.length === 0) return;
  const cents = new Map(amount.linesCents.map((l) => [l.line_id, l.cents]));
  const byId = new Map(amount.plan.lines.map((l) => [l.line_id, l]));
  await tx.insert(refundLines).values(
    request.lines.map((l) => ({
      refundId,
      orderLineItemId: l.lineId,
      quantity: l.quantity,
      amountCents: cents.get(l.lineId) ?? 0,
      restock: l.restock && (byId.get(l.lineId)?.restockable ?? false),
    })),
  );
  // Back at the locations the order took them from (decision 0069).
  const units = request.lines.flatMap((l) => {
    const productId = byId.get(l.lineId)?.productId;
    return l.restock && productId !== null && productId !== undefined
      ? [{ productId, quantity: l.quantity }]
      : [];
  });
  await putBackOrderUnits(tx, orderId, units, 'restock');
}

/**
 * Takes back the restock of refund `refundId`, refused by the provider: the units did not go back on the shelf
 * for money given back. Never below 0 (what was sold meanwhile was sold).
 */
async function undoRestock(tx: Database, refundId: number): Promise<void> {
  const rows = await tx
    .select({ quantity: refundLines.quantity, productId: orderLineItems.productId })
    .from(refundLines)
    .innerJoin(orderLineItems, eq(orderLineItems.id, refundLines.orderLineItemId))
    .where(and(eq(refundLines.refundId, refundId), eq(refundLines.restock, true)));
  for (const r of rows.sort((a, b) => (a.productId ?? 0) - (b.productId ?? 0))) {
    if (r.productId === null) continue;
    // Never below 0 at any location (what was sold meanwhile was sold); decision 0069.
    await takeUnitsOff(tx, r.productId, r.quantity, {
      reason: 'count',
      atMost: true,
      note: 'refund refused',
    });
  }
}
