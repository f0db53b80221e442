/**
 * The back office's orders (issue 12): `GET /api/admin/orders` (paged list with filters and search, answering
 * `data` and `total`), `GET /api/admin/orders/{public id}` (with its refunds and audit trail),
 * `POST /api/admin/orders/{public id}/status` and `POST /api/admin/orders/{public id}/refunds` (Idempotency-Key
 * required). Staff and admins alike. Shipping mails the customer a notice with the tracking link, a refund a
 * refund notice (after the answer).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { fieldErrorsAnswerSchema, messageAnswerSchema } from '@store/shared/error-answers';
import { auditEntrySchema } from '@store/shared/admin';
import {
  ADMIN_ORDER_MESSAGES,
  ADMIN_REFUND_MESSAGES,
  adminRefundRequestSchema,
  adminRefundSchema,
  adminOrderListQuerySchema,
  adminOrderListSchema,
  adminOrderStatusRequestSchema,
  REFUND_STATUSES,
  type RefundStatus,
} from '@store/shared/admin-orders';
import { centsToDecimalString, parseDecimalToCents } from '@store/shared/money';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '@store/shared/order-constants';
import type { Database } from '../../db/client';
import { refunds, staffUsers } from '../../db/schema';
import { HttpError } from '../../plugins/error-handling';
import { presentOrderDetail } from '../orders/order-presenter';
import {
  getAdminOrder,
  listAdminOrders,
  moveOrderStatus,
  presentAdminOrderMoney,
  type AdminOrder,
} from './admin-orders';
import { auditTrail } from './record-audit';
import { refundOrder } from './refund-order';
import { lineRefundPlan } from '../orders/refunded-lines';
import { adminLineRefundRequestSchema, refundDestination } from '@store/shared/refund-lines';
import { requireStaff, staffOf } from './require-staff';
import { sendShippingNotice } from './send-shipping-notice';

const params = z.object({
  publicId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{16,64}$/, ADMIN_ORDER_MESSAGES.notFound),
});
/** The `{publicId}` path parameter of every back-office order route (issue 36 §4's routes read it too). */
export { params as adminOrderParams };

/** A stored refund status as the wire's enum (the column's CHECK allows only these). */
function refundStatusOf(status: string): RefundStatus {
  return (REFUND_STATUSES as readonly string[]).includes(status) ? (status as RefundStatus) : 'pending';
}

/** The order's refunds, oldest first, with who made each and their state (pending, succeeded, failed). */
async function refundsOf(db: Database, orderId: number) {
  const rows = await db
    .select({ refund: refunds, staffName: staffUsers.name })
    .from(refunds)
    .leftJoin(staffUsers, eq(staffUsers.id, refunds.staffId))
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  return rows.map(({ refund: r, staffName }) => ({
    id: r.id,
    status: refundStatusOf(r.status),
    amountCents: r.amountCents,
    amount: centsToDecimalString(r.amountCents),
    reason: r.reason,
    provider: r.provider,
    provider_refund_id: r.providerRefundId,
    return_id: r.returnId,
    staff_name: staffName ?? (r.staffId === null ? 'Command line' : 'Former staff member'),
    created_at: r.createdAt.toISOString(),
  }));
}

/**
 * The order as the back office reads it: the customer's view plus who, how paid, what happened, its refunds
 * (`refunded_total`: succeeded ones; `refundable`: what is left after succeeded and pending ones) and its audit
 * trail, newest first.
 */
async function presentAdminOrder(db: Database, found: AdminOrder) {
  const { order } = found;
  const [refundRows, audit, plan] = await Promise.all([
    refundsOf(db, order.id),
    auditTrail(db, 'order', order.publicId),
    lineRefundPlan(db, order),
  ]);
  const sumOf = (states: readonly RefundStatus[]) =>
    refundRows.filter((r) => states.includes(r.status)).reduce((sum, r) => sum + r.amountCents, 0);
  const refundedCents = sumOf(['succeeded']);
  const committedCents = sumOf(['succeeded', 'pending']);
  return {
    ...presentBasics(found),
    refunds: refundRows.map(({ amountCents: _cents, ...r }) => r),
    refunded_total: centsToDecimalString(refundedCents),
    refundable: centsToDecimalString(
      ['completed', 'partially_refunded'].includes(order.paymentStatus)
        ? Math.max(0, order.totalCents - committedCents)
        : 0,
    ),
    // Issue 36 §3: what the refund dialog offers, from the same plan the refund itself is computed with.
    refund_lines: plan.lines.map(({ line_id, quantity, refunded_quantity, net, restockable }) => ({
      line_id,
      quantity,
      refunded_quantity,
      net,
      restockable,
    })),
    shipping_refundable: centsToDecimalString(plan.shippingLeftCents),
    refund_destination: refundDestination(
      order.paymentMethod,
      order.paymentProvider,
      order.paymentMethodType,
    ),
    audit,
  };
}

