/**
 * Placing an order (SPEC §4 Order, §7 place-order, §8 Order and Wallet messages; DESIGN §1, §4, §5;
 * decision 0009): the store's one multi-step workflow, written out step by step.
 *
 *   validate -> price every line from the database -> compare with the client's figures (409 on any
 *   difference) -> ONE transaction: reserve stock, take an invoice number, insert the order and its lines
 *   -> take the payment OUTSIDE the transaction -> mark paid, or cancel and release the stock.
 *
 * The payment call is outside the transaction so no row lock is held while a provider answers.
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { CHECKOUT_MESSAGES } from '@store/shared/checkout-form';
import { type OrderError, type PlaceOrderRequest, type PlaceOrderResponse } from '@store/shared/order';
import { buysAsBusiness } from '@store/shared/buys-as-business';
import { TRADE_MESSAGES } from '@store/shared/trade-accounts';
import { paymentReturnPath } from '@store/shared/paths';
import {
  approvesByRedirect,
  isPaymentMethodKind,
  PAYMENT_METHOD_MESSAGES,
  paymentMethodRefusal,
  stripeTypeOf,
  type PaymentMethodKind,
} from '@store/shared/payment-method-rules';
import {
  ORDER_MESSAGES,
  ORDER_STATUS_PENDING,
  PAYMENT_METHOD_ACCOUNT,
  PAYMENT_METHOD_CARD,
  PAYMENT_STATUS_COMPLETED,
  PAYMENT_STATUS_FAILED,
  PAYMENT_STATUS_PENDING,
} from '@store/shared/order-constants';
import type { Database } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { describeDatabaseError } from '../../db/describe-database-error';
import { isDatabaseUnavailable } from '../../db/is-database-unavailable';
import { orderLineItems, orders, products } from '../../db/schema';
import { HttpError } from '../../plugins/error-handling';
import { storeMetrics } from '../../plugins/store-metrics';
import type { PaymentProviders } from '../payments/choose-payment-providers';
import type { WalletCaptureResult } from '../payments/payment-provider';
import type { AusPostRates } from '../delivery/auspost-rates';
import { priceChosenDelivery, type ChosenDelivery } from '../delivery/quote-delivery';
import { lockDiscountCode, recordRedemption } from '../discount-codes/redeem-discount-code';
import { decideOrderDiscounts } from './decide-order-discounts';
import { generatePublicOrderId } from './generate-public-order-id';
import type { OrderMails } from './order-mails';
import { allocationPreference, loadActiveLocations } from '../locations/location-stock';
import { markLocationStockManaged } from '../locations/mark-location-stock-managed';
import { recordAllocations, reserveAtLocations } from '../locations/reserve-at-locations';
import { DELIVERY_MESSAGES } from '@store/shared/delivery-rules';
import type { Allocation, StoreLocation } from '@store/shared/stock-locations';
import {
  asPaid,
  cancelUnpaidOrder,
  markOrderPaid,
  recordPaymentReference,
  type OnPaid,
} from './order-payment-status';
import { accountPaymentReference, ACCOUNT_REFUNDS_NAME } from '../trade/account-refunds';
import { chargeToAccount, postAccountInvoice } from '../trade/charge-to-account';
import { tradeMembershipOf, tradePricingFor } from '../trade/trade-pricing-context';
import { presentOrderDetail, type OrderLineItemRow, type OrderRow } from './order-presenter';
import {
  loadOrderLines,
  presentServerTotals,
  totalOrderLines,
  type PricedOrder,
  type PricedOrderLine,
} from './price-order-lines';
import { linkOrderToClaim, type IdempotencyClaim, type IdempotentOutcome } from './with-idempotency-key';

export interface PlaceOrderDeps {
  db: Database;
  payments: Pick<PaymentProviders, 'card' | 'wallet'>;
  log?: FastifyBaseLogger;
  /** The signed-in member placing the order (their user id and discounts), or null for a guest. */
  member?: { userId: number } | null;
  /** The customer's order mails (issue 11); none in unit tests that do not need them. */
  mails?: OrderMails;
  /**
   * PUBLIC_BASE_URL, for the address Afterpay and Zip send the shopper back to (issue 40); without it (unit
   * tests) the return address is relative to http://localhost.
   */
  publicBaseUrl?: string;
  /** Australia Post's calculator when AUSPOST_API_KEY is set (issue 41); none: the rate table prices delivery. */
  auspost?: AusPostRates | null;
}

export type PlaceOrderBody = PlaceOrderResponse | OrderError;

/** 502 answer when a provider cannot be reached: the order is cancelled and its stock released. */
export const PAYMENT_UNAVAILABLE_MESSAGE =
  'We could not reach the payment provider, so your order was not placed. Please try again in a moment.';

