/**
 * The customer's order mails (issue 11): 'received' when an order is placed but its payment is not confirmed yet,
 * 'confirmed' when its payment is confirmed — by place-order, a provider's webhook or reconciliation, whichever
 * learns it first (each moves the order to paid once). A confirmation also tells the store (issue 36 §4).
 *
 * Durable (issue 38 §2, decision 0062): the confirmation's job and the store notice's job are written by the
 * transaction that moves the order to paid (`queueConfirmation`), so a crash after 'paid' still mails it, after the
 * restart. Each job renders its mail from the order as the database holds it, sends it, then marks it sent
 * (`orders.confirmation_mailed_at`, `orders.store_notified_at`): a retry, or a job worked twice, finds the mark and
 * sends nothing. (A crash between the send and the mark sends it once more: SMTP takes no part in a transaction.)
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { formatAddressLine } from '@store/shared/address';
import { deliveryChoiceText } from '@store/shared/delivery-rules';
import { collectLocationOf } from '../delivery/collect-location-of';
import { taxInvoicePath } from '@store/shared/tax-invoice';
import type { Database } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { orders } from '../../db/schema';
import type { JobQueue, QueueDefinition } from '../jobs/job-queue';
import { MAIL_RETRY } from '../mail/mail-service';
import { mailStoreOf } from '../mail/mail-store';
import { renderMail } from '../mail/render-mail';
import type { Mailer } from '../mail/send-mail';
import { OrderMail, orderMailSubject, type OrderMailProps } from '../mail/templates/order-mail';
import { issueTaxInvoice, issueTaxInvoiceAsPaid, type TaxDocumentConfig } from './issue-tax-invoice';
import { composeStoreOrderMail } from './store-order-mail';
import { orderLinesOf } from './order-lines-of';
import type { OrderRow } from './order-presenter';
import { orderAmountsOfRow } from './order-amounts';
import { MAIL_LINK_TTL_SECONDS, linkExpiry, signDocumentPath } from './order-document-links';
import { absoluteUrl, guestTrackOrderPath } from '@store/shared/paths';

/** The queue of mails composed from an order in their job. */
export const ORDER_MAIL_QUEUE = 'order-mail';

/** One order mail's job: which order, which mail; `kind` names it in logs and the back office. */
export interface OrderMailJob {
  kind: string;
  orderId: number;
  /** 'confirmed' and 'received' to the customer; 'store' is the store's new-order notice. */
  mail: OrderMailProps['kind'] | 'store';
  /** The back office's "Resend": sent whether or not it went before. */
  resend?: boolean;
}

export interface OrderMails {
  /**
   * Inside the transaction that moves the order to paid (and only when it did): writes the jobs of its
   * confirmation and of the store's notice and (with `taxConfig`) issues its tax invoice, numbered as the order
   * becomes paid by whichever path learnt it: all of them exist if and only if that transaction commits
   * (decision 0085). An invoice that fails is logged and left to the confirmation's composing.
   */
  queueConfirmation: (tx: Database, orderId: number) => Promise<void>;
  /** After that commit: has the jobs worked at once. Never rejects. */
  paymentConfirmed(orderId: number): Promise<void>;
  /** The order is placed and waits for its payment (3-D Secure, provider unreachable). Never throws. */
  orderReceived(orderId: number): void;
  /**
   * Sends the order's mail again (issue 36 §4, the back office's "Resend"): the confirmation of a paid order
   * (`confirmed`, with its tax invoice's link) or, while its payment is pending, `received`. The same mail as the
   * first, composed from the order as it is now. Never throws.
   */
  resend(orderId: number, kind: OrderMailProps['kind']): void;
}

export interface OrderMailsDeps {
  db: Database;
  jobs: JobQueue;
  mailer: Mailer;
  /** PUBLIC_BASE_URL: the links in the mails. */
  baseUrl: string;
  /** With it, a confirmation issues the order's tax invoice and links to it (issue 18 §3). */
  taxConfig?: TaxDocumentConfig;
  log: { error(obj: object, msg: string): void };
}

const KIND_OF = {
  confirmed: 'order confirmation',
  received: 'order received',
  store: 'new order to the store',
} as const;

