/**
 * The customer's order mails (issue 11): 'received' when an order is placed but its payment is not confirmed yet,
 * 'confirmed' when its payment is confirmed — by place-order, a provider's webhook or reconciliation, whichever
 * learns it first (each moves the order to paid once, so the mail goes once). Sent after the answer, retried.
 */
import { asc, eq } from 'drizzle-orm';
import { formatAddressLine } from '@store/shared/address';
import { taxInvoicePath } from '@store/shared/tax-invoice';
import type { Database } from '../../db/client';
import { orderLineItems, orders } from '../../db/schema';
import type { MailService } from '../mail/mail-service';
import { mailStoreOf } from '../mail/mail-store';
import { renderMail } from '../mail/render-mail';
import { OrderMail, orderMailSubject, type OrderMailProps } from '../mail/templates/order-mail';
import { issueTaxInvoice, type TaxDocumentConfig } from './issue-tax-invoice';
import { orderAmountsOfRow } from './order-amounts';
import { MAIL_LINK_TTL_SECONDS, linkExpiry, signDocumentPath } from './order-document-links';
import type { OrderLineItemRow, OrderRow } from './order-presenter';
import { absoluteUrl, guestTrackOrderPath } from '@store/shared/paths';

/**
 * The order and its lines as the caller already has them (place-order, which has just written them): the mail is
 * composed from these instead of reading them back.
 */
export interface KnownOrder {
  order: OrderRow;
  items: readonly OrderLineItemRow[];
}

export interface OrderMails {
  /**
   * The order's payment is confirmed: issues its tax invoice (with `taxConfig`), then sends the confirmation with
   * lines, totals and the invoice's signed link (decision 0044). Awaited by whoever marked the order paid, so the invoice is written before
   * that request answers, never behind a later one's back. Never rejects: an invoice that could not be issued is
   * tried again as the mail is composed, and at its first download.
   */
  paymentConfirmed(orderId: number, known?: KnownOrder): Promise<void>;
  /** The order is placed and waits for its payment (3-D Secure, provider unreachable). Never throws. */
  orderReceived(orderId: number, known?: KnownOrder): void;
}

/**
 * Order mails for the store's database and mail service; links go to `baseUrl` (PUBLIC_BASE_URL). With `taxConfig`,
 * a confirmation first issues the order's tax invoice (issue 18 §3: numbered as the order becomes paid, by
 * whichever path learnt it, as they all confirm through here) and links to it.
 */
export function createOrderMails(
  db: Database,
  mail: MailService,
  baseUrl: string,
  taxConfig?: TaxDocumentConfig,
): OrderMails {
  async function read(orderId: number): Promise<KnownOrder> {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (!order) throw new Error(`order ${orderId} not found for its mail`);
    const items = await db
      .select()
      .from(orderLineItems)
      .where(eq(orderLineItems.orderId, orderId))
      .orderBy(asc(orderLineItems.id));
    return { order, items };
  }

  async function compose(orderId: number, kind: OrderMailProps['kind'], known?: KnownOrder) {
    const { order, items } = known ?? (await read(orderId));
    const invoice = kind === 'confirmed' && taxConfig ? await issueTaxInvoice(db, orderId, taxConfig) : null;
    const store = await mailStoreOf(db, baseUrl);
    const parts = await renderMail(
      OrderMail({
        store,
        kind,
        order: {
          invoiceNumber: order.invoiceNumber,
          fName: order.fName,
          // The stored figures (issue 34 §2), never today's settings.
          amounts: orderAmountsOfRow(order, items),
          paymentMethod: order.paymentMethod,
          shipTo: formatAddressLine({
            street_address: order.sStreetAddress,
            city: order.sCity,
            state: order.sState,
            post_code: order.sPostCode,
          }),
        },
        lines: [...items]
          .sort((a, b) => a.id - b.id)
          .map((i) => ({
            title: i.productTitle,
            sku: i.sku,
            quantity: i.quantity,
            unitPriceCents: i.unitPriceCents,
            lineSubtotalCents: i.lineSubtotalCents,
          })),
        trackUrl: absoluteUrl(baseUrl, guestTrackOrderPath(order.publicId)),
        // Signed (decision 0044): the mail's reader may open the invoice without signing in, for 90 days.
        ...(invoice
          ? {
              taxInvoiceUrl: `${baseUrl}${await signDocumentPath(
                db,
                taxInvoicePath(order.publicId),
                order.publicId,
                'tax-invoice',
                linkExpiry(MAIL_LINK_TTL_SECONDS),
              )}`,
              taxInvoiceLinkDays: MAIL_LINK_TTL_SECONDS / 86_400,
            }
          : {}),
      }),
    );
    return { to: order.email, subject: orderMailSubject(store.name, kind, order.invoiceNumber), ...parts };
  }

  return {
    // Composed when the mail service gets to it, after the answer (a render costs the answering thread CPU).
    paymentConfirmed: async (orderId, known) => {
      if (taxConfig) await issueTaxInvoice(db, orderId, taxConfig).catch(() => null);
      mail.deliver('order confirmation', () => compose(orderId, 'confirmed', known));
    },
    orderReceived: (orderId, known) =>
      mail.deliver('order received', () => compose(orderId, 'received', known)),
  };
}