/**
 * Places one order. Answers (never throws for these):
 * - 200 `{ message: 'Order placed successfully!', data: OrderDetail }` — paid, payment_status 'completed';
 * - 409 `{ code: 'prices_changed', message, data: ServerTotals }` — a client figure differs; nothing written;
 * - 409 `{ code: 'out_of_stock', product_id, message }` — not enough stock; nothing written;
 * - 402 `{ code: 'payment_declined', message }` (card) or `{ code: 'payment_failed', message }` (wallet) —
 *   the order exists as cancelled / payment 'failed', its stock released;
 * - 502 `{ message }` — the provider could not be reached; the order is cancelled likewise.
 * Throws HttpError 400 for a missing payment reference, an unknown product or a zero subtotal (nothing
 * written). `orderId` in the outcome is the internal id of the order written, or null. With the `claim` of
 * its Idempotency-Key, the order is linked to the key in the transaction that writes it, and a paid order's
 * answer is stored in the statement that marks it paid. Throws the database's error when it cannot be reached
 * after the order was written (a 503; the key keeps the order, so a retry with it resumes, see
 * resumePlacedOrder), and HttpError 409 when the claim was taken over meanwhile (the order is not written).
 */
export async function placeOrder(
  deps: PlaceOrderDeps,
  request: PlaceOrderRequest,
  claim: IdempotencyClaim | null = null,
): Promise<IdempotentOutcome<PlaceOrderBody>> {
  const { db } = deps;

  // 1. Validate what the schema cannot: the flow's payment reference, or for "On account" (issue 39 §4) a
  // signed-in member of a trade account.
  const isAccount = request.payment_method === PAYMENT_METHOD_ACCOUNT;
  const isCard = request.payment_method === PAYMENT_METHOD_CARD;
  const paymentReference = isCard ? request.stripePaymentMethodId : request.payment_intent_id;
  const provider = isAccount ? null : isCard ? deps.payments.card : deps.payments.wallet;
  const member = deps.member ?? null;
  if (isAccount) {
    if (!member) throw new HttpError(400, TRADE_MESSAGES.notTrade);
  } else {
    if (!paymentReference) throw new HttpError(400, ORDER_MESSAGES.paymentReferenceRequired);
    if (!provider) {
      throw new HttpError(400, isCard ? ORDER_MESSAGES.cardPaymentsOff : ORDER_MESSAGES.walletPaymentsOff);
    }
  }

  // 2. Price every line from the database — at a trade customer's prices by the one precedence rule (issue 39,
  // decision 0066) — decide the order's discounts (one seam: member discounts, codes) and total the order by the
  // one money model (decision 0046; guests get no member discounts).
  const pricing = member ? await tradePricingFor(db, member.userId) : null;
  if (isAccount && !pricing) {
    const membership = member ? await tradeMembershipOf(db, member.userId) : null;
    return {
      statusCode: 402,
      body: {
        code: 'payment_declined',
        message: membership ? TRADE_MESSAGES.accountNotApproved : TRADE_MESSAGES.notTrade,
      },
      orderId: null,
    };
  }
  // The active locations are read once, beside the lines: the delivery quote and the reservation share them.
  const [loaded, activeLocations] = await Promise.all([
    loadOrderLines(db, request.products, pricing),
    loadActiveLocations(db),
  ]);
  const decided = await decideOrderDiscounts(db, {
    member,
    discountPlan: request.discountPlan,
    email: request.email,
    lines: loaded.lines,
    discountCode: request.discount_code,
  });
  // Issue 41 (decision 0069): the chosen delivery option, priced by the quote the checkout listed it with; an option
  // the cart may not take (a battery by air, to a parcel locker) is refused in the words the checkout showed.
  const delivery = await chosenDelivery(deps, request, loaded.lines, activeLocations);
  if ('refused' in delivery) throw new HttpError(400, delivery.refused);
  const priced = totalOrderLines(loaded, decided.discounts, delivery.chargeCents);
  if (priced.totals.subtotalCents === 0) throw new HttpError(400, CHECKOUT_MESSAGES.subtotalZero);

  // How the card provider is to be paid (issue 40, decision 0067): a method the provider does not take, or one the
  // order's rules do not allow (Afterpay over its limit or for a trade account), is refused before anything is
  // written, in the words the payment page would have used to hide it.
  const methodKind: PaymentMethodKind | null = isCard ? (request.payment_method_type ?? 'card') : null;
  if (methodKind && provider && 'methodTypes' in provider) {
    if (!provider.methodTypes.includes(stripeTypeOf(methodKind))) {
      throw new HttpError(400, PAYMENT_METHOD_MESSAGES.notOffered(methodKind));
    }
    const refusal = paymentMethodRefusal(methodKind, {
      currency: 'AUD',
      totalCents: priced.totals.totalCents,
      delivered: true,
      tradeAccount: pricing !== null || (await isTradeBuyer(db, member, methodKind)),
      preOrder: false,
    });
    if (refusal) throw new HttpError(400, refusal);
  }

  // 3. The server's figures are the truth: any difference is answered with them, never charged.
  if (clientFiguresDiffer(request, priced)) {
    return {
      statusCode: 409,
      body: {
        message: ORDER_MESSAGES.pricesChanged,
        code: 'prices_changed',
        data: presentServerTotals(priced),
      },
      orderId: null,
    };
  }

  // 4. Reserve the stock and write the order, all or nothing (on account: with the credit check and the invoice
  // on the account's ledger, under the account's lock). The locations that may give the units (decision 0069).
  const preference = allocationPreference(
    activeLocations,
    request.delivery_option,
    request.collect_location_id ?? null,
  );
  if (preference === null) throw new HttpError(400, DELIVERY_MESSAGES.collectLocationUnknown);
  const values = {
    ...orderValues(request, priced, delivery),
    userId: member?.userId ?? 0,
    membershipPlanName: decided.membershipPlanName,
    discountCode: decided.discounts.code?.code ?? null,
    paymentProvider: isAccount ? ACCOUNT_REFUNDS_NAME : (provider?.name ?? null),
    paymentMethodType: methodKind,
    walletOrderId: isCard || isAccount ? null : (paymentReference ?? null),
    purchaseOrderNumber: request.purchase_order_number ?? null,
    tradeAccountId: pricing?.membership.accountId ?? null,
  };
  const onAccount =
    isAccount && pricing
      ? { accountId: pricing.membership.accountId, onPaid: deps.mails?.queueConfirmation }
      : null;
  const created = await reserveStockAndCreateOrder(
    db,
    values,
    priced.lines,
    preference,
    claim,
    decided.discountCodeId,
    onAccount,
  );
  if ('refused' in created) {
    return { statusCode: 402, body: { code: 'payment_declined', message: created.refused }, orderId: null };
  }
  if ('walletOrderUsed' in created) {
    return {
      statusCode: 402,
      body: { message: ORDER_MESSAGES.walletOrderUsed, code: 'payment_failed' },
      orderId: null,
    };
  }
  if ('shortage' in created) {
    const { productId, title, left } = created.shortage;
    return {
      statusCode: 409,
      body: {
        message: left > 0 ? ORDER_MESSAGES.notEnoughStock(title, left) : ORDER_MESSAGES.outOfStock(title),
        code: 'out_of_stock',
        product_id: productId,
      },
      orderId: null,
    };
  }
  const { order, items } = created;
  storeMetrics.ordersPlaced.inc({ payment_method: isAccount ? 'account' : isCard ? 'card' : 'wallet' });
  if (isAccount) {
    // Charged to the account in the order's own transaction: confirmed now, its confirmation already queued.
    await deps.mails?.paymentConfirmed(order.id);
    return placedAnswer(order, items);
  }

  // 5. Take the payment, outside the transaction, and answer what it came to.
  const outcome = await settlePayment(deps, order, items, request, claim);
  // Held for its payment: the customer hears that the order exists; the confirmation follows once paid. Not while
  // they are away approving Afterpay or Zip: they are back in a minute, and one who gives up was charged nothing.
  const awayApproving =
    methodKind !== null &&
    approvesByRedirect(methodKind) &&
    'code' in outcome.body &&
    outcome.body.code === 'requires_action';
  if (outcome.final === false && !awayApproving) deps.mails?.orderReceived(order.id);
  return outcome;
}

