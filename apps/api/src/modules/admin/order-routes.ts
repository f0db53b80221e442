/**
 * The back office's orders (issue 12): `GET /api/admin/orders` (paged list with filters and search, answering
 * `data` and `total`), `GET /api/admin/orders/{public id}`, `POST /api/admin/orders/{public id}/status`. Staff and
 * admins alike. Shipping mails the customer a notice with the tracking link (after the answer).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_ORDER_MESSAGES,
  adminOrderListQuerySchema,
  adminOrderListSchema,
  adminOrderStatusRequestSchema,
  CARRIERS,
  type Carrier,
} from '@store/shared/admin-orders';
import { centsToDecimalString } from '@store/shared/money';
import { HttpError } from '../../plugins/error-handling';
import { mailStoreOf } from '../mail/mail-store';
import { renderMail } from '../mail/render-mail';
import { ShippingNoticeMail, shippingNoticeSubject } from '../mail/templates/shipping-notice-mail';
import { presentOrderDetail } from '../orders/order-presenter';
import { getAdminOrder, listAdminOrders, moveOrderStatus, type AdminOrder } from './admin-orders';
import { requireStaff, staffOf } from './require-staff';

const messageSchema = z.object({ message: z.string() });
const fieldErrors = messageSchema.extend({
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
const params = z.object({
  publicId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{16,64}$/, ADMIN_ORDER_MESSAGES.notFound),
});

/** The order as the back office reads it: the customer's view plus who, how paid, and what happened. */
function presentAdminOrder({ order, items, history, returns }: AdminOrder) {
  return {
    ...presentOrderDetail(order, items),
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
      note: h.note,
      at: h.createdAt.toISOString(),
    })),
    returns: returns.map((r) => ({ id: r.id, subject: r.subject, created_at: r.createdAt.toISOString() })),
  };
}

const adminOrderSchema = z.looseObject({ id: z.string(), status: z.string() });

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
        response: { 200: adminOrderListSchema, 400: fieldErrors, 401: messageSchema, 403: messageSchema },
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
          400: fieldErrors,
          401: messageSchema,
          403: messageSchema,
          404: messageSchema,
        },
      },
    },
    async (req) => {
      const found = await getAdminOrder(app.db, req.params.publicId);
      if (!found) throw new HttpError(404, ADMIN_ORDER_MESSAGES.notFound);
      return { data: presentAdminOrder(found) };
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
          400: fieldErrors,
          401: messageSchema,
          403: messageSchema,
          404: messageSchema,
          409: messageSchema,
        },
      },
    },
    async (req) => {
      const { staff } = staffOf(req);
      const { after } = await moveOrderStatus(app.db, req.params.publicId, req.body, staff.id);
      if (after.status === 'shipped' && after.carrier && after.trackingNumber) {
        const store = await mailStoreOf(app.db, app.config.publicBaseUrl);
        const carrier = after.carrier as Carrier;
        app.mail.deliver(
          'shipping notice',
          renderMail(
            ShippingNoticeMail({
              store,
              fName: after.fName,
              invoiceNumber: after.invoiceNumber,
              carrier,
              trackingNumber: after.trackingNumber,
              carrierTrackingUrl: CARRIERS[carrier](after.trackingNumber),
              orderUrl: `${app.config.publicBaseUrl}/guest-track-order?id=${after.publicId}`,
            }),
          ).then((parts) => ({
            to: after.email,
            subject: shippingNoticeSubject(store.name, after.invoiceNumber),
            ...parts,
          })),
        );
      }
      const found = await getAdminOrder(app.db, req.params.publicId);
      if (!found) throw new HttpError(404, ADMIN_ORDER_MESSAGES.notFound);
      return {
        message: `Order ${after.invoiceNumber} is now ${after.status}.`,
        data: presentAdminOrder(found),
      };
    },
  );
};

export default adminOrderRoutes;