function presentBasics({ order, items, history, returns }: AdminOrder) {
  const detail = presentOrderDetail(order, items);
  return {
    ...detail,
    // The stored money with every option the breakdown reads, and each line's GST (issue 34 §2).
    ...presentAdminOrderMoney(order, items, detail),
    f_name: order.fName,
    l_name: order.lName,
    email: order.email,
    phone: order.phone,
    billing_address: `${order.streetAddress}, ${order.city} ${order.state} ${order.postCode}`,
    discount: centsToDecimalString(order.discountCents),
    payment_provider: order.paymentProvider,
    payment_reference: order.paymentReference,
    carrier: order.carrier,
    tracking_number: order.trackingNumber,
    status_history: history.map((h) => ({
      from: h.fromStatus,
      to: h.toStatus,
      staff_id: h.staffId,
      staff_name: h.staffName,
      note: h.note,
      at: h.createdAt.toISOString(),
    })),
    returns: returns.map((r) => ({ id: r.id, subject: r.subject, created_at: r.createdAt.toISOString() })),
  };
}

const adminOrderSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  refunds: z.array(adminRefundSchema),
  refunded_total: z.string(),
  refundable: z.string(),
  audit: z.array(auditEntrySchema),
});

const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const guard = requireStaff(app);
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(
    '/admin/orders',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          'Orders: paged, sortable, filtered by status, payment status and dates, searched by invoice, id, email or name',
        querystring: adminOrderListQuerySchema,
        response: {
          200: adminOrderListSchema,
          400: fieldErrorsAnswerSchema,
          401: messageAnswerSchema,
          403: messageAnswerSchema,
        },
      },
    },
    async (req) => listAdminOrders(app.db, req.query),
  );

  app.get(
    '/admin/orders/:publicId',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          'One order: lines, totals with GST, addresses, payment references, returns and status history',
        params,
        response: {
          200: z.object({ data: adminOrderSchema }),
          400: fieldErrorsAnswerSchema,
          401: messageAnswerSchema,
          403: messageAnswerSchema,
          404: messageAnswerSchema,
        },
      },
    },
    async (req) => {
      const found = await getAdminOrder(app.db, req.params.publicId);
      if (!found) throw new HttpError(404, ADMIN_ORDER_MESSAGES.notFound);
      return { data: await presentAdminOrder(app.db, found) };
    },
  );

  app.post(
    '/admin/orders/:publicId/status',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          'Move an order: pending → processing → shipped (carrier and tracking number) → delivered, or cancelled',
        params,
        body: adminOrderStatusRequestSchema,
        response: {
          200: z.object({ message: z.string(), data: adminOrderSchema }),
          400: fieldErrorsAnswerSchema,
          401: messageAnswerSchema,
          403: messageAnswerSchema,
          404: messageAnswerSchema,
          409: messageAnswerSchema,
        },
      },
    },
    async (req) => {
      const { staff } = staffOf(req);
      const { after } = await moveOrderStatus(app.db, req.params.publicId, req.body, staff.id, app.config);
      sendShippingNotice(app, after);
      const found = await getAdminOrder(app.db, req.params.publicId);
      if (!found) throw new HttpError(404, ADMIN_ORDER_MESSAGES.notFound);
      return {
        message: `Order ${after.invoiceNumber} is now ${after.status}.`,
        data: await presentAdminOrder(app.db, found),
      };
    },
  );

  /** What both refund calls take as headers and answer (issue 43, decision 0053): one key rule, one answer. */
  const refundHeaders = z.looseObject({
    [IDEMPOTENCY_KEY_HEADER]: z
      .string({ error: ADMIN_REFUND_MESSAGES.keyRequired })
      .regex(IDEMPOTENCY_KEY_PATTERN, ADMIN_REFUND_MESSAGES.keyRequired),
  });
  const refundResponses = {
    200: z.object({ message: z.string(), data: adminOrderSchema }),
    201: z.object({ message: z.string(), data: adminOrderSchema }),
    400: fieldErrorsAnswerSchema,
    401: messageAnswerSchema,
    402: messageAnswerSchema,
    403: messageAnswerSchema,
    404: messageAnswerSchema,
    409: messageAnswerSchema,
    422: messageAnswerSchema,
    502: messageAnswerSchema,
  };
  /** 201 with the order as it now is, or 200 (Idempotent-Replayed) when the key answered an earlier refund. */
  async function answerRefund(
    reply: FastifyReply,
    publicId: string,
    outcome: Awaited<ReturnType<typeof refundOrder>>,
  ) {
    const found = await getAdminOrder(app.db, publicId);
    if (!found) throw new HttpError(404, ADMIN_ORDER_MESSAGES.notFound);
    if (outcome.replayed) reply.header('idempotent-replayed', 'true');
    return reply.code(outcome.replayed ? 200 : 201).send({
      message: ADMIN_REFUND_MESSAGES.refunded(outcome.refund.amountCents, outcome.order.invoiceNumber),
      data: await presentAdminOrder(app.db, found),
    });
  }

  app.post(
    '/admin/orders/:publicId/refunds',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Refund part or all of a paid order through its payment provider (Idempotency-Key required)',
        description:
          'amount is dollars ("12.34"), more than 0 and at most the total less what was refunded or is being ' +
          "refunded (pending). The amount is reserved under the order's lock before the provider is asked " +
          '(issue 43). The same Idempotency-Key answers the first refund again (200, Idempotent-Replayed: ' +
          'true) and never refunds twice; another refund with a used key is 422. 402: the provider refused ' +
          '(the reservation is released); 502: it did not answer (the refund stays pending and ' +
          'payments:reconcile settles it with the provider).',
        params,
        headers: refundHeaders,
        body: adminRefundRequestSchema,
        response: refundResponses,
      },
    },
    async (req, reply) => {
      const { staff } = staffOf(req);
      const outcome = await refundOrder(app, {
        orderPublicId: req.params.publicId,
        amountCents: parseDecimalToCents(req.body.amount) ?? 0,
        reason: req.body.reason,
        idempotencyKey: req.headers[IDEMPOTENCY_KEY_HEADER],
        staffId: staff.id,
      });
      return answerRefund(reply, req.params.publicId, outcome);
    },
  );

  app.post(
    '/admin/orders/:publicId/line-refunds',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          'Refund units of line items (each restocked or not) and part of the delivery charge (Idempotency-Key required)',
        description:
          'Issue 36 §3, decision 0053. The server computes the amount: each line at the price charged less its ' +
          "share of the order's discounts (refund-lines.ts), plus the delivery given back; quantities beyond what " +
          'is left of a line (bought less refunded or pending), delivery beyond what is left of it, or an amount ' +
          "beyond the order's total less every refund are 400 naming the field, and nothing is written. Restock " +
          "adds the units back to the product's stock (untracked stock is skipped) in the reservation's " +
          'transaction; a refund the provider refuses takes them off again. Otherwise as /refunds.',
        params,
        headers: refundHeaders,
        body: adminLineRefundRequestSchema,
        response: refundResponses,
      },
    },
    async (req, reply) => {
      const { staff } = staffOf(req);
      const outcome = await refundOrder(app, {
        orderPublicId: req.params.publicId,
        amountCents: 0,
        itemised: {
          lines: req.body.lines.map((l) => ({ lineId: l.line_id, quantity: l.quantity, restock: l.restock })),
          shippingCents: parseDecimalToCents(req.body.shipping) ?? 0,
        },
        reason: req.body.reason,
        idempotencyKey: req.headers[IDEMPOTENCY_KEY_HEADER],
        staffId: staff.id,
      });
      return answerRefund(reply, req.params.publicId, outcome);
    },
  );
};

export default adminOrderRoutes;