/**
 * The order's delivery option priced by `quoteDelivery` for the shipping address (the billing one unless "ship to a
 * different address"), or `{ refused }` with the reason the checkout showed.
 */
async function chosenDelivery(
  deps: PlaceOrderDeps,
  request: PlaceOrderRequest,
  lines: readonly PricedOrderLine[],
  activeLocations: readonly StoreLocation[],
): Promise<ChosenDelivery | { refused: string }> {
  const s = request.ship_to_different_address;
  return priceChosenDelivery(
    deps.db,
    {
      lines,
      destination: {
        postCode: (s ? request.s_post_code : request.post_code).trim(),
        street: s ? request.s_street_address : request.street_address,
        state: s ? request.s_state : request.state,
      },
      option: request.delivery_option,
      collectLocationId: request.collect_location_id,
      activeLocations,
    },
    { auspost: deps.auspost ?? null, log: deps.log },
  );
}

/**
 * Whether a signed-in member buys for a business (issue 40: Afterpay is not for B2B): a member of a trade account
 * that is approved or suspended. Asked only when the method has a rule about it; a pending or declined applicant
 * is still a consumer.
 */
async function isTradeBuyer(
  db: Database,
  member: { userId: number } | null,
  kind: PaymentMethodKind,
): Promise<boolean> {
  if (!member || kind !== 'afterpay_clearpay') return false;
  const membership = await tradeMembershipOf(db, member.userId);
  return buysAsBusiness(membership?.status);
}

/**
 * Carries on with an order whose first answer was not final (Idempotency-Key status 'held': 3-D Secure asked
 * for, still processing, or the provider did not answer), or whose request never stored an answer (its claim's
 * lease ended: the process died, or the database failed after the order was written, even after the card was
 * charged), when the same request comes again with the same key: a paid or failed order answers as such (a
 * webhook may have settled it meanwhile); a pending one asks the provider again — the card payment by its
 * PaymentIntent when known, else the same charge with the same idempotency key, which the provider answers
 * with the first charge; the wallet capture with the same request id — so a retry can never charge twice, and
 * an order charged but not marked paid is marked paid here.
 */
