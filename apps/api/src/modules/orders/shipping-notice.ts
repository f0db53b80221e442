/**
 * The shipping notice as a message (issue 12; issue 36 §4 resends it): the order is on its way with its carrier,
 * tracking number, the carrier's tracking link and the store's own tracking page. Written once for the status
 * move to shipped and the back office's resend.
 */
import { absoluteUrl, guestTrackOrderPath } from '@store/shared/paths';
import { carrierTrackingUrl } from '@store/shared/store-promises';
import type { Database } from '../../db/client';
import { mailStoreOf } from '../mail/mail-store';
import { renderMail } from '../mail/render-mail';
import type { MailMessage } from '../mail/send-mail';
import { ShippingNoticeMail, shippingNoticeSubject } from '../mail/templates/shipping-notice-mail';
import type { OrderRow } from './order-presenter';

/**
 * The shipping notice of `order` to its email, links under `baseUrl` (PUBLIC_BASE_URL); null when the order has
 * no carrier and tracking number (not shipped).
 */
export async function composeShippingNotice(
  db: Database,
  baseUrl: string,
  order: Pick<OrderRow, 'fName' | 'email' | 'invoiceNumber' | 'publicId' | 'carrier' | 'trackingNumber'>,
): Promise<MailMessage | null> {
  if (!order.carrier || !order.trackingNumber) return null;
  const store = await mailStoreOf(db, baseUrl);
  const carrier = order.carrier;
  const parts = await renderMail(
    ShippingNoticeMail({
      store,
      fName: order.fName,
      invoiceNumber: order.invoiceNumber,
      carrier,
      trackingNumber: order.trackingNumber,
      // An "Other" courier has no tracking link (issue 36 §4): the mail says to track on its website.
      carrierTrackingUrl: carrierTrackingUrl(carrier, order.trackingNumber),
      orderUrl: absoluteUrl(baseUrl, guestTrackOrderPath(order.publicId)),
    }),
  );
  return { to: order.email, subject: shippingNoticeSubject(store.name, order.invoiceNumber), ...parts };
}
