/**
 * Resending a customer's order mail from the back office (issue 36 §4): the order confirmation (or "order
 * received" while the payment is pending) or the shipping notice, to the order's email, through the store's
 * normal mail path (`OrderMails.resend`, `composeShippingNotice`, the mail service's retries). Audited
 * ('order.mail_resend'). One mail of one order is sent again at most once per RESEND_INTERVAL_SECONDS: the rule
 * is read from the audit trail under the order's row lock, so two clicks at once send one mail (decision 0041).
 */
import { and, eq, sql } from 'drizzle-orm';
import { ADMIN_ORDER_MESSAGES } from '@store/shared/admin-orders';
import {
  RESEND_INTERVAL_SECONDS,
  RESEND_MAIL_MESSAGES as M,
  RESENDABLE_MAIL_LABELS,
  resendableMails,
  type ResendableMail,
} from '@store/shared/admin-order-mails';
import type { Database } from '../../db/client';
import { auditLog, orders } from '../../db/schema';
import { HttpError } from '../../plugins/error-handling';
import type { MailService } from '../mail/mail-service';
import type { OrderMails } from '../orders/order-mails';
import { composeShippingNotice } from '../orders/shipping-notice';
import { hasTaxInvoice } from '@store/shared/tax-invoice';
import { recordAudit } from './record-audit';

export interface ResendDeps {
  db: Database;
  mail: MailService;
  orderMails: Pick<OrderMails, 'resend'>;
  /** PUBLIC_BASE_URL, for the mails' links. */
  baseUrl: string;
}

/**
 * Sends `mail` of order `publicId` again, by `staffId`. Throws HttpError 404 (unknown order), 409 (the order has
 * no such mail: never confirmed, or not shipped; or it was resent less than RESEND_INTERVAL_SECONDS ago). The mail
 * leaves after the answer (retried like every mail). Answers the address it goes to.
 */
export async function resendOrderMail(
  deps: ResendDeps,
  publicId: string,
  mail: ResendableMail,
  staffId: number,
): Promise<{ email: string }> {
  const label = RESENDABLE_MAIL_LABELS[mail];
  const order = await deps.db.transaction(async (tx) => {
    const [found] = await tx.select().from(orders).where(eq(orders.publicId, publicId)).for('update');
    if (!found) throw new HttpError(404, ADMIN_ORDER_MESSAGES.notFound);
    const available = resendableMails({
      status: found.status,
      payment_status: found.paymentStatus,
      carrier: found.carrier,
      tracking_number: found.trackingNumber,
    });
    if (!available.includes(mail)) throw new HttpError(409, M.notAvailable(label));
    const [recent] = await tx
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, 'order'),
          eq(auditLog.entityId, publicId),
          eq(auditLog.action, 'order.mail_resend'),
          sql`${auditLog.after} ->> 'mail' = ${mail}`,
          sql`${auditLog.createdAt} > clock_timestamp() - make_interval(secs => ${RESEND_INTERVAL_SECONDS})`,
        ),
      )
      .limit(1);
    if (recent) throw new HttpError(409, M.tooSoon(label));
    await recordAudit(tx, {
      staffId,
      action: 'order.mail_resend',
      entityType: 'order',
      entityId: publicId,
      before: null,
      after: { mail },
    });
    return found;
  });
  if (mail === 'shipping_notice') {
    deps.mail.deliver('shipping notice (resent)', () => composeShippingNotice(deps.db, deps.baseUrl, order));
  } else {
    deps.orderMails.resend(order.id, hasTaxInvoice(order.paymentStatus) ? 'confirmed' : 'received');
  }
  return { email: order.email };
}