export async function resumePlacedOrder(
  deps: PlaceOrderDeps,
  orderId: number,
  request: PlaceOrderRequest,
  claim: IdempotencyClaim | null = null,
): Promise<IdempotentOutcome<PlaceOrderBody>> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`held order ${orderId} is gone`);
  const items = await deps.db
    .select()
    .from(orderLineItems)
    .where(eq(orderLineItems.orderId, orderId))
    .orderBy(asc(orderLineItems.id));
  if (order.paymentStatus === PAYMENT_STATUS_PENDING)
    return settlePayment(deps, order, items, request, claim);
  if (order.paymentStatus === PAYMENT_STATUS_FAILED) {
    const isCard = order.paymentMethod === PAYMENT_METHOD_CARD;
    const kind = isPaymentMethodKind(order.paymentMethodType) ? order.paymentMethodType : 'card';
    return {
      statusCode: 402,
      body: isCard
        ? {
            code: 'payment_declined',
            message: approvesByRedirect(kind)
              ? PAYMENT_METHOD_MESSAGES.declined(kind)
              : ORDER_MESSAGES.cardDeclined,
          }
        : { code: 'payment_failed', message: ORDER_MESSAGES.walletCaptureError },
      orderId,
    };
  }
  return placedAnswer(order, items);
}

/** The 200 answer for a paid order. */
function placedAnswer(order: OrderRow, items: OrderLineItemRow[]): IdempotentOutcome<PlaceOrderBody> {
  return {
    statusCode: 200,
    body: { message: ORDER_MESSAGES.placed, data: presentOrderDetail(order, items) },
    orderId: order.id,
  };
}

/**
 * Asks the provider for the payment of a pending order and answers what it came to:
 * paid -> 200 (final); declined / capture failed -> order cancelled, stock released, 402 (final);
 * 3-D Secure -> 402 requires_action with the client secret (held); still processing -> 402 payment_pending
 * (held); provider unreachable -> 502 payment_pending, the order stays pending with its stock (held).
 * Throws when the database cannot be reached for the payment (a 503, never a 502: the provider was not the
 * one that failed), or cannot mark the order paid after the provider took the money: the order stays pending,
 * linked to its Idempotency-Key, and the retry with that key (or payments:reconcile) marks it paid.
 */
async function settlePayment(
  deps: PlaceOrderDeps,
  order: OrderRow,
  items: OrderLineItemRow[],
  request: PlaceOrderRequest,
  claim: IdempotencyClaim | null = null,
): Promise<IdempotentOutcome<PlaceOrderBody>> {
  const held = (statusCode: number, body: PlaceOrderBody): IdempotentOutcome<PlaceOrderBody> => ({
    statusCode,
    body,
    orderId: order.id,
    final: false,
  });
  let payment: PaymentResult;
  try {
    payment =
      order.paymentMethod === PAYMENT_METHOD_CARD
        ? await chargeCard(deps, order, request.stripePaymentMethodId ?? '')
        : await captureWallet(deps, order, request.payment_intent_id ?? '');
  } catch (err) {
    // The provider's own failure is a 502 even when its cause is a refused or timed-out connection (to the
    // provider, which isDatabaseUnavailable cannot tell from ours); any other error here that means our database
    // is away is a 503, the order left pending for the retry and reconciliation.
    if (!(err instanceof ProviderCallFailed) && isDatabaseUnavailable(err)) throw err;
    deps.log?.error({ err, invoice: order.invoiceNumber }, 'payment provider did not answer; order held');
    return held(502, {
      code: 'payment_pending',
      message: ORDER_MESSAGES.paymentUnconfirmed,
      order_id: order.publicId,
    });
  }

  if (payment.kind === 'refused') {
    await cancelQuietly(deps, order);
    return { statusCode: 402, body: payment.body, orderId: order.id };
  }
  if (payment.kind === 'requires_action' || payment.kind === 'processing') {
    await recordPaymentReference(deps.db, order.id, payment.reference).catch((err: unknown) =>
      deps.log?.error({ err, invoice: order.invoiceNumber }, 'could not keep the payment reference'),
    );
    return payment.kind === 'requires_action'
      ? held(402, {
          code: 'requires_action',
          message: ORDER_MESSAGES.paymentNeedsAction,
          client_secret: payment.clientSecret,
          order_id: order.publicId,
        })
      : held(402, {
          code: 'payment_pending',
          message: ORDER_MESSAGES.paymentProcessing,
          order_id: order.publicId,
        });
  }

  // Paid: record the provider's payment id. The answer is known before the write (the order as marking it
  // paid leaves it), so the same statement stores it against the key. If the database fails here the money is
  // taken but the order still pending: the error goes up (a 503, never an answer that frees the key), the key
  // keeps the order (linked as it was written), and the retry with the same key resumes it, its charge answered
  // by the provider from the first (same idempotency key): marked paid, charged once. payments:reconcile finds
  // it too, by the order's public id.
  const paidOrder = asPaid(order, payment.reference);
  const paidAnswer = placedAnswer(paidOrder, items);
  let failure: unknown;
  for (let attempt = 1; attempt <= MARK_PAID_ATTEMPTS; attempt++) {
    try {
      const marked = await markOrderPaid(
        deps.db,
        order.id,
        payment.reference,
        claim ? { ...claim, ...paidAnswer, orderId: order.id } : undefined,
        // The confirmation's job commits with 'paid' (issue 38 §2): a crash from here on still mails it.
        deps.mails?.queueConfirmation,
      );
      if (marked.changed) {
        await deps.mails?.paymentConfirmed(order.id);
        return { ...paidAnswer, stored: marked.stored };
      }
      // Paid already (the webhook got there first) or no longer pending: answer the order as it is now.
      const [now] = await deps.db.select().from(orders).where(eq(orders.id, order.id));
      if (now) return placedAnswer(now, items);
      failure = new Error(`order ${order.id} is gone`);
    } catch (err) {
      failure = err;
      deps.log?.error(
        { err, attempt, invoice: order.invoiceNumber, paymentReference: payment.reference },
        'order paid but not yet marked paid',
      );
    }
    if (attempt < MARK_PAID_ATTEMPTS) await sleep(MARK_PAID_PAUSE_MS * attempt);
  }
  deps.log?.error(
    { invoice: order.invoiceNumber, paymentReference: payment.reference },
    'ORDER PAID BUT STILL PENDING IN THE DATABASE: a retry with its Idempotency-Key or npm run payments:reconcile will mark it paid',
  );
  throw failure;
}