/** Order mails over the store's job queue; defines the queue in `jobs` (worked where RUN_JOBS=1). */
export function createOrderMails(deps: OrderMailsDeps): OrderMails {
  const { jobs, taxConfig, log } = deps;
  jobs.define(orderMailQueue(deps));
  const keyOf = (job: OrderMailJob) =>
    `${job.orderId}:${job.mail}${job.resend ? `:resend:${Date.now()}` : ''}`;
  const enqueue = (job: OrderMailJob) => {
    jobs.send(ORDER_MAIL_QUEUE, job, { singletonKey: keyOf(job) }).catch((err: unknown) => {
      log.error({ err, mail: job.kind }, 'mail not sent: it could not be queued');
    });
  };

  return {
    queueConfirmation: async (tx, orderId) => {
      const both = (['confirmed', 'store'] as const).map((mail): OrderMailJob => ({
        kind: KIND_OF[mail],
        orderId,
        mail,
      }));
      await jobs.sendAllInTransaction(
        tx,
        ORDER_MAIL_QUEUE,
        both.map((job) => ({ data: job, options: { singletonKey: keyOf(job) } })),
      );
      // Last: the invoice series' counter row is locked from here to the commit. An invoice that cannot be issued
      // never stops the payment being recorded: the confirmation's composing and the first download issue it.
      if (taxConfig) {
        await issueTaxInvoiceAsPaid(tx, orderId, taxConfig).catch((err: unknown) => {
          log.error({ err, orderId }, 'tax invoice not issued with the payment; it is issued with the mail');
        });
      }
    },
    paymentConfirmed() {
      jobs.nudge(ORDER_MAIL_QUEUE);
      return Promise.resolve();
    },
    orderReceived: (orderId) => enqueue({ kind: KIND_OF.received, orderId, mail: 'received' }),
    resend: (orderId, kind) =>
      enqueue({ kind: `${KIND_OF[kind]} (resent)`, orderId, mail: kind, resend: true }),
  };
}

/** The order's column that marks each once-only mail as sent; the "received" mail has none. */
const MARK_OF = { confirmed: 'confirmationMailedAt', store: 'storeNotifiedAt' } as const;

// Every order mail runs these (decision 0096): built once, not per mail.
const orderById = preparedStatement((db) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.id, sql.placeholder('orderId'))),
);
const markSentOf = (mark: (typeof MARK_OF)[keyof typeof MARK_OF]) =>
  preparedStatement((db) =>
    db
      .update(orders)
      // The database's clock: a value here would skip the column's own mapping of a Date.
      .set({ [mark]: sql`now()` })
      .where(and(eq(orders.id, sql.placeholder('orderId')), isNull(orders[mark]))),
  );
const MARK_SENT = { confirmed: markSentOf(MARK_OF.confirmed), store: markSentOf(MARK_OF.store) } as const;

/** The `order-mail` queue: composes the job's mail from the order, sends it, marks it sent. */
function orderMailQueue({ db, mailer, baseUrl, taxConfig }: OrderMailsDeps): QueueDefinition<OrderMailJob> {
  const mailFrom = taxConfig?.mailFrom ?? '';
  return {
    name: ORDER_MAIL_QUEUE,
    // One job per order and mail waiting at a time: a second path enqueuing the same mail adds nothing.
    policy: 'stately',
    ...MAIL_RETRY,
    expireInSeconds: 120,
    workers: 2,
    async handler(job) {
      // One read of the order serves both the check for a mark (sent before) and the mail.
      const [order] = await orderById(db).execute({ orderId: job.orderId });
      if (!order) throw new Error(`order ${job.orderId} not found for its mail`);
      // A resend goes whether or not the mail went before, and marks nothing.
      const once = job.mail === 'received' || job.resend ? null : job.mail;
      if (once && order[MARK_OF[once]] !== null) return { sent: false, reason: 'sent before' };
      const message =
        job.mail === 'store'
          ? await composeStoreOrderMail(db, { publicBaseUrl: baseUrl, mailFrom }, order)
          : await composeOrderMail(db, baseUrl, taxConfig, order, job.mail);
      await mailer.send(message);
      if (once) await MARK_SENT[once](db).execute({ orderId: job.orderId });
      return { sent: true };
    },
  };
}

/** The customer's order mail, composed from `order` (its row as the database holds it) and its lines. */
async function composeOrderMail(
  db: Database,
  baseUrl: string,
  taxConfig: TaxDocumentConfig | undefined,
  order: OrderRow,
  kind: OrderMailProps['kind'],
) {
  const orderId = order.id;
  const items = await orderLinesOf(db).execute({ orderId });
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
        paymentMethodType: order.paymentMethodType,
        purchaseOrderNumber: order.purchaseOrderNumber,
        paymentDueDay: order.paymentDueDay,
        status: order.status,
        paymentStatus: order.paymentStatus,
        shipTo: formatAddressLine({
          street_address: order.sStreetAddress,
          city: order.sCity,
          state: order.sState,
          post_code: order.sPostCode,
        }),
        // Issue 41: the option as quoted, and for click & collect the store.
        deliveryText: deliveryChoiceText(
          order.deliveryOption,
          order.deliveryEstimate,
          await collectLocationOf(db, order.collectLocationId),
        ),
        collect: order.deliveryOption === 'click_and_collect',
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
