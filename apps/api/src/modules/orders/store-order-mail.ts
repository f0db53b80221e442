/**
 * The store's new-order mail (issue 36 §4, decision 0054): when an order's payment is confirmed, its sales address
 * (store setting `sales_email`, else MAIL_FROM) is told, once per order whichever path confirmed it. Sent by the
 * order's `order-mail` job (order-mails.ts, decision 0062), which marks `orders.store_notified_at` after the send.
 */
import { formatAddressLine } from '@store/shared/address';
import { formatCents } from '@store/shared/money';
import { absoluteUrl, adminOrderPath } from '@store/shared/paths';
import type { Database } from '../../db/client';
import { orderLinesOf } from './order-lines-of';
import type { OrderRow } from './order-presenter';
import { mailStoreOf } from '../mail/mail-store';
import { renderMail } from '../mail/render-mail';
import type { MailMessage } from '../mail/send-mail';
import { paymentMethodName } from '@store/shared/payment-method-rules';
import { NewOrderStoreMail, newOrderStoreSubject } from '../mail/templates/new-order-store-mail';

/** The store's notice of the paid `order`, composed from its row as the database holds it and its lines. */
export async function composeStoreOrderMail(
  db: Database,
  config: { publicBaseUrl: string; mailFrom: string },
  order: OrderRow,
): Promise<MailMessage> {
  const orderId = order.id;
  const [store, items] = await Promise.all([
    mailStoreOf(db, config.publicBaseUrl),
    orderLinesOf(db).execute({ orderId }),
  ]);
  const to = store.salesEmail || config.mailFrom;
  const total = formatCents(order.totalCents);
  const parts = await renderMail(
    NewOrderStoreMail({
      store,
      invoiceNumber: order.invoiceNumber,
      customer: `${order.fName} ${order.lName}`,
      email: order.email,
      shipTo: formatAddressLine({
        street_address: order.sStreetAddress,
        city: order.sCity,
        state: order.sState,
        post_code: order.sPostCode,
      }),
      total,
      // Issue 40: 'Afterpay', 'Apple Pay', 'On account', … as the customer and the back office name it.
      paymentMethod: paymentMethodName(order.paymentMethod, order.paymentMethodType),
      lines: items.map((i) => ({ sku: i.sku, title: i.productTitle, quantity: i.quantity })),
      comment: order.comment.trim(),
      adminUrl: absoluteUrl(config.publicBaseUrl, adminOrderPath(order.publicId)),
    }),
  );
  return { to, subject: newOrderStoreSubject(order.invoiceNumber, total), ...parts };
}