/** Marking a paid order paid is tried this often, pausing MARK_PAID_PAUSE_MS × the attempt between tries. */
const MARK_PAID_ATTEMPTS = 3;
const MARK_PAID_PAUSE_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Cancels an unpaid order and puts its stock back; a database failure here is logged, not thrown, so the
 * shopper's answer (declined) is still stored against the Idempotency-Key.
 */
async function cancelQuietly(
  deps: PlaceOrderDeps,
  order: { id: number; invoiceNumber: string },
): Promise<void> {
  try {
    await cancelUnpaidOrder(deps.db, order.id);
  } catch (err) {
    deps.log?.error(
      { err, invoice: order.invoiceNumber },
      'could not cancel an unpaid order; its stock stays reserved until cancelled by hand',
    );
  }
}

/**
 * True when any figure the client sent differs from the server's: each line's total, the subtotal, delivery, the
 * GST included and the total charged (all GST-inclusive cents by `computeCheckoutTotals`, decision 0046).
 */
function clientFiguresDiffer(request: PlaceOrderRequest, priced: PricedOrder): boolean {
  const t = priced.totals;
  const lineDiffers = request.products.some(
    (line, i) => line.qp_subtotal !== priced.lines[i]?.lineSubtotalCents,
  );
  return (
    lineDiffers ||
    request.subTotal !== t.subtotalCents ||
    request.delivery_charges !== t.deliveryChargeCents ||
    request.totalGst !== t.gstCents ||
    request.grand_total !== t.totalCents ||
    (request.total_amount !== undefined && request.total_amount !== t.totalCents)
  );
}

type NewOrder = Omit<typeof orders.$inferInsert, 'invoiceNumber'>;

/**
 * The order row from the validated request and the server's prices. Only fields a client may set are
 * read; status, payment status, user id and channel are the server's (DESIGN §5.6; the caller sets the user
 * id from the bearer, 0 here); card fields are not stored (DESIGN §5.1). Unticked "ship to a different address" copies the billing address.
 */
function orderValues(r: PlaceOrderRequest, priced: PricedOrder, delivery: ChosenDelivery): NewOrder {
  const t = priced.totals;
  const s = r.ship_to_different_address;
  return {
    publicId: generatePublicOrderId(),
    userId: 0,
    status: ORDER_STATUS_PENDING,
    paymentStatus: PAYMENT_STATUS_PENDING,
    paymentMethod: r.payment_method,
    fName: r.f_name,
    lName: r.l_name,
    email: r.email,
    phone: r.phone,
    streetAddress: r.street_address,
    city: r.city,
    state: r.state,
    postCode: r.post_code,
    company: r.company,
    suburb: r.suburb,
    sFName: s ? r.s_f_name.trim() : r.f_name,
    sLName: s ? r.s_l_name.trim() : r.l_name,
    sEmail: s ? r.s_email.trim() : r.email,
    sPhone: s ? r.s_phone.trim() : r.phone,
    sStreetAddress: s ? r.s_street_address.trim() : r.street_address,
    sCity: s ? r.s_city.trim() : r.city,
    sState: s ? r.s_state : r.state,
    sPostCode: s ? r.s_post_code.trim() : r.post_code,
    sCompany: s ? r.s_company.trim() : r.company,
    comment: r.comment,
    channel: 'Web',
    // The money model of decision 0046: every amount inc. GST, total = subtotal − discounts + delivery.
    pricesIncludeGst: true,
    gstPercent: priced.settings.gstPercent,
    subtotalCents: t.subtotalCents,
    discountCents: t.discountCents,
    signupDiscountCents: t.signupDiscountCents,
    membershipDiscountCents: t.membershipDiscountCents,
    codeDiscountCents: t.codeDiscountCents,
    deliveryChargeCents: t.deliveryChargeCents,
    gstCents: t.gstCents,
    totalCents: t.totalCents,
    // Issue 41: how the order reaches the shopper, as quoted and charged.
    deliveryOption: delivery.option,
    deliveryEstimate: delivery.estimate,
    deliveryRateSource: delivery.source,
    collectLocationId: delivery.collectLocation?.id ?? null,
  };
}

interface Shortage {
  productId: number;
  title: string;
  /** Units left (0 when sold out). */
  left: number;
}

/** How often the reservation is tried again when PostgreSQL picks it as a deadlock's victim. */
const DEADLOCK_RETRIES = 2;

/**
 * The invoice number from the sequence, in the INSERT itself: `INV-` and at least six digits (INV-001001),
 * more once the sequence passes 999999 (lpad alone would cut them off).
 */
const nextInvoiceNumber = sql`(SELECT 'INV-' || lpad(n, greatest(6, length(n)), '0')
  FROM (SELECT nextval('order_invoice_number_seq')::text AS n) AS invoice)`;

/**
 * One transaction: take the stock of every line whose product tracks it, in one statement, only where enough is
 * left; then the order, with its invoice number (taken only now, so a failed attempt leaves no gap), and its
 * lines in one multi-row INSERT, the use of its discount code (`discountCodeId`, issue 34 §5) and (with an
 * Idempotency-Key's claim) the order linked to the key. Rolls everything back and answers the shortage when a line
 * cannot be reserved, throws HttpError 400 when the code can no longer be used, or 409 when the claim is no longer
 * this request's.
 *
 * A product that did not track its stock when the lines were priced is not touched: `stock - q` would leave its
 * NULL as it was, and the UPDATE would still write a new row version (every index, the changed_at trigger, the
 * catalog read model re-reading it) on every order. Should the product start tracking stock between the pricing
 * and this transaction, the order counts as placed just before that change, which set the stock outright.
 */
async function reserveStockAndCreateOrder(
  db: Database,
  values: NewOrder,
  lines: readonly PricedOrderLine[],
  preference: readonly number[],
  claim: IdempotencyClaim | null,
  discountCodeId: number | null = null,
  onAccount: { accountId: number; onPaid?: OnPaid | undefined } | null = null,
): Promise<
  | { order: OrderRow; items: OrderLineItemRow[] }
  | { shortage: Shortage }
  | { walletOrderUsed: true }
  | { refused: string }
> {
  if (values.walletOrderId) {
    // One wallet payment pays one order; the unique index settles a race between two requests.
    const [used] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.walletOrderId, values.walletOrderId))
      .limit(1);
    if (used) return { walletOrderUsed: true };
  }
  // Units per tracked product, in product id order: the rows are locked in that order, so two orders never wait
  // on each other's rows (and if PostgreSQL plans otherwise, a deadlock is retried below).
  const wanted = new Map<number, { quantity: number; title: string }>();
  for (const line of lines) {
    if (!line.stockTracked) continue;
    const entry = wanted.get(line.productId);
    wanted.set(line.productId, { quantity: (entry?.quantity ?? 0) + line.quantity, title: line.title });
  }
  const reserve = [...wanted].sort(([a], [b]) => a - b);

  for (let attempt = 0; ; attempt++) {
    const found: { shortage?: Shortage; refused?: string } = {};
    try {
      return await db.transaction(async (tx) => {
        let allocations: Allocation[] = [];
        if (reserve.length > 0) {
          // This transaction writes products.stock and location_stock together (decision 0069).
          await markLocationStockManaged(tx);
          const taken = await takeStock(tx).execute({
            ids: reserve.map(([id]) => id),
            quantities: reserve.map(([, w]) => w.quantity),
          });
          if (taken.length < reserve.length) {
            const takenIds = new Set(taken.map((t) => t.id));
            const [productId, w] = reserve.find(([id]) => !takenIds.has(id)) ?? [];
            if (productId === undefined || !w) throw new Error('reservation fell short on no line');
            // A fresh read (READ COMMITTED: a new snapshot) says how many are left after the other buyers.
            const [row] = await tx
              .select({ stock: products.stock })
              .from(products)
              .where(eq(products.id, productId));
            found.shortage = { productId, title: w.title, left: Math.max(0, row?.stock ?? 0) };
            tx.rollback();
          }
          // Then where the units come from, under the location rows' locks: the total can be there while the
          // locations this order may take from (its preference) hold fewer.
          // (Not a product that stopped tracking stock since its pricing: nothing to take.)
          const tracked = new Set(taken.filter((t) => t.tracked).map((t) => t.id));
          const atLocations = await reserveAtLocations(
            tx,
            reserve
              .filter(([id]) => tracked.has(id))
              .map(([productId, w]) => ({ productId, quantity: w.quantity })),
            preference,
          );
          if ('shortage' in atLocations) {
            const { productId, left } = atLocations.shortage;
            const title = wanted.get(productId)?.title ?? '';
            found.shortage = { productId, title, left };
            tx.rollback();
          } else {
            allocations = atLocations.allocations;
          }
        }
        // The discount code's row is locked after the products and before the invoice number (decision 0041):
        // over its limit, or used by this email meanwhile, it throws its 400 and nothing is written, no number taken.
        const code =
          discountCodeId === null
            ? null
            : await lockDiscountCode(tx, discountCodeId, { email: values.email, userId: values.userId ?? 0 });
        // On account (issue 39 §4): the account's row is locked before its balance is read, so orders placed at
        // once are decided one after another against the balance the previous one left (decision 0041).
        const charge = onAccount
          ? await chargeToAccount(tx as Database, onAccount.accountId, values.totalCents ?? 0)
          : null;
        if (charge && 'refused' in charge) {
          found.refused = charge.refused;
          tx.rollback();
        }
        const created = await insertOrderWithLines(
          tx,
          charge && 'dueDay' in charge
            ? {
                ...values,
                paymentStatus: PAYMENT_STATUS_COMPLETED,
                paymentReference: accountPaymentReference(values.publicId),
                paymentDueDay: charge.dueDay,
              }
            : values,
          lines,
        );
        await recordAllocations(tx, created.order.id, allocations);
        if (charge && 'dueDay' in charge && onAccount) {
          await postAccountInvoice(tx as Database, onAccount.accountId, created.order, charge);
          await onAccount.onPaid?.(tx as Database, created.order.id);
        }
        if (code) await recordRedemption(tx, code, created.order.id);
        // In the same transaction: the key knows its order from the moment the order exists (decision 0009).
        if (claim) await linkOrderToClaim(tx, claim, created.order.id);
        return created;
      });
    } catch (err) {
      if (found.shortage) return { shortage: found.shortage };
      if (found.refused) return { refused: found.refused };
      const failure = describeDatabaseError(err);
      if (failure?.constraint === 'orders_wallet_order_idx') return { walletOrderUsed: true };
      if (failure?.sqlstate === DEADLOCK_DETECTED && attempt < DEADLOCK_RETRIES) continue;
      throw err;
    }
  }
}

/**
 * Takes the units of each tracked product (`ids`, `quantities`: arrays in product id order) where enough is left,
 * answering the products taken from: one text for any number of lines, built once (decision 0097).
 */
const takeStock = preparedStatement((db) =>
  db
    .update(products)
    .set({ stock: sql`${products.stock} - wanted.quantity` })
    .from(
      sql`unnest(${sql.placeholder('ids')}::int4[], ${sql.placeholder('quantities')}::int4[])
        AS wanted (product_id, quantity)`,
    )
    .where(
      and(
        sql`${products.id} = wanted.product_id`,
        or(isNull(products.stock), sql`${products.stock} >= wanted.quantity`),
      ),
    )
    .returning({ id: products.id, tracked: sql<boolean>`${products.stock} IS NOT NULL` }),
);

/**
 * The order, with its invoice number, and all its lines in one multi-row INSERT: two statements, each answering
 * what it wrote (RETURNING), nothing read back. Each is built once for its shape (decision 0097): the order's
 * INSERT per set of columns given (a column left out keeps its default), the lines' per number of lines.
 */
async function insertOrderWithLines(
  tx: Database,
  values: NewOrder,
  lines: readonly PricedOrderLine[],
): Promise<{ order: OrderRow; items: OrderLineItemRow[] }> {
  const given = Object.fromEntries(
    Object.entries(values).filter(([column, value]) => value !== undefined && column !== 'invoiceNumber'),
  );
  const [order] = await orderInsertOf(Object.keys(given).sort())(tx).execute(given);
  if (!order) throw new Error('order insert returned no row');
  const lineValues: Record<string, unknown> = { orderId: order.id };
  lines.forEach((l, i) => {
    lineValues[`productId${i}`] = l.productId;
    lineValues[`sku${i}`] = l.sku;
    lineValues[`productTitle${i}`] = l.title;
    lineValues[`quantity${i}`] = l.quantity;
    lineValues[`unitPriceCents${i}`] = l.unitPriceCents;
    lineValues[`lineSubtotalCents${i}`] = l.lineSubtotalCents;
    lineValues[`lineGstCents${i}`] = l.lineGstCents;
    lineValues[`priceListName${i}`] = l.priceListName;
  });
  const items = await lineInsertOf(lines.length)(tx).execute(lineValues);
  return { order, items };
}

type InsertStatement<R> = (db: Database) => { execute(values: Record<string, unknown>): Promise<R[]> };

/** The order's INSERT for each set of columns seen (a handful: the payment paths give different ones). */
const orderInserts = new Map<string, InsertStatement<OrderRow>>();
function orderInsertOf(columns: readonly string[]): InsertStatement<OrderRow> {
  const key = columns.join(',');
  let statement = orderInserts.get(key);
  if (!statement) {
    statement = preparedStatement((db) =>
      db
        .insert(orders)
        .values({
          ...(Object.fromEntries(columns.map((c) => [c, sql.placeholder(c)])) as unknown as NewOrder),
          invoiceNumber: nextInvoiceNumber,
        })
        .returning(),
    );
    orderInserts.set(key, statement);
  }
  return statement;
}

/** Orders of up to this many lines keep their lines' INSERT; a longer one (rare) is built for its run. */
const KEPT_LINE_COUNTS = 20;
/** The lines' INSERT for each number of lines seen, up to KEPT_LINE_COUNTS. */
const lineInserts = new Map<number, InsertStatement<OrderLineItemRow>>();
function lineInsertOf(count: number): InsertStatement<OrderLineItemRow> {
  let statement = lineInserts.get(count);
  if (!statement) {
    statement = preparedStatement((db) =>
      db
        .insert(orderLineItems)
        .values(
          Array.from({ length: count }, (_, i) => ({
            orderId: sql.placeholder('orderId'),
            productId: sql.placeholder(`productId${i}`),
            sku: sql.placeholder(`sku${i}`),
            productTitle: sql.placeholder(`productTitle${i}`),
            quantity: sql.placeholder(`quantity${i}`),
            unitPriceCents: sql.placeholder(`unitPriceCents${i}`),
            lineSubtotalCents: sql.placeholder(`lineSubtotalCents${i}`),
            lineGstCents: sql.placeholder(`lineGstCents${i}`),
            priceListName: sql.placeholder(`priceListName${i}`),
          })),
        )
        .returning(),
    );
    if (count <= KEPT_LINE_COUNTS) lineInserts.set(count, statement);
  }
  return statement;
}

/** SQLSTATE of a transaction PostgreSQL rolled back to break a deadlock; nothing of it was written. */
const DEADLOCK_DETECTED = '40P01';

/** What a payment provider's call threw, kept apart from our own database's errors (see settlePayment). */
class ProviderCallFailed extends Error {
  override name = 'ProviderCallFailed';
}

const providerFailed = (err: unknown): never => {
  throw new ProviderCallFailed(err instanceof Error ? err.message : String(err), { cause: err });
};

type PaymentResult =
  | { kind: 'paid'; reference: string }
  | { kind: 'requires_action'; reference: string; clientSecret: string }
  | { kind: 'processing'; reference: string }
  | { kind: 'refused'; body: OrderError };

/**
 * Card flow: charge the tokenised card for the server's total (DESIGN §5.2), or, when the order already has
 * a PaymentIntent (3-D Secure, processing), read it again. Throws when the provider cannot be reached.
 */
async function chargeCard(
  deps: PlaceOrderDeps,
  order: OrderRow,
  paymentMethodId: string,
): Promise<PaymentResult> {
  const card = deps.payments.card;
  if (!card) throw new Error('card payments are off');
  const kind = isPaymentMethodKind(order.paymentMethodType) ? order.paymentMethodType : 'card';
  const result = await (
    order.paymentReference
      ? card.check(order.paymentReference)
      : card.charge({
          amountCents: order.totalCents,
          currency: 'AUD',
          paymentMethodId,
          // One charge per order: a retry of this call for the same order is a no-op at the provider.
          idempotencyKey: `order-${order.publicId}`,
          description: `Order ${order.invoiceNumber}`,
          orderPublicId: order.publicId,
          methodType: stripeTypeOf(kind),
          returnUrl: new URL(paymentReturnPath(order.publicId), deps.publicBaseUrl ?? 'http://localhost')
            .href,
          shipping: {
            name: `${order.sFName} ${order.sLName}`.trim(),
            phone: order.sPhone,
            address: {
              line1: order.sStreetAddress,
              city: order.sCity,
              state: order.sState,
              postal_code: order.sPostCode,
              country: 'AU',
            },
          },
        })
  ).catch(providerFailed);
  switch (result.status) {
    case 'succeeded':
      return { kind: 'paid', reference: result.paymentId };
    case 'requires_action':
      return { kind: 'requires_action', reference: result.paymentId, clientSecret: result.clientSecret };
    case 'processing':
      return { kind: 'processing', reference: result.paymentId };
    case 'declined':
      // Afterpay's and Zip's own words for a refusal are written for developers; the shopper reads ours.
      return {
        kind: 'refused',
        body: {
          code: 'payment_declined',
          message: approvesByRedirect(kind) ? PAYMENT_METHOD_MESSAGES.declined(kind) : result.message,
        },
      };
  }
}

/** Wallet flow: capture the approved wallet order, expecting exactly the server's total (DESIGN §5.2). */
async function captureWallet(
  deps: PlaceOrderDeps,
  order: OrderRow,
  walletOrderId: string,
): Promise<PaymentResult> {
  const wallet = deps.payments.wallet;
  if (!wallet) throw new Error('wallet payments are off');
  const result = await wallet
    .capture({
      walletOrderId,
      expectedAmountCents: order.totalCents,
      // Derived from our order: a retry is the same capture; another order naming this wallet order is refused.
      idempotencyKey: `order-${order.publicId}`,
    })
    .catch(providerFailed);
  if (result.status === 'completed') return { kind: 'paid', reference: result.captureId };
  deps.log?.warn(
    { issue: result.issue, reason: result.message, invoice: order.invoiceNumber },
    'wallet capture failed',
  );
  return { kind: 'refused', body: { code: 'payment_failed', message: walletFailureMessage(result) } };
}

/** SPEC §8 Wallet messages: the restricted-account one for PAYEE_ACCOUNT_RESTRICTED, else the capture error. */
export function walletFailureMessage(result: Extract<WalletCaptureResult, { status: 'failed' }>): string {
  return result.issue === 'PAYEE_ACCOUNT_RESTRICTED'
    ? ORDER_MESSAGES.walletRestricted
    : ORDER_MESSAGES.walletCaptureError;
}
